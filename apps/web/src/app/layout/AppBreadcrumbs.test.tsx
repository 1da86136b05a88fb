import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer } from '../../components/test-utils.tsx';
import { AppBreadcrumbs } from './AppBreadcrumbs.tsx';
import { useJobNameForBreadcrumb } from './job-name.ts';
import { jobSitePath, projectPath } from './rules.ts';

beforeEach(() => {
  localStorage.clear();
  signInSession();
  stubServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppBreadcrumbs', () => {
  it('shows job site › project › job with their click targets', async () => {
    renderAt(<AppBreadcrumbs />, '/job/:type/:jobsiteId/:tenantId/:id', '/job/concrete/3/31/77');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const site = within(nav).getByRole('link', { name: 'North Yard Precast Plant' });
    expect(site.getAttribute('href')).toBe('/precast_dashboard/3/31');
    const project = within(nav).getByRole('link', { name: 'Job Site Sensors' });
    expect(project.getAttribute('href')).toBe('/job-site-sensors/3/31');
    expect(within(nav).getByText('Job 77').getAttribute('aria-current')).toBe('page');
  });

  it('names the job once its screen hands the name over', async () => {
    function JobScreen() {
      useJobNameForBreadcrumb('77', 'Level 3 Slab - Pour 1');
      return <AppBreadcrumbs />;
    }
    renderAt(<JobScreen />, '/job/:type/:jobsiteId/:tenantId/:id', '/job/concrete/3/31/77');
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect((await within(nav).findByText('Level 3 Slab - Pour 1')).getAttribute('aria-current')).toBe('page');
  });

  it('links a construction site to its dashboard and a Concrete project to its job list', async () => {
    renderAt(
      <AppBreadcrumbs />,
      '/job-site-details/:jobsiteId/:tenantId/:jobId',
      '/job-site-details/1/999/5',
    );
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Harbourfront Tower' }).getAttribute('href')).toBe(
      '/construction_dashboard/1',
    );
  });

  it('shows nothing outside a job site', async () => {
    renderAt(<AppBreadcrumbs />, '*', '/');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('breadcrumb targets', () => {
  it('follow spec section 2', () => {
    expect(jobSitePath({ id: 5, type: 'Construction Site' })).toBe('/construction_dashboard/5');
    expect(jobSitePath({ id: 5, type: 'Precast Plant' })).toBe('/precast_dashboard/5/undefined');
    expect(jobSitePath({ id: 5, type: 'Precast Plant' }, 9)).toBe('/precast_dashboard/5/9');
    expect(projectPath(5, { id: 9, type: 'Lumimon' })).toBe('/job-site-sensors/5/9');
    expect(projectPath(5, { id: 9, type: 'Concrete' })).toBe('/construction_job_list/5/9');
    expect(projectPath(5, { id: 9, type: 'Lumitrack' })).toBe('/lumitrack/5/9');
  });
});
