import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { acknowledged, alarmEvent } from './AlarmStateBadge.fixtures.ts';
import { AlarmStateBadge } from './AlarmStateBadge.tsx';
import { renderAt, signInSession, stubServer, testUser } from './test-utils.tsx';

beforeEach(() => {
  signInSession();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const show = (element: React.ReactNode) => renderAt(element, '/x/:jobsiteId', '/x/1');

describe('AlarmStateBadge', () => {
  it('shows nothing without an alarm still active', async () => {
    stubServer();
    const { container } = show(
      <AlarmStateBadge
        alarms={[alarmEvent(1, { state: 'CLEARED', clearedAt: Date.UTC(2026, 10, 23, 10) })]}
        tenantGroupId={1}
      />,
    );
    expect(container.querySelector('[data-testid="alarm-state"]')).toBeNull();
  });

  it('names each alarm’s kind and sensor, since when, who acknowledged it, and opens the site’s alarms', async () => {
    stubServer();
    show(
      <AlarmStateBadge
        tenantGroupId={7}
        alarms={[
          alarmEvent(3),
          acknowledged(
            alarmEvent(2, {
              kind: 'NODE_SILENT',
              sensorId: null,
              sensorName: null,
              side: null,
              raisedAt: Date.UTC(2026, 10, 22, 23, 5),
            }),
          ),
        ]}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Active alarms' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.state)).toEqual(['ACTIVE', 'ACKNOWLEDGED']);
    expect(within(items[0]).getByTestId('alarm-state-kind').textContent).toBe('Sensor threshold high · T1');
    expect(within(items[0]).getByTestId('alarm-state-detail').textContent).toBe(
      'Active since 2026-11-23 09:30 AM UTC',
    );
    expect(within(items[1]).getByTestId('alarm-state-kind').textContent).toBe('Node silent');
    expect(within(items[1]).getByTestId('alarm-state-detail').textContent).toBe(
      'Acknowledged by Sam Super · active since 2026-11-22 11:05 PM UTC',
    );
    for (const link of within(list).getAllByRole('link')) expect(link.getAttribute('href')).toBe('/alarms/7');
  });

  it('shows at most `max` lines when compact, and a link saying how many more', async () => {
    stubServer();
    show(
      <AlarmStateBadge
        compact
        tenantGroupId={1}
        alarms={[
          alarmEvent(1),
          alarmEvent(2, { side: 'low' }),
          alarmEvent(3, { kind: 'BATTERY_LOW' }),
          alarmEvent(4, { kind: 'MATURED' }),
        ]}
      />,
    );
    const list = await screen.findByRole('list', { name: 'Active alarms' });
    expect(
      within(list)
        .getAllByTestId('alarm-state-kind')
        .map((k) => k.textContent),
    ).toEqual(['Sensor threshold high · T1', 'Sensor threshold low · T1']);
    const more = within(list).getByTestId('alarm-state-more');
    expect(more.textContent).toBe('2 more alarms');
    expect(more.getAttribute('href')).toBe('/alarms/1');
  });

  it('reads in Spanish, in the reader’s time zone', async () => {
    stubServer({
      user: testUser({
        userSettingData: [
          { type: 'Language', val: 'es' },
          { type: 'DisplayTimeZone', val: 'America/Toronto' },
        ],
      }),
    });
    await i18n.changeLanguage('es');
    show(<AlarmStateBadge tenantGroupId={1} alarms={[acknowledged(alarmEvent(1, { side: 'low' }))]} />);
    const list = await screen.findByRole('list', { name: 'Alarmas activas' });
    expect(within(list).getByTestId('alarm-state-kind').textContent).toBe('Umbral bajo del sensor · T1');
    expect(
      await within(list).findByText('Reconocida por Sam Super · activa desde 23/11/2026 04:30 GMT-5'),
    ).toBeTruthy();
  });
});
