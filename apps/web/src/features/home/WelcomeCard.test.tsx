import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInSession, stubServer } from '../../components/test-utils.tsx';
import { sitePoints } from './mapRules.ts';
import { WelcomeCard } from './WelcomeCard.tsx';

beforeEach(() => {
  localStorage.clear();
  signInSession();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WelcomeCard', () => {
  it('welcomes once, then saves the chosen unit system to the server and the session', async () => {
    const fetchMock = stubServer({ extra: { '/settings/user': { ok: true } } });
    renderAt(<WelcomeCard />, '*', '/');
    expect(screen.getByRole('heading', { name: 'Welcome to Sitepulse' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Choose your units' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Imperial/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(localStorage.getItem('sitepulse.measurementUnits')).toBe('Imperial'));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(String(put?.[0])).toContain('/api/settings/user');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      username: 'admin',
      companyId: 1,
      userSettingType: 'SystemOfMeasurement',
      val: 'Imperial',
    });
    expect(localStorage.getItem('sitepulse.seenMapWelcome')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choose your units' })).toBeNull());
  });

  it('is not shown again once seen', () => {
    stubServer();
    localStorage.setItem('sitepulse.seenMapWelcome', 'true');
    renderAt(<WelcomeCard />, '*', '/');
    expect(screen.queryByRole('heading', { name: 'Welcome to Sitepulse' })).toBeNull();
  });
});

describe('sitePoints', () => {
  it('clamps latitude to ±85 and skips sites without coordinates', () => {
    const base = {
      name: 'x',
      type: 'Construction Site' as const,
      state: 'ACTIVE' as const,
      companyId: 1,
      creationDate: 0,
      address: '',
      tenantMessages: [],
      gateways: [],
    };
    const points = sitePoints([
      { ...base, id: 1, latitude: 89.9, longitude: 10 },
      { ...base, id: 2, latitude: -90, longitude: 10 },
      { ...base, id: 3, latitude: null, longitude: 10 },
    ]);
    expect(points.map((p) => p.lat)).toEqual([85, -85]);
  });
});
