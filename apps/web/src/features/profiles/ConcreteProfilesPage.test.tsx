import type { ConcreteProfile } from '@sitepulse/contracts';
import { CONVERSION, fitStrengthCurve } from '@sitepulse/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  renderRoutes,
  signedInEnglishTests,
  stubPhoneWidth,
  stubServer,
  testUser,
} from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import ConcreteProfilesPage from './ConcreteProfilesPage.tsx';
import { curveInUnits } from './rules.ts';

const PSI = CONVERSION.PSI_PER_MPA;

function makeProfile(id: number, name: string, breaks: { maturity: number; strength: number }[], over = {}) {
  const fit = fitStrengthCurve(breaks);
  if (!fit) throw new Error('fixture does not fit');
  return {
    id,
    companyId: 1,
    name,
    description: '',
    maturityFunction: 'NURSE_SAUL',
    datumTemperature: -10,
    activationEnergy: 40_000,
    referenceTemperature: 20,
    a: fit.a,
    b: fit.b,
    r2: fit.r2,
    minMaturity: fit.minMaturity,
    maxMaturity: fit.maxMaturity,
    breaks,
    jobCount: 2,
    creationDate: Date.UTC(2025, 0, 2),
    lastModified: Date.UTC(2025, 0, 3),
    ...over,
  } satisfies ConcreteProfile as ConcreteProfile;
}

const slab = makeProfile(11, 'C30 Slab Mix', [
  { maturity: 250, strength: 6.9 },
  { maturity: 500, strength: 13.4 },
  { maturity: 1000, strength: 20.3 },
  { maturity: 2000, strength: 26.1 },
  { maturity: 4000, strength: 33.7 },
]);
/** Scattered breaks: R² well below 0.9. */
const scattered = makeProfile(
  12,
  'Scattered Mix',
  [
    { maturity: 300, strength: 18 },
    { maturity: 600, strength: 9 },
    { maturity: 1200, strength: 25 },
    { maturity: 2400, strength: 14 },
    { maturity: 4800, strength: 30 },
  ],
  { maturityFunction: 'EQUIVALENT_AGE', activationEnergy: 42_000, referenceTemperature: 21, jobCount: 0 },
);
const functionTypes = [
  { name: 'NURSE_SAUL', label: 'Nurse-Saul (temperature-time factor)', unit: '°C·h' },
  { name: 'EQUIVALENT_AGE', label: 'Equivalent age (Arrhenius)', unit: 'h' },
];

const imperialAdmin = testUser({ userSettingData: [{ type: 'SystemOfMeasurement', val: 'Imperial' }] });
const viewer = testUser({
  accountType: 'USER',
  userTenantGroupData: [{ tenantGroupId: 1, access: 4 }],
});

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The shell's answers plus the profile calls; POST/PUT answer `write` (or the saved profile). */
function server({
  user = testUser(),
  profiles = [slab, scattered] as ConcreteProfile[] | (() => ConcreteProfile[]),
  write,
}: {
  user?: ReturnType<typeof testUser>;
  profiles?: ConcreteProfile[] | (() => ConcreteProfile[]);
  write?: (sent: Sent) => Response;
} = {}) {
  const sent: Sent[] = [];
  const list = () => (typeof profiles === 'function' ? profiles() : profiles);
  const base = stubServer({ user, extra: { '/analytics/concrete/maturity/function/types': functionTypes } });
  const shell = base.getMockImplementation();
  if (!shell) throw new Error('no stub');
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const s = { method, path, body: JSON.parse(String(init?.body ?? 'null')) };
      sent.push(s);
      return write
        ? write(s)
        : json({ ...slab, id: 99, name: (s.body as { name?: string }).name ?? slab.name });
    }
    if (path === '/concrete/conprofiles/by_company') return json(list());
    return shell(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}

const renderPage = (path = '/concrete-profiles') =>
  renderRoutes([{ path: '/concrete-profiles', element: <ConcreteProfilesPage /> }], path);

signedInEnglishTests();

describe('the profiles list', () => {
  it('lists each profile with its function, constants, R², calibrated range and jobs', async () => {
    server();
    renderPage();
    const rows = await screen.findAllByTestId('profile-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('C30 Slab Mix')).toBeTruthy();
    expect(first.getByText('Nurse-Saul')).toBeTruthy();
    expect(first.getByText('Datum -10.0 °C')).toBeTruthy();
    expect(first.getByText((slab.r2 as number).toFixed(3))).toBeTruthy();
    expect(first.getByText('250 – 4000 °C.Hr')).toBeTruthy();
    const second = within(rows[1]);
    expect(second.getByText('Equivalent age')).toBeTruthy();
    expect(second.getByText('42000 J/mol, reference 21.0 °C')).toBeTruthy();
    expect(second.getByText('300 – 4800 h')).toBeTruthy();
  });

  it("shows the first profile's curve, equation and R² in psi and °F·h for an Imperial user", async () => {
    server({ user: imperialAdmin });
    renderPage();
    const detail = await screen.findByTestId('profile-detail');
    const c = curveInUnits(slab, 'NURSE_SAUL', 'Imperial');
    expect(within(detail).getByTestId('fit-equation').textContent).toBe(
      `S = ${Math.round(c.a)} + ${Math.round(c.b)} · log₁₀(M)`,
    );
    expect(within(detail).getByTestId('fit-r2').textContent).toBe((slab.r2 as number).toFixed(3));
    expect(within(detail).getByTestId('fit-range').textContent).toBe('450 – 7200 °F.Hr');
    expect(within(detail).getByText('S in psi, M in °F.Hr')).toBeTruthy();
    const chart = within(detail).getByTestId('strength-curve');
    expect(chart.getAttribute('data-breaks')).toBe('5');
    expect(chart.getAttribute('data-y-unit')).toBe('psi');
    expect(chart.getAttribute('data-x-unit')).toBe('°F.Hr');
    // The breaks table: whole psi, °F·h.
    const breaks = within(within(detail).getByTestId('profile-breaks'));
    expect(breaks.getByText('7200')).toBeTruthy();
    expect(breaks.getByText(String(Math.round(33.7 * PSI)))).toBeTruthy();
    expect(within(detail).getByText('14.0 °F')).toBeTruthy();
    expect(within(detail).queryByTestId('poor-fit')).toBeNull();
  });

  it('warns of a poor fit (R² below 0.9) on the profile chosen, kept in the address', async () => {
    server();
    const { router } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Scattered Mix' }));
    const warning = await screen.findByTestId('poor-fit');
    expect(warning.textContent).toContain(`R² is ${(scattered.r2 as number).toFixed(3)}, below 0.9`);
    expect(router.state.location.search).toBe('?profile=12');
    expect(within(screen.getByTestId('profile-detail')).getByText('Scattered Mix')).toBeTruthy();
  });

  it('opens the profile named in the address', async () => {
    server();
    renderPage('/concrete-profiles?profile=12');
    expect(await screen.findByTestId('poor-fit')).toBeTruthy();
  });

  it('shows an empty state, with the create button for a writer', async () => {
    server({ profiles: [] });
    renderPage();
    expect(
      await screen.findByText('No concrete profiles yet. Create one from your lab breaks.'),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New profile' }).length).toBeGreaterThan(0);
  });

  it('shows an error state with retry when the list fails', async () => {
    const { fetchMock } = server();
    const impl = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/concrete/conprofiles/by_company')
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          })
        : (impl as typeof fetch)(input, init),
    );
    renderPage();
    expect(await screen.findByText(/This could not be loaded/, {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows cards instead of the table on a phone', async () => {
    stubPhoneWidth();
    server();
    renderPage();
    const cards = await screen.findByTestId('profile-cards');
    expect(within(cards).getByText('C30 Slab Mix')).toBeTruthy();
    expect(screen.queryAllByTestId('profile-row')).toHaveLength(0);
  });
});

describe('who may write', () => {
  it('shows a viewer the list read-only: no New profile, no Edit', async () => {
    server({ user: viewer });
    renderPage();
    await screen.findByTestId('profile-detail');
    expect(await screen.findByTestId('profiles-read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('lets a job-site editor create and edit', async () => {
    server({
      user: testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 1, access: 2 }] }),
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'New profile' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByTestId('profiles-read-only')).toBeNull();
  });
});

const typeBreaks = async (user: ReturnType<typeof userEvent.setup>, rows: [string, string][]) => {
  for (const [i, [m, s]] of rows.entries()) {
    await user.type(screen.getByLabelText(new RegExp(`^Break ${i + 1}: Maturity`)), m);
    await user.type(screen.getByLabelText(new RegExp(`^Break ${i + 1}: Strength`)), s);
  }
};

describe('creating a profile', () => {
  it('previews R² as breaks are typed in psi and °F·h, and posts them metric', async () => {
    const { sent } = server({ user: imperialAdmin });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'New concrete profile' });
    expect(within(dialog).getByLabelText('Datum temperature (°F)')).toHaveProperty('value', '14');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Pier Caps');
    const rows: [string, string][] = [
      ['450', '1000'],
      ['900', '1950'],
      ['1800', '2900'],
      ['3600', '3800'],
    ];
    await typeBreaks(user, rows);
    const metric = rows.map(([m, s]) => ({ maturity: Number(m) / 1.8, strength: Number(s) / PSI }));
    const expected = fitStrengthCurve(metric);
    const preview = within(screen.getByTestId('fit-preview'));
    expect(preview.getByTestId('fit-r2').textContent).toBe(expected?.r2.toFixed(3));
    expect(preview.getByTestId('strength-curve').getAttribute('data-breaks')).toBe('4');

    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].method).toBe('POST');
    expect(sent[0].path).toBe('/concrete/conprofiles');
    const body = sent[0].body as { name: string; datumTemperature: number; breaks: typeof metric };
    expect(body.name).toBe('Pier Caps');
    expect(body.datumTemperature).toBe(-10);
    body.breaks.forEach((b, i) => {
      expect(b.maturity).toBeCloseTo(metric[i].maturity, 9);
      expect(b.strength).toBeCloseTo(metric[i].strength, 9);
    });
    expect(await screen.findByText("Concrete profile 'Pier Caps' created.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('adds and removes break rows', async () => {
    server();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New profile' }));
    expect(await screen.findAllByTestId('break-row')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    expect(screen.getAllByTestId('break-row')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Remove break 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove break 1' }));
    expect(screen.getAllByTestId('break-row')).toHaveLength(3);
  });

  it('shows what is missing, in Spanish, and sends nothing', async () => {
    const { sent } = server();
    const user = userEvent.setup();
    await i18n.changeLanguage('es');
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Nuevo perfil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo perfil de hormigón' });
    await user.clear(within(dialog).getByLabelText('Temperatura base (°C)'));
    await user.type(within(dialog).getByLabelText('Rotura 1: Madurez (°C.Hr)'), '3,000');
    await user.click(within(dialog).getByRole('button', { name: 'Crear perfil' }));
    expect(await within(dialog).findAllByText('Obligatorio')).toHaveLength(3);
    expect(within(dialog).getByText('Escriba el número sin separador de miles')).toBeTruthy();
    expect(within(dialog).getByText('Introduzca al menos 2 roturas de laboratorio')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('refuses breaks whose strength falls with maturity before sending', async () => {
    const { sent } = server();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New profile' }));
    await user.type(await screen.findByLabelText(/^Name/), 'Backwards');
    await typeBreaks(user, [
      ['250', '20'],
      ['2000', '10'],
    ]);
    expect(within(screen.getByTestId('fit-preview')).getByText(/do not show strength rising/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    expect((await screen.findByTestId('breaks-error')).textContent).toBe(
      'The lab breaks must show strength rising with maturity',
    );
    expect(sent).toHaveLength(0);
  });

  it("shows the server's 400 and keeps the form open", async () => {
    server({
      write: () =>
        new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'name must not be blank' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New profile' }));
    await user.type(await screen.findByLabelText(/^Name/), 'Mix');
    await typeBreaks(user, [
      ['250', '7'],
      ['1000', '20'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    expect((await screen.findByTestId('save-error')).textContent).toBe(
      'The server refused the profile: name must not be blank',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('editing a profile', () => {
  it('sends only the changed name', async () => {
    const { sent } = server({ user: imperialAdmin });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit C30 Slab Mix' });
    expect(within(dialog).getAllByTestId('break-row')).toHaveLength(5);
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'C30 Slab Mix v2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/concrete/conprofiles/11',
      body: { name: 'C30 Slab Mix v2' },
    });
  });

  it('sends nothing when nothing changed', async () => {
    const { sent } = server({ user: imperialAdmin });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing was changed.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
