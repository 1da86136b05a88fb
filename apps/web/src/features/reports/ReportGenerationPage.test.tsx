import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests, testUser } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { Fail, jobs, openAt, serveReports } from './test-server.tsx';

signedInEnglishTests();

const TORONTO = testUser({
  userTenantGroupData: [{ tenantGroupId: 1, access: 1 }],
  userSettingData: [
    { type: 'SystemOfMeasurement', val: 'Metric' },
    { type: 'DisplayTimeZone', val: 'America/Toronto' },
  ],
});

async function openForm(server = serveReports({ user: TORONTO })) {
  const view = openAt('/report-generation/1');
  await screen.findByLabelText('Report type');
  return { ...server, ...view };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Request report' }));

describe('report generation form', () => {
  it('labels each type in words with its format, and asks for a job for a pour report', async () => {
    await openForm();
    const type = screen.getByLabelText('Report type');
    expect(within(type).getByRole('option', { name: 'Pour report (PDF)' })).toBeTruthy();
    expect(within(type).getByRole('option', { name: 'Hourly data (Excel)' })).toBeTruthy();
    expect(within(type).getByRole('option', { name: 'Raw data (CSV)' })).toBeTruthy();
    await userEvent.selectOptions(type, 'CS_POUR_REPORT');
    const job = screen.getByLabelText('Job');
    // Maturity jobs only: a humidity job has no pour report.
    expect(within(job).queryByRole('option', { name: 'Basement humidity' })).toBeNull();
    expect(screen.getByTestId('report-zone')?.textContent).toContain('America/Toronto (EST)');
  });

  it('sends a pour report of the chosen job over its run, then says so and opens the report list', async () => {
    const { sent, router } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'CS_POUR_REPORT');
    await userEvent.click(screen.getByRole('button', { name: 'Request report' }));
    expect((await screen.findByTestId('report-problem'))?.textContent).toContain('Choose a job.');
    expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Job'), '11');
    await waitFor(() =>
      expect((screen.getByTestId('report-from') as HTMLInputElement).value).toBe('2026-01-10T03:00'),
    );
    expect((screen.getByTestId('report-to') as HTMLInputElement).value).toBe('2026-01-13T03:00');
    await submit();

    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    const [call] = sent('POST', '/analytics/report/requests/msj/by_job');
    expect(call.query.get('tenant')).toBe('1');
    expect(call.body).toEqual({
      type: 'CS_POUR_REPORT',
      msjId: 11,
      attributes: {
        units: 'Metric',
        timeZone: 'America/Toronto',
        from: jobs[0].startDate,
        to: jobs[0].terminationDate,
      },
    });
    expect(await screen.findByText('Report requested')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-list/1'));
  });

  it('sends the chosen sensors of a raw data report, and marks blacklisted ones', async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'RAW_DATA_CSV');
    const slabT2 = await screen.findByRole('checkbox', { name: /Slab T2/ });
    expect(slabT2.closest('label')?.textContent).toContain('Blacklisted');
    expect(screen.getByRole('checkbox', { name: /Slab T1/ }).closest('label')?.textContent).not.toContain(
      'Blacklisted',
    );
    expect(screen.getByRole('checkbox', { name: /Sensor 103/ })).toBeTruthy();
    await submit();
    expect((await screen.findByTestId('report-problem'))?.textContent).toContain(
      'Choose at least one sensor.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Slab T1/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Sensor 103/ }));
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    const body = sent('POST', '/analytics/report/requests/msj/by_job')[0].body as {
      type: string;
      attributes: { sensorIds: number[]; from: number; to: number };
    };
    expect(body.type).toBe('RAW_DATA_CSV');
    expect(body.attributes.sensorIds).toEqual([101, 103]);
    // No job chosen: the last 24 hours.
    expect(body.attributes.to - body.attributes.from).toBe(86_400_000);
  });

  it('sends whole nodes of a raw data report (nodeIds, no sensorIds), asking for at least one', async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'RAW_DATA_EXCEL');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Slab T1/ }));
    const choice = screen.getByRole('radiogroup', { name: 'Report on' });
    expect((within(choice).getByRole('radio', { name: 'Sensors' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(choice).getByRole('radio', { name: 'Whole nodes' }));

    // The site's nodes replace the sensor list and its job group filter.
    const slab = await screen.findByRole('checkbox', { name: /Slab node/ });
    expect(slab.closest('label')?.textContent).toContain('Maturity · 2 sensors');
    expect(screen.getByRole('checkbox', { name: /Node 2/ }).closest('label')?.textContent).toContain(
      '1 sensor',
    );
    expect(screen.getByRole('checkbox', { name: /Roof weather/ }).closest('label')?.textContent).toContain(
      'Microweather Node · 3 sensors',
    );
    expect(screen.queryByRole('checkbox', { name: /Slab T1/ })).toBeNull();
    expect(screen.queryByLabelText('Sensors of')).toBeNull();
    expect(sent('GET', '/analytics/report/nodes/by_tenant_group')[0].query.get('tenantGroupId')).toBe('1');

    await submit();
    expect((await screen.findByTestId('report-problem'))?.textContent).toContain('Choose at least one node.');
    expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(0);
    await userEvent.click(slab);
    await userEvent.click(screen.getByRole('checkbox', { name: /Roof weather/ }));
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    const body = sent('POST', '/analytics/report/requests/msj/by_job')[0].body as {
      type: string;
      attributes: Record<string, unknown>;
    };
    expect(body.type).toBe('RAW_DATA_EXCEL');
    expect(body.attributes.nodeIds).toEqual([1, 5]);
    // The sensor chosen before switching to nodes is not sent.
    expect(body.attributes).not.toHaveProperty('sensorIds');
  });

  it('offers no sensors-or-nodes choice for a pair differential', async () => {
    await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'T_DIFF_PAIR_GROUP_REPORT');
    await screen.findByLabelText('Pair 1: first sensor');
    expect(screen.queryByRole('radiogroup', { name: 'Report on' })).toBeNull();
  });

  it('sends a job group differential with its group and the limit in °C', async () => {
    const { sent } = await openForm(
      serveReports({
        user: { ...TORONTO, userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }] },
      }),
    );
    await userEvent.selectOptions(
      screen.getByLabelText('Report type'),
      'MATURITY_STRENGTH_JOB_GROUP_DIFFERENTIAL',
    );
    await userEvent.selectOptions(screen.getByLabelText('Job group'), '4');
    expect((screen.getByLabelText('Difference limit') as HTMLInputElement).value).toBe('35');
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    const body = sent('POST', '/analytics/report/requests/msj/by_job')[0].body as {
      msjId?: number;
      attributes: Record<string, unknown>;
    };
    expect(body.msjId).toBeUndefined();
    expect(body.attributes.cjgId).toBe(4);
    expect(body.attributes.units).toBe('Imperial');
    // A 35 °F difference is 19.44 °C (no 32° offset for a difference).
    expect(body.attributes.limitC).toBe(19.44);
    // The group's run: from its first job's start, to now (one job still runs).
    expect(body.attributes.from).toBe(jobs[0].startDate);
  });

  it('sends sensor pairs for a pair differential', async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'T_DIFF_PAIR_GROUP_REPORT');
    await userEvent.selectOptions(await screen.findByLabelText('Pair 1: first sensor'), '101');
    await userEvent.selectOptions(screen.getByLabelText('Pair 1: second sensor'), '101');
    await submit();
    expect((await screen.findByTestId('report-problem'))?.textContent).toContain('two different sensors');
    await userEvent.selectOptions(screen.getByLabelText('Pair 1: second sensor'), '102');
    await userEvent.click(screen.getByRole('button', { name: 'Add a pair' }));
    await userEvent.selectOptions(screen.getByLabelText('Pair 2: first sensor'), '101');
    await userEvent.selectOptions(screen.getByLabelText('Pair 2: second sensor'), '103');
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    const { attributes } = sent('POST', '/analytics/report/requests/msj/by_job')[0].body as {
      attributes: Record<string, unknown>;
    };
    expect(attributes.pairs).toEqual([
      { sid1: 101, sid2: 102 },
      { sid1: 101, sid2: 103 },
    ]);
    expect(attributes.sensorIds).toEqual([101, 102, 103]);
    expect(attributes.limitC).toBe(19.4);
  });

  it('sends a temperature pour report of the chosen job (msjId), with no sensors nor limit', async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'T_POUR_REPORT');
    expect(screen.queryByRole('group', { name: 'Sensors' })).toBeNull();
    expect(screen.queryByLabelText('Difference limit')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Job'), '11');
    await waitFor(() =>
      expect((screen.getByTestId('report-from') as HTMLInputElement).value).toBe('2026-01-10T03:00'),
    );
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    expect(sent('POST', '/analytics/report/requests/msj/by_job')[0].body).toEqual({
      type: 'T_POUR_REPORT',
      msjId: 11,
      attributes: {
        units: 'Metric',
        timeZone: 'America/Toronto',
        from: jobs[0].startDate,
        to: jobs[0].terminationDate,
      },
    });
  });

  it('sends an hourly data CSV of the chosen sensors (sensorIds), with no job nor limit', async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'RAW_DATA_CSV_DW');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Slab T1/ }));
    expect(screen.queryByLabelText('Job')).toBeNull();
    expect(screen.queryByLabelText('Difference limit')).toBeNull();
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    const body = sent('POST', '/analytics/report/requests/msj/by_job')[0].body as {
      type: string;
      msjId?: number;
      attributes: Record<string, unknown>;
    };
    expect(body.type).toBe('RAW_DATA_CSV_DW');
    expect(body.msjId).toBeUndefined();
    expect(body.attributes.sensorIds).toEqual([101]);
    expect(body.attributes).not.toHaveProperty('nodeIds');
    expect(body.attributes).not.toHaveProperty('limitC');
  });

  it('sends a raw data Excel of sensors chosen from one job group (sensorIds read by job group)', async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'RAW_DATA_EXCEL');
    await screen.findByRole('checkbox', { name: /Sensor 103/ });
    await userEvent.selectOptions(screen.getByLabelText('Sensors of'), '4');
    // The group's sensors only (GET .../msj/sensors/by_cjg).
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Sensor 103/ })).toBeNull());
    expect(sent('GET', '/analytics/report/msj/sensors/by_cjg')[0].query.get('cjgId')).toBe('4');
    await userEvent.click(screen.getByRole('checkbox', { name: /Slab T1/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Slab T2/ }));
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    const body = sent('POST', '/analytics/report/requests/msj/by_job')[0].body as {
      type: string;
      msjId?: number;
      attributes: Record<string, unknown>;
    };
    expect(body.type).toBe('RAW_DATA_EXCEL');
    expect(body.msjId).toBeUndefined();
    expect(body.attributes.sensorIds).toEqual([101, 102]);
    // The group only filters the list: a sensor report names no group.
    expect(body.attributes).not.toHaveProperty('cjgId');
    expect(body.attributes).not.toHaveProperty('nodeIds');
    expect(body.attributes).not.toHaveProperty('limitC');
  });

  it("sends a job differential of the chosen job with its limit and no pairs, so the job's stored pairs are used", async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'MATURITY_STRENGTH_JOB_DIFFERENTIAL');
    // No pairs to choose on the form: the job's own pairs (or its default pairing) are used.
    expect(screen.queryByLabelText('Pair 1: first sensor')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Slab T1/ })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Job'), '11');
    const limit = screen.getByLabelText('Difference limit') as HTMLInputElement;
    expect(limit.value).toBe('19.4');
    await userEvent.clear(limit);
    await userEvent.type(limit, '15');
    await submit();
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(1));
    expect(sent('POST', '/analytics/report/requests/msj/by_job')[0].body).toEqual({
      type: 'MATURITY_STRENGTH_JOB_DIFFERENTIAL',
      msjId: 11,
      attributes: {
        units: 'Metric',
        timeZone: 'America/Toronto',
        from: jobs[0].startDate,
        to: jobs[0].terminationDate,
        limitC: 15,
      },
    });
  });

  it('sends a weekly schedule at a time in the display zone, e-mailed to chosen people', async () => {
    const { sent, router } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'CS_JOB_REPORT');
    await userEvent.selectOptions(screen.getByLabelText('Job'), '12');
    await userEvent.click(screen.getByLabelText('Repeat on a schedule'));
    expect(screen.queryByTestId('report-from')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    // Monday is chosen to start with; add Friday.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));
    const time = screen.getByTestId('schedule-time');
    await userEvent.clear(time);
    await userEvent.type(time, '07:30');
    await userEvent.click(screen.getByLabelText('E-mail it to people of this job site'));
    // A member without an e-mail address cannot be chosen.
    expect(((await screen.findByRole('checkbox', { name: /Noel Doe/ })) as HTMLInputElement).disabled).toBe(
      true,
    );
    // Only people the server accepts are offered: no inspector, no deactivated user.
    expect(screen.queryByRole('checkbox', { name: /Ines Doe/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Gil Doe/ })).toBeNull();
    expect(screen.getByText('0 chosen of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /Pat Doe/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create schedule' }));

    await waitFor(() => expect(sent('POST', '/analytics/report/requests/schedules')).toHaveLength(1));
    expect(sent('POST', '/analytics/report/requests/msj/by_job')).toHaveLength(0);
    expect(sent('POST', '/analytics/report/requests/schedules')[0].body).toEqual({
      tenantGroupId: 1,
      frequency: 'WEEKLY',
      weekDays: [1, 5],
      timeOfDay: '07:30',
      timeZone: 'America/Toronto',
      request: {
        type: 'CS_JOB_REPORT',
        msjId: 12,
        deliveryMethods: ['email'],
        recipientIds: [8],
        attributes: { units: 'Metric', timeZone: 'America/Toronto' },
      },
    });
    expect(await screen.findByText('Report scheduled')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/report-list/1'));
  });

  it('puts the period heading right above From and To, and the schedule switch in its own section after it', async () => {
    await openForm();
    const period = screen.getByRole('group', { name: 'Period' });
    const schedule = screen.getByRole('group', { name: 'Schedule' });
    // The heading, then the range fields first thing under it; no switch in between.
    const [legend, range] = [...period.children];
    expect(legend.textContent).toBe('Period');
    expect(within(range as HTMLElement).getByTestId('report-from')).toBeTruthy();
    expect(within(period).queryByRole('switch', { name: 'Repeat on a schedule' })).toBeNull();
    const repeat = within(schedule).getByRole('switch', { name: 'Repeat on a schedule' });
    // The schedule section follows the period.
    expect(period.compareDocumentPosition(schedule) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(repeat);
    expect(within(schedule).getByTestId('schedule-fields')).toBeTruthy();
    expect(within(period).queryByTestId('report-from')).toBeNull();
    expect(within(period).getByTestId('schedule-period').textContent).toContain('Each report covers');
  });

  it('sends a monthly schedule on its day', async () => {
    const { sent } = await openForm();
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'RAW_DATA_EXCEL_DW');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Slab T1/ }));
    await userEvent.click(screen.getByLabelText('Repeat on a schedule'));
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await userEvent.selectOptions(screen.getByLabelText('Day of the month'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Create schedule' }));
    await waitFor(() => expect(sent('POST', '/analytics/report/requests/schedules')).toHaveLength(1));
    const body = sent('POST', '/analytics/report/requests/schedules')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ frequency: 'MONTHLY', monthDay: 15, timeOfDay: '07:00' });
    expect(body.weekDays).toBeUndefined();
  });

  it("shows the server's own words when it refuses, and stays on the form", async () => {
    const { router } = await openForm(
      serveReports({
        user: TORONTO,
        routes: {
          'POST /analytics/report/requests/msj/by_job': new Fail(
            400,
            'NO_PROFILE',
            'The job has no concrete profile',
          ),
        },
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Report type'), 'CS_JOB_REPORT');
    await userEvent.selectOptions(screen.getByLabelText('Job'), '11');
    await submit();
    expect((await screen.findByTestId('report-error'))?.textContent).toContain(
      'The server refused: The job has no concrete profile',
    );
    expect(router.state.location.pathname).toBe('/report-generation/1');
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveReports({ user: TORONTO });
    openAt('/report-generation/1');
    const type = await screen.findByLabelText('Tipo de informe');
    expect(within(type).getByRole('option', { name: 'Informe de colada (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solicitar informe' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Programación' })).toBeTruthy();
    await userEvent.selectOptions(type, 'RAW_DATA_CSV');
    const choice = screen.getByRole('radiogroup', { name: 'Informar sobre' });
    expect(within(choice).getByRole('radio', { name: 'Sensores' })).toBeTruthy();
    await userEvent.click(within(choice).getByRole('radio', { name: 'Nodos completos' }));
    const slab = await screen.findByRole('checkbox', { name: /Slab node/ });
    expect(slab.closest('label')?.textContent).toContain('2 sensores');
    expect(screen.getByRole('group', { name: 'Nodos' })).toBeTruthy();
  });
});
