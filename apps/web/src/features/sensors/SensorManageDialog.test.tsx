import type { ChannelSensor } from '@sitepulse/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clearUsage, pendingUsage } from '../../api/usage.ts';
import { renderAt, signedInEnglishTests, stubServer, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { SensorManageButton } from './SensorManageDialog.tsx';
import { weatherCard } from './test-fixtures.ts';

signedInEnglishTests();

const sensor = (id: number, sensorType: string, over: Partial<ChannelSensor> = {}): ChannelSensor => ({
  id,
  sensorId: 900 + id,
  nodeId: weatherCard.nodeId,
  channelId: id,
  sensorType,
  sensorAlias: null,
  latestValue: 20,
  latestValueTimestamp: 0,
  messageTimestamp: 0,
  decommissioned: false,
  blacklisted: false,
  ...over,
});
const sensors = [sensor(1, 'Temperature', { sensorAlias: 'North face' }), sensor(2, 'Humidity')];
const listPath = `/channels/sensors/list/by_nid/${weatherCard.nodeId}`;

const editorOfSite1 = testUser({
  accountType: 'USER',
  userTenantGroupData: [{ tenantGroupId: 1, access: 2 }],
});

function open(user = editorOfSite1) {
  const fetchMock = stubServer({
    user,
    extra: {
      [listPath]: sensors,
      '/channels/sensors/cmd/assign_alias': sensors[1],
      '/channels/sensors/cmd/decommission': sensors[1],
      '/channels/sensors/cmd/blacklist': sensors[1],
    },
  });
  renderAt(
    <SensorManageButton card={weatherCard} />,
    '/job-site-details/:jobsiteId/:tenantId/:jobId',
    '/job-site-details/1/11/5',
  );
  return fetchMock;
}

const writes = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => [
      new URL(String(url), 'http://localhost').pathname,
      JSON.parse(String(init?.body)),
    ]);

describe('SensorManageButton and dialog', () => {
  it.each([
    [
      'a viewer of the site',
      testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 4 }] }),
    ],
    [
      'a Read-Only account',
      testUser({ accountType: 'READONLY_MEMBER', userTenantGroupData: [{ tenantGroupId: 1, access: 2 }] }),
    ],
    [
      'an editor of another site',
      testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 2, access: 2 }] }),
    ],
  ])('offers nothing to %s', async (_who, user) => {
    const fetchMock = stubServer({ user });
    renderAt(<SensorManageButton card={weatherCard} />, '/x/:jobsiteId', '/x/1');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/v2/users/details'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Manage sensors' })).toBeNull();
  });

  it('sets an alias (trimmed) and decommissions a sensor, sending only what changed', async () => {
    clearUsage();
    const fetchMock = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage sensors' }));
    const dialog = await screen.findByRole('dialog', { name: /Manage sensors/ });
    const rows = await within(dialog).findAllByTestId('manage-sensor');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('North face')).toBeTruthy();
    expect(within(rows[1]).getByText('Sensor 902')).toBeTruthy();

    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    const user = userEvent.setup();
    fireEvent.change(within(rows[1]).getByLabelText('Alias'), { target: { value: '  Deck mid  ' } });
    await user.click(within(rows[1]).getByRole('switch', { name: 'Decommissioned' }));
    expect(
      within(rows[1]).getByText("Once saved, this sensor no longer counts in its jobs' figures."),
    ).toBeTruthy();
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fetchMock)).toEqual([
      ['/api/channels/sensors/cmd/assign_alias', { sensorId: 2, alias: 'Deck mid' }],
      ['/api/channels/sensors/cmd/decommission', { sensorId: 2, decommissioned: true }],
    ]);
    expect(pendingUsage().map((i) => i.name)).toEqual(['sensor_alias_changed', 'sensor_decommissioned']);
  });

  it('clears an alias with an empty field', async () => {
    const fetchMock = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage sensors' }));
    const rows = await screen.findAllByTestId('manage-sensor');
    fireEvent.change(within(rows[0]).getByLabelText('Alias'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(fetchMock)).toEqual([
      ['/api/channels/sensors/cmd/assign_alias', { sensorId: 1, alias: null }],
    ]);
  });

  it('refuses an alias longer than 64 characters before sending anything', async () => {
    const fetchMock = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage sensors' }));
    const rows = await screen.findAllByTestId('manage-sensor');
    fireEvent.change(within(rows[1]).getByLabelText('Alias'), { target: { value: 'x'.repeat(65) } });
    expect(within(rows[1]).getByText('At most 64 characters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(writes(fetchMock)).toEqual([]);
  });

  it("shows the server's refusal and stays open", async () => {
    const base = open();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'PUT'
          ? new Response(
              JSON.stringify({
                error: { code: 'FORBIDDEN', message: 'Viewers cannot change this job site' },
              }),
              {
                status: 403,
                headers: { 'content-type': 'application/json' },
              },
            )
          : base(input, init),
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Manage sensors' }));
    const rows = await screen.findAllByTestId('manage-sensor');
    fireEvent.click(within(rows[0]).getByRole('switch', { name: 'Blacklisted' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Viewers cannot change this job site')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Gestionar sensores' }));
    const rows = await screen.findAllByTestId('manage-sensor');
    expect(within(rows[0]).getByRole('switch', { name: 'Dado de baja' })).toBeTruthy();
  });
});
