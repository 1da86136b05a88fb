import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signedInEnglishTests, stubServer } from '../components/test-utils.tsx';
import { routes } from './router.tsx';

signedInEnglishTests();

describe('an address the app does not know', () => {
  it("shows 'Not found' with a way home (not the no-access page)", async () => {
    stubServer();
    renderRoutes(routes, '/no-such-page/at/all');
    const notFound = await screen.findByTestId('not-found', {}, { timeout: 30_000 });
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe('Not found');
    expect(notFound.textContent).toContain("This page doesn't exist or you no longer have access.");
    expect(within(notFound).getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('No Access')).toBeNull();
    expect(document.title).toBe('Not found | Sitepulse');
  });
});
