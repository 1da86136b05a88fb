import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearUsage, flushUsage, pendingUsage, recordPageView, usagePath } from '../api/usage.ts';
import { renderRoutes, signedInEnglishTests, stubServer } from '../components/test-utils.tsx';
import { useUsageRecorder } from './usage-recorder.ts';

signedInEnglishTests();

function Shell({ to }: { to: string }) {
  useUsageRecorder();
  return <Link to={to}>next</Link>;
}

const sentBatches = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).startsWith('/api/usage/events'))
    .map(([, init]) => ({ body: JSON.parse(String(init?.body)), init }));

describe('useUsageRecorder', () => {
  it('records a page view per navigation and sends them, without query or hash, when the page is hidden', async () => {
    clearUsage();
    const fetchMock = stubServer({ extra: { '/usage/events': { accepted: 2 } } });
    renderRoutes(
      [
        { path: '/', element: <Shell to="/job/Maturity/3/32/6?from=1#x" /> },
        { path: '/job/:type/:jobsiteId/:tenantId/:id', element: <Shell to="/" /> },
      ],
      '/',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'next' }));
    await waitFor(() => expect(pendingUsage()).toHaveLength(2));
    expect(pendingUsage()).toEqual([
      { kind: 'page', path: '/' },
      { kind: 'page', path: '/job/Maturity/3/32/6' },
    ]);

    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(sentBatches(fetchMock)).toHaveLength(1));
    const [sent] = sentBatches(fetchMock);
    expect(sent.body).toEqual({
      items: [
        { kind: 'page', path: '/' },
        { kind: 'page', path: '/job/Maturity/3/32/6' },
      ],
    });
    expect(sent.init?.keepalive).toBe(true);
    expect(new Headers(sent.init?.headers).get('Authorization')).toBe('Bearer access-token');
    expect(pendingUsage()).toHaveLength(0);
  });
});

describe('flushUsage', () => {
  it('sends at most 50 items a call, and drops a refused batch instead of retrying it', async () => {
    clearUsage();
    const fetchMock = stubServer({ extra: { '/usage/events': { accepted: 50 } } });
    for (let i = 0; i < 120; i++) recordPageView('/');
    await flushUsage();
    expect(sentBatches(fetchMock).map((b) => b.body.items.length)).toEqual([50, 50, 20]);

    const refusing = stubServer(); // /usage/events answers 404
    recordPageView('/');
    await flushUsage();
    expect(sentBatches(refusing)).toHaveLength(1);
    expect(pendingUsage()).toHaveLength(0);
  });

  it('records nothing once signed out', () => {
    clearUsage();
    localStorage.clear();
    recordPageView('/');
    expect(pendingUsage()).toHaveLength(0);
  });

  it('cuts a path to 200 characters and drops its query', () => {
    expect(usagePath(`/${'a'.repeat(300)}?q=1`)).toHaveLength(200);
    expect(usagePath('/x?email=jane@example.com')).toBe('/x');
  });
});
