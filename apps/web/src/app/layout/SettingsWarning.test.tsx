import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer, testUser } from '../../components/test-utils.tsx';
import { SettingsWarning } from './SettingsWarning.tsx';

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsWarning', () => {
  it('warns about a saved time zone it cannot use, until dismissed', async () => {
    stubServer({
      user: testUser({ userSettingData: [{ type: 'DisplayTimeZone', val: 'Mars/Olympus' }] }),
    });
    renderAt(<SettingsWarning />, '*', '/');
    expect((await screen.findByRole('alert')).textContent).toContain('times are shown in UTC');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing when the settings are fine', async () => {
    const fetchMock = stubServer({
      user: testUser({ userSettingData: [{ type: 'DisplayTimeZone', val: 'America/Toronto' }] }),
    });
    renderAt(<SettingsWarning />, '*', '/');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
