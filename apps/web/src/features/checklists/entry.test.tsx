import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireAdmin } from '../../app/guards.tsx';
import { DrawerNav } from '../../app/layout/DrawerNav.tsx';
import {
  moduleOf,
  renderAt,
  signedInEnglishTests,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import ChecklistTemplatesPage from './ChecklistTemplatesPage.tsx';
import { serveChecklists } from './test-server.tsx';

signedInEnglishTests();

const drawer = () => renderAt(<DrawerNav collapsed={false} />, '*', '/');

describe('where the Lumitrack screens are reached from (issue 16)', () => {
  it('the drawer offers company admins the checklist templates, and a Lumitrack project opens its own screen', async () => {
    stubServer();
    drawer();
    expect((await screen.findByRole('link', { name: 'Checklist Templates' })).getAttribute('href')).toBe(
      '/checklists',
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Show the projects of North Yard Precast Plant' }),
    );
    expect((await screen.findByRole('link', { name: 'Beam Line' })).getAttribute('href')).toBe(
      '/lumitrack/3/33',
    );
  });

  it('offers no templates entry to a user who is not a company admin, nor without the Lumitrack module', async () => {
    const fetchMock = stubServer({ user: testUser({ accountType: 'USER' }) });
    const first = drawer();
    // Once the modules and the user are read, there is still no entry.
    await screen.findByRole('link', { name: 'Concrete Profiles' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/v2/users/details'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Checklist Templates' })).toBeNull());
    first.unmount();
    stubServer({ modules: [moduleOf('Concrete')] });
    drawer();
    await screen.findByRole('link', { name: 'Concrete Profiles' });
    expect(screen.queryByRole('link', { name: 'Checklist Templates' })).toBeNull();
  });

  it('/checklists shows the no-access page to a user who is not a company admin', async () => {
    serveChecklists({ user: testUser({ accountType: 'USER' }) });
    renderAt(
      <RequireAdmin>
        <ChecklistTemplatesPage />
      </RequireAdmin>,
      '/checklists',
      '/checklists',
    );
    expect(await screen.findByText('Go to homepage', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Checklist Templates' })).toBeNull();
  });
});
