import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { invalidateLive, liveInvalidations } from '../../api/live.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { signedInEnglishTests, stubPhoneWidth, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { alarm, Fail, message, openAlarms, RAISED, serveAlarms } from './test-server.tsx';

signedInEnglishTests();

const rows = () => screen.getAllByTestId('alarm-row');
const ids = () => rows().map((r) => Number(r.getAttribute('data-alarm-id')));
const row = (id: number) => rows().find((r) => r.getAttribute('data-alarm-id') === String(id)) as HTMLElement;
const IMPERIAL = testUser({
  firstName: 'Alex',
  lastName: 'Admin',
  userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }],
  userTenantGroupData: [{ tenantGroupId: 1, access: 1 }],
});

describe('AlarmsPage', () => {
  it('lists the active alarms first (unacknowledged, newest first), then the cleared ones, in words', async () => {
    const server = serveAlarms();
    openAlarms();
    await screen.findByRole('heading', { name: '3 active alarms' });
    // 4 (silent, 5 min before) and 3 (now) are unacknowledged: 3 raised later comes first; then 2, then cleared 1.
    expect(ids()).toEqual([3, 4, 2, 1]);
    expect(within(row(3)).getByTestId('alarm-kind').textContent).toBe('Sensor threshold high');
    expect(within(row(2)).getByTestId('alarm-kind').textContent).toBe('Sensor threshold low');
    expect(within(row(4)).getByTestId('alarm-kind').textContent).toBe('Node silent');
    expect(within(row(1)).getByTestId('alarm-kind').textContent).toBe('Target reached');
    expect(within(row(3)).getByText('Active')).toBeTruthy();
    expect(within(row(2)).getByText('Acknowledged')).toBeTruthy();
    expect(within(row(1)).getByText('Cleared')).toBeTruthy();
    // Value and bound in metric units; times with their zone.
    expect(within(row(3)).getByTestId('alarm-measure').textContent).toBe(
      'Value 31.2\u00a0°C · bound 30.0\u00a0°C',
    );
    expect(within(row(3)).getByTestId('alarm-raised').textContent).toBe('Raised 2026-01-15 05:30 PM UTC');
    expect(within(row(2)).getByTestId('alarm-acknowledged').textContent).toBe(
      'Acknowledged by Sam Super at 2026-01-15 05:10 PM UTC',
    );
    expect(within(row(2)).getByTestId('alarm-note').textContent).toContain('Blankets on');
    expect(within(row(1)).getByTestId('alarm-cleared').textContent).toBe('Cleared 2026-01-15 04:30 PM UTC');
    // Only an unacknowledged active alarm can be acknowledged.
    expect(within(row(3)).getByRole('button', { name: /^Acknowledge/ })).toBeTruthy();
    expect(within(row(2)).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(within(row(1)).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    // Links to the job's screen and, for a silent node, its sensor screen.
    await waitFor(() =>
      expect(within(row(3)).getByRole('link', { name: 'Level 4 Slab' }).getAttribute('href')).toBe(
        '/job/Maturity/1/32/11/',
      ),
    );
    expect(within(row(3)).getByRole('link', { name: 'Slab T1' }).getAttribute('href')).toBe(
      '/job/Maturity/1/32/11/',
    );
    await waitFor(() =>
      expect(within(row(4)).getByRole('link', { name: 'Node 5' }).getAttribute('href')).toBe(
        '/job-site-details/1/31/21',
      ),
    );
    expect(server.sent('GET', '/alarms/events')[0].query.get('tenantGroupId')).toBe('1');
  });

  it('shows value and bound in the reader’s units, and cards on a phone', async () => {
    stubPhoneWidth();
    serveAlarms({ user: IMPERIAL });
    openAlarms();
    expect(await screen.findAllByTestId('alarm-cards')).toHaveLength(2);
    // 31.2 °C = 88.2 °F; 30 °C = 86.0 °F; 20.5 MPa = 2973 psi.
    // The user's settings may arrive after the list: the values redraw in their units.
    await waitFor(() =>
      expect(within(row(3)).getByTestId('alarm-measure').textContent).toBe(
        'Value 88.2\u00a0°F · bound 86.0\u00a0°F',
      ),
    );
    expect(within(row(1)).getByTestId('alarm-measure').textContent).toMatch(
      /^Value 2973\u00a0psi · bound 2901\u00a0psi$/,
    );
    expect(ids()).toEqual([3, 4, 2, 1]);
  });

  it('acknowledges with a note, then shows who acknowledged it', async () => {
    const server = serveAlarms({ user: IMPERIAL });
    openAlarms();
    await screen.findByRole('heading', { name: '3 active alarms' });
    fireEvent.click(within(row(3)).getByRole('button', { name: /^Acknowledge/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge alarm' });
    expect(within(dialog).getByText('Sensor threshold high: Slab T1, Level 4 Slab')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: '  Heater restarted ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.sent('POST', '/alarms/events/3/ack').map((r) => r.body)).toEqual([
      { note: 'Heater restarted' },
    ]);
    await waitFor(() =>
      expect(within(row(3)).getByTestId('alarm-acknowledged').textContent).toBe(
        'Acknowledged by Alex Admin at 2026-01-15 05:40 PM UTC',
      ),
    );
    expect(within(row(3)).getByTestId('alarm-note').textContent).toContain('Heater restarted');
    expect(within(row(3)).getByText('Acknowledged')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '3 active alarms' })).toBeTruthy();
  });

  it('acknowledges without a note with an empty body', async () => {
    const server = serveAlarms();
    openAlarms();
    await screen.findByRole('heading', { name: '3 active alarms' });
    fireEvent.click(within(row(4)).getByRole('button', { name: /^Acknowledge/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(server.sent('POST', '/alarms/events/4/ack').map((r) => r.body)).toEqual([{}]));
    await waitFor(() => expect(within(row(4)).queryByTestId('alarm-note')).toBeNull());
    expect(within(row(4)).getByTestId('alarm-acknowledged').textContent).toMatch(
      /^Acknowledged by Alex Admin at /,
    );
  });

  it('shows the server’s message when someone else acknowledged it first, and reads the list again', async () => {
    const server = serveAlarms({
      ack: (id) => {
        // Meanwhile Sam acknowledged it: the next read shows that.
        const i = server.state.alarms.findIndex((a) => a.id === id);
        server.state.alarms[i] = {
          ...server.state.alarms[i],
          state: 'ACKNOWLEDGED',
          acknowledgedAt: server.state.alarms[i].raisedAt + 60_000,
          acknowledgedBy: 'Sam Super',
        };
        return new Fail(409, 'CONFLICT', 'This alarm was already acknowledged by Sam Super');
      },
    });
    openAlarms();
    await screen.findByRole('heading', { name: '3 active alarms' });
    const reads = server.sent('GET', '/alarms/events').length;
    fireEvent.click(within(row(3)).getByRole('button', { name: /^Acknowledge/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This alarm was already acknowledged by Sam Super',
    );
    expect((within(dialog).getByRole('button', { name: 'Acknowledge' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() => expect(server.sent('GET', '/alarms/events').length).toBeGreaterThan(reads));
    await waitFor(() =>
      expect(within(row(3)).getByTestId('alarm-acknowledged').textContent).toBe(
        'Acknowledged by Sam Super at 2026-01-15 05:31 PM UTC',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when nothing is active or cleared', async () => {
    serveAlarms({ alarms: [] });
    openAlarms();
    expect(await screen.findByText('No active alarms on this job site.')).toBeTruthy();
    expect(screen.getByText('No alarm cleared in the last 7 days.')).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveAlarms();
    openAlarms();
    await screen.findByRole('heading', { name: '3 alarmas activas' });
    expect(screen.getByRole('heading', { name: 'Despejadas recientemente' })).toBeTruthy();
    expect(within(row(3)).getByTestId('alarm-kind').textContent).toBe('Umbral alto del sensor');
    expect(within(row(4)).getByTestId('alarm-kind').textContent).toBe('Nodo sin señal');
    expect(within(row(2)).getByTestId('alarm-acknowledged').textContent).toBe(
      'Reconocida por Sam Super el 15/01/2026 17:10 UTC',
    );
    expect(within(row(3)).getByRole('button', { name: /^Reconocer/ })).toBeTruthy();
  });
});

describe('what an alarm is about', () => {
  it('names a differential’s two sensors, an offline gateway and a job group', async () => {
    serveAlarms({
      alarms: [
        alarm(5, {
          kind: 'TEMPERATURE_DIFFERENTIAL',
          sensorName: 'Slab top',
          secondSensorId: 102,
          secondSensorName: 'Slab bottom',
          quantity: 'TemperatureDifference',
          value: 21,
          bound: 19.4,
        }),
        alarm(6, {
          kind: 'GATEWAY_OFFLINE',
          jobId: null,
          jobName: null,
          sensorId: null,
          sensorName: null,
          nodeId: null,
          side: null,
          quantity: null,
          value: null,
          bound: null,
          gatewayId: 8,
          gatewayName: 'GW North gate',
        }),
        alarm(7, {
          kind: 'AVERAGE_STRENGTH',
          jobId: null,
          jobName: null,
          sensorId: null,
          sensorName: null,
          nodeId: null,
          side: null,
          quantity: 'Strength',
          value: null,
          bound: 25,
          jobGroupId: 4,
          jobGroupName: 'Deck pours',
        }),
        alarm(8, {
          kind: 'GATEWAY_OFFLINE',
          jobId: null,
          jobName: null,
          sensorId: null,
          sensorName: null,
          nodeId: null,
          side: null,
          quantity: null,
          value: null,
          bound: null,
          gatewayId: 9,
          gatewayName: null, // deleted since
        }),
      ],
    });
    openAlarms();
    await screen.findByRole('heading', { name: '4 active alarms' });
    const where = (id: number) => within(row(id)).getByTestId('alarm-where').textContent;
    expect(where(5)).toBe('Harbourfront Tower · Level 4 Slab · Slab top / Slab bottom');
    expect(where(6)).toBe('Harbourfront Tower · Gateway GW North gate');
    expect(where(7)).toBe('Harbourfront Tower · Job group Deck pours');
    expect(where(8)).toBe('Harbourfront Tower · Gateway #9');
    expect(
      within(row(6)).getByRole('button', { name: 'Acknowledge Gateway offline: Gateway GW North gate' }),
    ).toBeTruthy();
  });
});

describe('an alarm’s messages', () => {
  const messages = () => [
    message(1),
    message(2, {
      recipientName: 'Pam Push',
      requestedChannel: 'PUSH',
      channel: 'EMAIL',
    }),
    message(3, {
      recipientName: 'Sid Sms',
      channel: 'SMS',
      requestedChannel: 'SMS',
      state: 'PENDING',
      attempts: 2,
      sentAt: null,
      nextAttemptAt: RAISED + 5 * 60_000,
      error: 'SMS gateway answered 503: busy',
      errorCode: 'SMS_GATEWAY',
    }),
    message(4, {
      recipientName: 'Nia Nophone',
      requestedChannel: 'SMS',
      channel: 'EMAIL',
      state: 'FAILED',
      attempts: 5,
      sentAt: null,
      error: '550 Mailbox unavailable',
      errorCode: 'MAIL_SERVER',
    }),
    message(5, {
      recipientName: 'Quinn Queue',
      change: 'CLEARED',
      state: 'PENDING',
      attempts: 0,
      sentAt: null,
      nextAttemptAt: RAISED,
    }),
  ];
  const item = (name: string) =>
    screen
      .getAllByTestId('alarm-message')
      .find((m) => within(m).getByTestId('message-recipient').textContent?.startsWith(name)) as HTMLElement;

  it('opens below the alarm: who, the channel asked and used, where it stands, times in the display zone', async () => {
    const server = serveAlarms({ messages: { 3: messages() } });
    openAlarms();
    await screen.findByRole('heading', { name: '3 active alarms' });
    // Not read until asked for.
    expect(server.sent('GET', '/alarms/events/3/messages')).toEqual([]);
    const open = within(row(3)).getByRole('button', {
      name: 'Messages about Sensor threshold high: Slab T1, Level 4 Slab',
    });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const section = await screen.findByRole('region', { name: 'Messages about this alarm' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(open.getAttribute('aria-controls')).toBe(section.id);
    await waitFor(() => expect(within(section).getAllByTestId('alarm-message')).toHaveLength(5));
    expect(server.sent('GET', '/alarms/events/3/messages')).toHaveLength(1);

    const erin = item('Erin Editor');
    expect(within(erin).getByTestId('message-recipient').textContent).toBe('Erin Editor · Alarm raised');
    expect(within(erin).getByTestId('message-state').textContent).toBe('Sent');
    expect(within(erin).getByTestId('message-channel').textContent).toBe('By e-mail');
    expect(within(erin).getByTestId('message-times').textContent).toBe(
      'Queued 2026-01-15 05:30 PM UTC · Sent 2026-01-15 05:31 PM UTC',
    );
    expect(within(erin).queryByTestId('message-error')).toBeNull();

    // Asked for push, no browser subscribed: sent by e-mail, and the page says why.
    expect(within(item('Pam Push')).getByTestId('message-channel').textContent).toBe(
      'By e-mail instead of push notification: no browser subscribed to push',
    );
    const sid = item('Sid Sms');
    expect(within(sid).getByTestId('message-state').textContent).toBe('Retrying');
    expect(within(sid).getByTestId('message-channel').textContent).toBe('By text message');
    expect(within(sid).getByTestId('message-times').textContent).toBe(
      'Queued 2026-01-15 05:30 PM UTC · Next try 2026-01-15 05:35 PM UTC · 2 attempts',
    );
    expect(within(sid).getByTestId('message-error').textContent).toBe(
      'The SMS gateway did not take it.SMS gateway answered 503: busy',
    );
    const nia = item('Nia Nophone');
    expect(within(nia).getByTestId('message-state').textContent).toBe('Failed');
    expect(within(nia).getByTestId('message-channel').textContent).toBe(
      'By e-mail instead of text message: no phone number',
    );
    expect(within(nia).getByTestId('message-times').textContent).toBe(
      'Queued 2026-01-15 05:30 PM UTC · 5 attempts',
    );
    expect(within(nia).getByText('The mail server did not take it.')).toBeTruthy();
    const quinn = item('Quinn Queue');
    expect(within(quinn).getByTestId('message-recipient').textContent).toBe('Quinn Queue · Alarm cleared');
    expect(within(quinn).getByTestId('message-state').textContent).toBe('Queued');

    fireEvent.click(open);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Messages about this alarm' })).toBeNull(),
    );
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nobody was sent a message, and when the messages cannot be read', async () => {
    serveAlarms({ messages: { 2: new Fail(403, 'FORBIDDEN', 'No') } });
    openAlarms();
    await screen.findByRole('heading', { name: '3 active alarms' });
    fireEvent.click(within(row(4)).getByRole('button', { name: /^Messages about/ }));
    expect(
      await screen.findByText(
        'No message was written about this alarm: no member of this job site gets its alarms.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(row(2)).getByRole('button', { name: /^Messages about/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('(403)');
  });

  it('opens inside the card on a phone, in Spanish', async () => {
    stubPhoneWidth();
    await i18n.changeLanguage('es');
    serveAlarms({ messages: { 3: messages() } });
    openAlarms();
    await screen.findByRole('heading', { name: '3 alarmas activas' });
    fireEvent.click(within(row(3)).getByRole('button', { name: /^Mensajes sobre/ }));
    const section = await within(row(3)).findByRole('region', { name: 'Mensajes sobre esta alarma' });
    await waitFor(() => expect(within(section).getAllByTestId('alarm-message')).toHaveLength(5));
    expect(within(item('Pam Push')).getByTestId('message-channel').textContent).toBe(
      'Por correo electrónico en lugar de notificación push: ningún navegador suscrito a push',
    );
    expect(within(item('Sid Sms')).getByTestId('message-state').textContent).toBe('Reintentando');
    expect(within(item('Nia Nophone')).getByText('El servidor de correo no lo aceptó.')).toBeTruthy();
  });
});

describe('live alarm events', () => {
  it('make the site’s alarm list stale, and only that site’s', async () => {
    const event = {
      name: 'alarms' as const,
      data: { tenantGroupId: 1, nodeIds: [], maturityJobIds: [], channelJobIds: [], at: 1, version: 1 },
    };
    expect(liveInvalidations(event)).toContainEqual(queryKeys.alarms.site(1));
    expect(liveInvalidations({ ...event, name: 'readings' })).not.toContainEqual(queryKeys.alarms.site(1));
    const client = new QueryClient();
    client.setQueryData(queryKeys.alarms.events(1, false), []);
    client.setQueryData(queryKeys.alarms.events(2, false), []);
    await invalidateLive(client, event);
    expect(client.getQueryState(queryKeys.alarms.events(1, false))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.alarms.events(2, false))?.isInvalidated).toBe(false);
  });
});
