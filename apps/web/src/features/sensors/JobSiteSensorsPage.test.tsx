import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledged, alarmEvent } from '../../components/AlarmStateBadge.fixtures.ts';
import { renderAt, signInSession, stubServer, testUser } from '../../components/test-utils.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import JobSiteSensorsPage from './JobSiteSensorsPage.tsx';
import { allCards, NOW, overviewOf, overviewPath, weatherCard } from './test-fixtures.ts';

const PATTERN = '/job-site-sensors/:jobsiteId/:tenantId';
const PATH = '/job-site-sensors/3/31';

beforeEach(() => {
  signInSession();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  changeLanguage('en');
});

const imperial = testUser({ userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }] });

async function cards() {
  await screen.findByTestId('alarm-summary');
  return screen.getAllByTestId('node-card');
}
const readingsOf = (card: HTMLElement) =>
  within(card)
    .queryAllByTestId('node-reading')
    .map((r) => r.getAttribute('data-sensor-type'));

describe('JobSiteSensorsPage', () => {
  it('names the alarming gas node at the top, with its reading and threshold', async () => {
    stubServer({ extra: { [overviewPath]: overviewOf(allCards) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    const summary = await screen.findByTestId('alarm-summary');
    expect(summary.getAttribute('data-alarming')).toBe('1');
    expect(summary.textContent).toContain('1 sensor is alarming');
    const item = within(summary).getByTestId('alarm-item');
    expect(item.textContent).toContain('Parkade Ramp CO');
    // A value and its unit are joined by a no-break space: a phone never wraps between them.
    expect(item.textContent).toContain('52.0\u00a0ppm');
    expect(item.textContent).toContain('Threshold > 35.0\u00a0ppm');
    expect(within(item).getByRole('link').getAttribute('href')).toBe('/job-site-details/3/31/102');

    const all = await cards();
    expect(all[0].getAttribute('data-job-id')).toBe('102');
    expect(all[0].getAttribute('data-alarming')).toBe('true');
    expect(within(all[0]).getByTestId('alarm-chip').textContent).toBe('ALARM');
    // The out-of-bounds reading is the one marked.
    expect(within(all[0]).getByTestId('node-reading').getAttribute('data-alarm')).toBe('true');
  });

  it('shows each card’s alarms still active under it, as links of their own to the site’s alarms', async () => {
    stubServer({
      extra: {
        [overviewPath]: overviewOf(allCards),
        '/alarms/events': [
          alarmEvent(1, { tenantGroupId: 3, jobId: 102, nodeId: 10102, sensorName: 'Sensor 7' }),
          acknowledged(
            alarmEvent(2, { tenantGroupId: 3, kind: 'NODE_SILENT', jobId: 101, nodeId: 10101, side: null }),
          ),
        ],
      },
    });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    const all = await cards();
    const byJob = (id: string) => all.find((c) => c.getAttribute('data-job-id') === id) as HTMLElement;
    const gas = await within(byJob('102')).findByTestId('alarm-state');
    expect(within(gas).getByTestId('alarm-state-kind').textContent).toBe('Sensor threshold high · Sensor 7');
    const link = within(gas).getByRole('link');
    expect(link.getAttribute('href')).toBe('/alarms/3');
    // Not inside the card's own link to the job's screen.
    expect(link.parentElement?.closest('a')).toBeNull();
    const weather = within(byJob('101')).getByTestId('alarm-state');
    expect(within(weather).getByTestId('alarm-state-detail').textContent).toMatch(
      /^Acknowledged by Sam Super/,
    );
    // A card without an alarm shows none.
    expect(within(byJob('106')).queryByTestId('alarm-state')).toBeNull();
  });

  it('orders the cards by the job type order within each group and links each to its screen', async () => {
    stubServer({ extra: { [overviewPath]: overviewOf(allCards) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    await cards();
    const jobs = within(screen.getByTestId('group-jobs')).getAllByTestId('node-card');
    expect(jobs.map((c) => c.getAttribute('data-job-id'))).toEqual(['102', '101', '106', '103']);
    const power = within(screen.getByTestId('group-power')).getByTestId('node-card');
    expect(power.closest('a')?.getAttribute('href') ?? power.querySelector('a')?.getAttribute('href')).toBe(
      '/job-site-ct-job-details/3/31/104',
    );
    const gps = within(screen.getByTestId('group-gps')).getByTestId('node-card');
    expect(gps.querySelector('a')?.getAttribute('href')).toBe('/job-site-gps-job-details/3/31/105');
  });

  it('shows 1 reading on gas cards, 3 on weather cards and everything other nodes measure', async () => {
    stubServer({ extra: { [overviewPath]: overviewOf(allCards) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    const all = await cards();
    const byId = (id: number) => all.find((c) => c.getAttribute('data-job-id') === String(id)) as HTMLElement;
    expect(readingsOf(byId(102))).toEqual(['Gas']);
    expect(readingsOf(byId(106))).toEqual(['Gas']);
    expect(readingsOf(byId(101))).toEqual(['Temperature', 'Humidity', 'Wind Speed']);
    expect(readingsOf(byId(104))).toEqual(['Current', 'Power', 'Voltage']);
    expect(byId(104).textContent).toContain('31.5A');
    expect(byId(104).textContent).toContain('18900.0W');
    expect(byId(104).textContent).toContain('600.0V');
    expect(byId(103).textContent).toContain('2.0m');
    expect(byId(101).textContent).toContain('20.0°C');
    expect(byId(101).textContent).toContain('10.0km/hr');
  });

  it('shows a Lumitrack node with the first 8 characters of its id and a GPS node with its latest position', async () => {
    stubServer({ extra: { [overviewPath]: overviewOf(allCards) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    await cards();
    const gps = within(screen.getByTestId('group-gps')).getByTestId('node-card');
    expect(gps.textContent).toContain('Node 12345678 ·');
    expect(gps.textContent).not.toContain('1234567890');
    expect(within(gps).getByTestId('node-position').textContent).toContain('43.64123, -79.38012');
    expect(gps.textContent).toContain('Beam Line');
    // Default projects show their display name.
    const weather = screen.getAllByTestId('node-card').find((c) => c.getAttribute('data-job-id') === '101');
    expect(weather?.textContent).toContain('Job Site Sensors');
    expect(weather?.textContent).toContain('Seen 5 minutes ago');
  });

  it('converts every value to the user’s Imperial units', async () => {
    stubServer({ user: imperial, extra: { [overviewPath]: overviewOf(allCards) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    await screen.findByText(
      (_t, el) => el?.getAttribute('data-job-id') === '101' && /°F/.test(el.textContent ?? ''),
    );
    const all = screen.getAllByTestId('node-card');
    const byId = (id: number) => all.find((c) => c.getAttribute('data-job-id') === String(id)) as HTMLElement;
    expect(byId(101).textContent).toContain('68.0°F');
    expect(byId(101).textContent).toContain('6.2mph');
    expect(byId(101).textContent).toContain('55.0%');
    expect(byId(103).textContent).toContain('6.6ft');
    expect(byId(102).textContent).toContain('52.0ppm');
    // The analytics of the last 24 hours too.
    expect(screen.getByTestId('analytics').textContent).toContain('75.2\u00a0°F');
  });

  it('filters the cards to the alarming ones', async () => {
    stubServer({ extra: { [overviewPath]: overviewOf(allCards) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    await cards();
    fireEvent.click(screen.getByRole('button', { name: 'Alarming (1)' }));
    const shown = screen.getAllByTestId('node-card');
    expect(shown.map((c) => c.getAttribute('data-job-id'))).toEqual(['102']);
    expect(screen.queryByTestId('group-power')).toBeNull();
  });

  it('says so when no node is alarming, and when the site has no nodes', async () => {
    stubServer({ extra: { [overviewPath]: overviewOf([weatherCard]) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    expect((await screen.findByTestId('alarm-summary')).textContent).toBe(
      'No sensor is alarming on this job site.',
    );
    cleanup();
    stubServer({ extra: { [overviewPath]: overviewOf([]) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    expect(await screen.findByText('No sensor nodes on this job site yet.')).toBeTruthy();
  });

  it('shows an error with a retry when the overview cannot be loaded', async () => {
    const fetchMock = stubServer();
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes(overviewPath)
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          })
        : (base as typeof fetch)(input, init),
    );
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain('This could not be loaded. (500)');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says the overview is not there, without a retry that cannot help, when the server answers 404', async () => {
    stubServer();
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    const error = await screen.findByRole('alert');
    expect(error.textContent).toContain("This doesn't exist or you no longer have access. (404)");
    expect(within(error).queryByRole('button')).toBeNull();
  });

  it('speaks Spanish', async () => {
    changeLanguage('es');
    stubServer({ extra: { [overviewPath]: overviewOf(allCards) } });
    renderAt(<JobSiteSensorsPage />, PATTERN, PATH);
    const summary = await screen.findByTestId('alarm-summary');
    expect(summary.textContent).toContain('1 sensor en alarma');
    expect(summary.textContent).toContain('Umbral > 35.0\u00a0ppm');
    expect(screen.getByRole('heading', { name: /Energía/ })).toBeTruthy();
    expect(screen.getAllByText('ALARMA').length).toBeGreaterThan(0);
  });
});
