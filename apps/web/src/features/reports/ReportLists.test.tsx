import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInEnglishTests, stubPhoneWidth, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { openAt, report, schedule, serveReports, viewer } from './test-server.tsx';

signedInEnglishTests();

const LIST = 'GET /analytics/report/requests/by_tenant_group';
const SCHEDULES = 'GET /analytics/report/requests/schedules/by_tenant_group/with_latest_rr';

const row = (id: number) => screen.getAllByTestId('report-row').find((r) => r.dataset.report === String(id))!;
const text = (el: Element | null | undefined) => el?.textContent ?? '';

describe('report list of a job site', () => {
  it('shows each request with its type, status in words, owner, creation time in the display zone and size', async () => {
    serveReports({
      user: testUser({
        userTenantGroupData: [{ tenantGroupId: 1, access: 1 }],
        userSettingData: [{ type: 'DisplayTimeZone', val: 'America/Toronto' }],
      }),
      routes: {
        [LIST]: [
          report(1, { status: 'NEW' }),
          report(2, { status: 'RUNNING', type: 'RAW_DATA_EXCEL' }),
          report(3),
          report(4, { status: 'ERROR', error: 'No readings in the range' }),
        ],
      },
    });
    openAt('/report-list/1');
    await screen.findAllByTestId('report-row');
    expect(text(row(1))).toContain('Queued');
    expect(text(row(2))).toContain('Being made');
    expect(text(row(2))).toContain('Raw data (Excel)');
    expect(text(row(3))).toContain('Ready');
    expect(text(row(3))).toContain('Pour report (PDF)');
    expect(text(row(3))).toContain('admin');
    expect(text(row(3))).toContain('2026-01-15 12:30 PM EST');
    expect(text(row(3))).toContain('1.5\u00a0MB');
    expect(text(row(4))).toContain('Failed');
    expect(text(row(4))).toContain('No readings in the range');
    // Download only when ready.
    expect(within(row(3)).getByTestId('report-download')).toBeTruthy();
    expect(within(row(1)).queryByTestId('report-download')).toBeNull();
    expect(within(row(4)).queryByTestId('report-download')).toBeNull();
  });

  it('downloads through a plain link that carries the access token', async () => {
    serveReports({ routes: { [LIST]: [report(3)] } });
    openAt('/report-list/1');
    const link = (await screen.findByTestId('report-download')) as HTMLAnchorElement;
    const url = new URL(link.href);
    expect(url.pathname).toBe('/api/analytics/report/s3/file/report-3-cs-pour-report-2026-01-15.pdf');
    expect(url.searchParams.get('token')).toBe('access-token');
  });

  it('reads the list again every 3 s while a report is being made, until it is ready', async () => {
    let calls = 0;
    const { sent } = serveReports({
      routes: {
        [LIST]: () => {
          calls++;
          return [report(5, { status: calls === 1 ? 'RUNNING' : 'DONE' })];
        },
      },
    });
    openAt('/report-list/1');
    await waitFor(() => expect(text(row(5))).toContain('Being made'));
    await waitFor(() => expect(text(row(5))).toContain('Ready'));
    expect(sent('GET', '/analytics/report/requests/by_tenant_group')).toHaveLength(2);
    expect(sent('GET', '/analytics/report/requests/by_tenant_group')[0].query.get('tenantGroupId')).toBe('1');
  });

  describe('while the site has an active schedule', () => {
    afterEach(() => vi.useRealTimers());
    const SCHEDULES_PATH = '/analytics/report/requests/schedules/by_tenant_group/with_latest_rr';
    const LIST_PATH = '/analytics/report/requests/by_tenant_group';

    it('reads both lists again every 60 s, so reports a schedule made show up', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let fired = false;
      const { sent } = serveReports({
        routes: {
          [LIST]: () => (fired ? [report(3), report(31, { auto: true, scheduleId: 20 })] : [report(3)]),
          [SCHEDULES]: [schedule(20)],
        },
      });
      openAt('/report-list/1');
      await screen.findAllByTestId('schedule-row');
      await screen.findAllByTestId('report-row');
      expect(sent('GET', LIST_PATH)).toHaveLength(1);
      fired = true;
      await act(() => vi.advanceTimersByTimeAsync(50_000));
      expect(sent('GET', LIST_PATH)).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(11_000));
      expect(sent('GET', LIST_PATH)).toHaveLength(2);
      expect(sent('GET', SCHEDULES_PATH)).toHaveLength(2);
      await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(2));
    });

    it('does not poll when every schedule of the site is stopped', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { sent } = serveReports({
        routes: { [LIST]: [report(3)], [SCHEDULES]: [schedule(20, { isActive: false })] },
      });
      openAt('/report-list/1');
      await screen.findAllByTestId('schedule-row');
      await act(() => vi.advanceTimersByTimeAsync(130_000));
      expect(sent('GET', LIST_PATH)).toHaveLength(1);
      expect(sent('GET', SCHEDULES_PATH)).toHaveLength(1);
    });
  });

  it('deletes a report only after the confirmation', async () => {
    const { sent } = serveReports({
      routes: { [LIST]: [report(3)], 'DELETE /analytics/report/requests/by_rrId/*': undefined },
    });
    openAt('/report-list/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Report 3' }));
    const dialog = await screen.findByRole('dialog');
    expect(text(dialog)).toContain('Delete Report 3?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE', '/analytics/report/requests/by_rrId/3')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Report 3' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE', '/analytics/report/requests/by_rrId/3')).toHaveLength(1));
    expect(await screen.findByText('Report 3 deleted')).toBeTruthy();
    // The list is read again after the change.
    await waitFor(() =>
      expect(sent('GET', '/analytics/report/requests/by_tenant_group').length).toBeGreaterThan(1),
    );
  });

  it('shows the schedules with their frequency in words, next run and latest report, and stops one after confirming', async () => {
    const { sent } = serveReports({
      routes: {
        [SCHEDULES]: [
          schedule(20, { latestReport: report(30, { auto: true, scheduleId: 20 }) }),
          schedule(21, { frequency: 'MONTHLY', monthDay: 3, weekDays: [], name: 'Monthly' }),
          schedule(22, { frequency: 'DAILY', weekDays: [], isActive: false, name: 'Old daily' }),
          schedule(24, { frequency: 'DAILY', weekDays: [], timeOfDay: '17:04', name: 'Evening' }),
        ],
        'PUT /analytics/report/requests/schedules/cmd/toggle/by_id': ({ body }: { body: unknown }) => ({
          ...schedule(20),
          ...(body as object),
        }),
      },
    });
    openAt('/report-list/1');
    const rows = await screen.findAllByTestId('schedule-row');
    // The time of day in the app's 12-hour form, as the next run reads.
    expect(text(rows[0])).toContain('Every Monday, Friday at 07:00 AM (America/Toronto)');
    expect(text(rows[0])).toContain('Ready');
    expect(text(rows[0])).toContain('Raw data (Excel)');
    expect(text(rows[1])).toContain('On day 3 of every month at 07:00 AM');
    expect(text(rows[3])).toContain('Every day at 05:04 PM (America/Toronto)');
    expect(text(rows[2])).toContain('Stopped');
    expect(within(rows[2]).queryByRole('button', { name: /Stop/ })).toBeNull();

    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Stop Weekly 20' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(sent('PUT', '/analytics/report/requests/schedules/cmd/toggle/by_id')).toHaveLength(1),
    );
    expect(sent('PUT', '/analytics/report/requests/schedules/cmd/toggle/by_id')[0].body).toEqual({
      id: 20,
      isActive: false,
    });
  });

  it('lets a viewer download everything but delete and stop only their own', async () => {
    serveReports({
      user: viewer(),
      routes: {
        [LIST]: [report(3), report(6, { ownerUsername: 'pat' })],
        [SCHEDULES]: [schedule(20), schedule(23, { ownerUsername: 'pat', name: 'Mine' })],
      },
    });
    openAt('/report-list/1');
    await screen.findAllByTestId('report-row');
    expect(within(row(3)).getByTestId('report-download')).toBeTruthy();
    expect(within(row(3)).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(row(6)).getByRole('button', { name: 'Delete Report 6' })).toBeTruthy();
    const rows = await screen.findAllByTestId('schedule-row');
    expect(within(rows[0]).queryByRole('button', { name: /Stop/ })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Stop Mine' })).toBeTruthy();
    // A viewer may request reports.
    expect(screen.getByRole('link', { name: 'New report' }).getAttribute('href')).toBe(
      '/report-generation/1',
    );
  });

  it('shows cards on a phone', async () => {
    stubPhoneWidth();
    serveReports({ routes: { [LIST]: [report(3)] } });
    openAt('/report-list/1');
    expect(await screen.findByTestId('report-cards')).toBeTruthy();
    expect(text(row(3))).toContain('Ready');
    expect(screen.getByTestId('report-download')).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveReports({
      routes: {
        [LIST]: [report(1, { status: 'NEW' }), report(2, { status: 'RUNNING' }), report(3)],
        [SCHEDULES]: [schedule(25, { frequency: 'DAILY', weekDays: [], timeOfDay: '17:04' })],
      },
    });
    openAt('/report-list/1');
    await screen.findAllByTestId('report-row');
    expect(text(row(1))).toContain('En cola');
    expect(text(row(2))).toContain('En preparación');
    expect(text(row(3))).toContain('Listo');
    expect(text(row(3))).toContain('Informe de colada (PDF)');
    // Spanish times are on the 24-hour clock.
    const [daily] = await screen.findAllByTestId('schedule-row');
    expect(text(daily)).toContain('Cada día a las 17:04 (America/Toronto)');
  });
});

describe("/reports: the user's reports on every site", () => {
  it('names the site of each report and lists the schedules of sites with active ones', async () => {
    const { sent } = serveReports({
      routes: {
        'POST /analytics/report/requests/list/by_user': [
          report(3),
          report(7, { tenantGroupId: 2, tenant: '2' }),
        ],
        'GET /analytics/report/requests/schedules/tenants/with_active_rrs': [
          { tenantGroupId: 2, tenant: '2', name: 'Riverside Medical Centre Expansion', activeSchedules: 1 },
        ],
        [SCHEDULES]: ({ query }: { query: URLSearchParams }) => [
          schedule(40, { tenantGroupId: Number(query.get('tenantGroupId')), name: 'Riverside weekly' }),
        ],
      },
    });
    openAt('/reports');
    await screen.findAllByTestId('report-row');
    expect(text(row(3))).toContain('Harbourfront Tower');
    expect(text(row(7))).toContain('Riverside Medical Centre Expansion');
    expect(sent('POST', '/analytics/report/requests/list/by_user')[0].body).toEqual({});
    const [scheduleRow] = await screen.findAllByTestId('schedule-row');
    expect(text(scheduleRow)).toContain('Riverside weekly');
    expect(text(scheduleRow)).toContain('Riverside Medical Centre Expansion');
    expect(
      sent('GET', '/analytics/report/requests/schedules/by_tenant_group/with_latest_rr')[0].query.get(
        'tenantGroupId',
      ),
    ).toBe('2');
  });
});
