import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests, stubPhoneWidth, testUser } from '../../components/test-utils.tsx';
import {
  CREATED,
  Fail,
  fileRequest,
  gpsNode,
  latest,
  lumitrackId,
  node,
  openAt,
  PROJECT,
  SITE,
  serveLumitrack,
  siteUser,
  template,
} from './test-server.tsx';

signedInEnglishTests();

const LT = '/lumitrack/lumitrackid';
const PAGE = `/lumitrack/${SITE}/${PROJECT}`;
const LIST = `GET ${LT}/by_tenant/list/${PROJECT}`;

const rows = () => screen.getAllByTestId('lumitrack-row');
const row = (id: string) => rows().find((r) => r.dataset.id === id) as HTMLElement;
const text = (el: Element | null | undefined) => el?.textContent ?? '';

const IDS = [
  lumitrackId('LT-7K3M-Q9XP', { gpsNodeId: 123456789012, gpsNode: gpsNode(123456789012, 'Crane tracker') }),
  lumitrackId('LT-ABCD-EFGH', { creationDate: CREATED - 86_400_000 }),
  lumitrackId('LT-2345-6789'),
];

describe('a Lumitrack project screen', () => {
  it('lists the project’s IDs in a table: ID, state, project, GPS node cut to 8, creation in the display zone, latest checklist', async () => {
    serveLumitrack({
      user: testUser({
        userTenantGroupData: [{ tenantGroupId: SITE, access: 1 }],
        userSettingData: [{ type: 'DisplayTimeZone', val: 'America/Toronto' }],
      }),
      routes: {
        [LIST]: IDS,
        'GET /checklist/fills/latest/by_tenant/*': [
          latest('LT-7K3M-Q9XP', { templateName: 'Precast element QA', userName: 'Alex Admin' }),
        ],
      },
    });
    openAt(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: /Beam Line/ })).toBeTruthy();
    await screen.findAllByTestId('lumitrack-row');
    expect(screen.getByRole('table', { name: 'Lumitrack IDs' })).toBeTruthy();
    expect(rows().map((r) => r.dataset.id)).toEqual(['LT-7K3M-Q9XP', 'LT-ABCD-EFGH', 'LT-2345-6789']);
    const first = row('LT-7K3M-Q9XP');
    expect(text(first)).toContain('Active');
    expect(text(first)).toContain('Beam Line');
    // A Lumitrack node shows its first 8 characters (spec section 2).
    expect(within(first).getByTestId('gps-node').textContent).toBe('12345678');
    expect(text(first)).toContain('2026-01-15 12:30 PM EST');
    expect(text(first)).toContain('Precast element QA');
    expect(text(first)).toContain('Alex Admin · 2026-01-15 12:30 PM EST');
    // No GPS node and no checklist read as '--'.
    expect(
      within(row('LT-ABCD-EFGH'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['--']));
    expect(within(first).getByRole('link', { name: 'LT-7K3M-Q9XP' }).getAttribute('href')).toBe(
      `/lumitrack/${SITE}/${PROJECT}/id/LT-7K3M-Q9XP`,
    );
  });

  it('finds IDs by a part of their ID, whatever the case or hyphens', async () => {
    serveLumitrack({ routes: { [LIST]: IDS } });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    await userEvent.type(screen.getByTestId('id-search'), 'abcdef');
    await waitFor(() => expect(rows().map((r) => r.dataset.id)).toEqual(['LT-ABCD-EFGH']));
    expect(screen.getByTestId('id-count').textContent).toContain('1 of 3 IDs match');
    await userEvent.clear(screen.getByTestId('id-search'));
    await userEvent.type(screen.getByTestId('id-search'), 'zzzz');
    expect(await screen.findByText('No ID matches “zzzz”.')).toBeTruthy();
  });

  it('shows cards on a phone', async () => {
    stubPhoneWidth();
    serveLumitrack({ routes: { [LIST]: IDS } });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Lumitrack IDs' })).toBeTruthy();
    expect(within(row('LT-7K3M-Q9XP')).getByTestId('gps-node').textContent).toBe('12345678');
  });

  it('offers a viewer no change, but labels', async () => {
    serveLumitrack({ user: siteUser(4), routes: { [LIST]: IDS } });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    expect(screen.queryByRole('button', { name: 'Create IDs' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add existing IDs' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select LT-ABCD-EFGH' }));
    expect(screen.getByRole('button', { name: 'Labels (1)' })).toHaveProperty('disabled', false);
  });

  it('creates 20 IDs in the project at once and selects them for their labels', async () => {
    const made = Array.from({ length: 20 }, (_, i) => lumitrackId(`LT-AAAA-${String(i).padStart(4, 'B')}`));
    let list = IDS;
    const { sent } = serveLumitrack({
      routes: {
        [LIST]: () => list,
        [`POST ${LT}/type/standard/list`]: () => {
          list = [...made, ...IDS];
          return made;
        },
      },
    });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    await userEvent.click(screen.getByRole('button', { name: 'Create IDs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create IDs in Beam Line' });
    expect((await within(dialog).findByTestId('annual-room')).textContent).toContain(
      "4992 of the company's 5000 IDs a year are left (8 created this year).",
    );
    const count = within(dialog).getByTestId('id-count');
    await userEvent.clear(count);
    await userEvent.type(count, '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', `${LT}/type/standard/list`)[0].body).toEqual({
      companyId: 1,
      numLumitrackIds: 20,
      tenantId: PROJECT,
    });
    expect(
      await screen.findByText('20 IDs created in Beam Line. They are selected for their labels.'),
    ).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(23));
    expect(screen.getByTestId('id-count').textContent).toContain('23 IDs · 20 selected');
    expect(screen.getByRole('button', { name: 'Labels (20)' })).toBeTruthy();
  });

  it('creates one ID with the single call', async () => {
    const { sent } = serveLumitrack({
      routes: { [`POST ${LT}/type/standard`]: lumitrackId('LT-NEWW-2222') },
    });
    openAt(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Create IDs' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent('POST', `${LT}/type/standard`)).toHaveLength(1));
    expect(sent('POST', `${LT}/type/standard`)[0].body).toEqual({ companyId: 1, tenantId: PROJECT });
  });

  it('refuses a count out of bounds before sending, and says the annual limit in words when the server refuses', async () => {
    const { sent } = serveLumitrack({
      routes: {
        [`POST ${LT}/type/standard/list`]: new Fail(
          409,
          'LUMITRACK_ID_ANNUAL_LIMIT',
          'The company may make 5000 Lumitrack IDs a year',
        ),
        [`GET ${LT}/cmd/get_active_lumitrackId`]: {
          companyId: 1,
          intervalInMin: 525600,
          from: 0,
          to: 0,
          count: 4990,
          annualLimit: 5000,
          usedThisYear: 4990,
          remainingThisYear: 10,
          yearStart: 0,
        },
      },
    });
    openAt(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Create IDs' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/10 of the company's 5000 IDs a year are left/);
    const count = within(dialog).getByTestId('id-count');
    for (const [typed, message] of [
      ['0', 'Create 1 to 500 IDs at a time.'],
      ['501', 'Create 1 to 500 IDs at a time.'],
      ['2.5', 'Type a whole number.'],
      ['11', 'Only 10 more IDs may be created this year.'],
    ]) {
      await userEvent.clear(count);
      await userEvent.type(count, typed);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(sent('POST', `${LT}/type/standard/list`)).toHaveLength(0);
    // Another user made IDs meanwhile: the server refuses 5, and the dialog says why in words.
    await userEvent.clear(count);
    await userEvent.type(count, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByTestId('create-error')).textContent).toBe(
      "The company's annual limit is reached: it may create 5000 Lumitrack IDs a year, 4990 were created this year, so only 10 more may be. Nothing was created.",
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('requests labels of the chosen IDs in the preferred format, keeps a new choice, and downloads the file once made', async () => {
    let polls = 0;
    const requests: ReturnType<typeof fileRequest>[] = [];
    const { sent } = serveLumitrack({
      routes: {
        [LIST]: IDS,
        [`GET ${LT}/files/requests`]: () => {
          polls++;
          return requests.map((r) =>
            polls > 2 ? { ...r, ...fileRequest(r.id, r.lumitrackIds, 'PDF_A4') } : r,
          );
        },
        [`POST ${LT}/files/requests`]: ({ body }: { body: unknown }) => {
          const b = body as { lumitrackIds: string[] };
          const made = fileRequest(9, b.lumitrackIds, 'PDF_A4', { status: 'NEW' });
          requests.push(made);
          return made;
        },
      },
    });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    expect(await screen.findByText('No label file asked for with these IDs yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select LT-2345-6789' }));
    await userEvent.click(screen.getByRole('button', { name: 'Labels (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR labels of 2 IDs' });
    // The preference (PDF Letter) is chosen first; PNG of several IDs is a zip.
    await waitFor(() =>
      expect(within(dialog).getByRole('radio', { name: /PDF Letter/ })).toHaveProperty('checked', true),
    );
    expect(text(dialog)).toContain('A zip of one PNG image per ID');
    await userEvent.click(within(dialog).getByRole('radio', { name: /PDF A4/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request labels' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', `${LT}/files/requests`)[0].body).toEqual({
      lumitrackIds: ['LT-7K3M-Q9XP', 'LT-ABCD-EFGH'],
      payload: { fileFormat: 'PDF_A4' },
    });
    expect(sent('PUT', `${LT}/files/preference`)[0].body).toEqual({ fileFormat: 'PDF_A4' });
    expect(localStorage.getItem('sitepulse.qrFormat')).toBe('PDF_A4');
    // Queued, then read again every 3 s until ready: then the download, with the token.
    const file = await screen.findByTestId('label-file');
    expect(text(file)).toContain('PDF A4 · 2 IDs');
    expect(text(file)).toMatch(/Queued|Ready/);
    const link = (await screen.findByTestId('label-download')) as HTMLAnchorElement;
    expect(text(screen.getByTestId('label-file'))).toContain('Ready');
    const url = new URL(link.href);
    expect(url.pathname).toBe('/api/lumitrack/lumitrackid/files/requests/by_id/9/file');
    expect(url.searchParams.get('token')).toBe('access-token');
    expect(link.getAttribute('download')).toBe('lumitrack-labels-9-2-a4.pdf');
    const polled = polls;
    await new Promise((r) => setTimeout(r, 3500));
    expect(polls).toBe(polled);
    // Choosing again starts from the kept format.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select LT-ABCD-EFGH' }));
    await userEvent.click(screen.getByRole('button', { name: 'Labels (1)' }));
    const again = await screen.findByRole('dialog', { name: 'QR label of 1 ID' });
    expect(within(again).getByRole('radio', { name: /PDF A4/ })).toHaveProperty('checked', true);
    expect(text(again)).toContain('One PNG image of the label');
  });

  it('shows a failed label file with its reason', async () => {
    serveLumitrack({
      routes: {
        [LIST]: IDS,
        [`GET ${LT}/files/requests`]: [
          fileRequest(4, ['LT-ABCD-EFGH'], 'PNG', {
            status: 'ERROR',
            error: 'The label file could not be made',
          }),
          // Another project's file is not listed here.
          fileRequest(5, ['LT-ZZZZ-ZZZZ'], 'PNG'),
        ],
      },
    });
    openAt(PAGE);
    const file = await screen.findByTestId('label-file');
    expect(screen.getAllByTestId('label-file')).toHaveLength(1);
    expect(text(file)).toContain('PNG · LT-ABCD-EFGH');
    expect(text(file)).toContain('Failed');
    expect(text(file)).toContain('The label file could not be made');
    expect(within(file).queryByTestId('label-download')).toBeNull();
  });

  it('gives an ID a GPS node among the eligible ones, and says the server’s refusal', async () => {
    const { sent } = serveLumitrack({
      routes: {
        [LIST]: IDS,
        'GET /nodes/list/by_tenant': [
          node(10110, { name: 'GPS-10110' }),
          node(10111, { cableId: 5 }),
          node(10112, { tenantId: 31 }),
          node(10113, { nodeType: 'Maturity' }),
          // Already tracking LT-7K3M-Q9XP of this project.
          node(123456789012),
          node(10114, { name: 'GPS-10114' }),
        ],
        [`PUT ${LT}/cmd/assign_gps_node`]: ({ body }: { body: unknown }) =>
          (body as { nodeId: number }).nodeId === 10114
            ? new Fail(409, 'CONFLICT', 'Node 10114 already tracks Lumitrack ID LT-QQQQ-QQQQ')
            : lumitrackId('LT-ABCD-EFGH', { gpsNodeId: 10110, gpsNode: gpsNode(10110) }),
      },
    });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    await userEvent.click(
      within(row('LT-ABCD-EFGH')).getByRole('button', { name: 'Actions for LT-ABCD-EFGH' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'GPS node' }));
    const dialog = await screen.findByRole('dialog', { name: 'GPS node of LT-ABCD-EFGH' });
    await waitFor(() => expect(within(dialog).queryByText('Loading…')).toBeNull());
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'GPS node' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['No GPS node', '10110 · GPS-10110', '10114 · GPS-10114']);
    await userEvent.click(screen.getByRole('option', { name: '10114 · GPS-10114' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByTestId('gps-error')).textContent).toBe(
      'Not done: Node 10114 already tracks Lumitrack ID LT-QQQQ-QQQQ',
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'GPS node' }));
    await userEvent.click(screen.getByRole('option', { name: '10110 · GPS-10110' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT', `${LT}/cmd/assign_gps_node`).map((r) => r.body)).toEqual([
      { lumitrackId: 'LT-ABCD-EFGH', nodeId: 10114 },
      { lumitrackId: 'LT-ABCD-EFGH', nodeId: 10110 },
    ]);
    expect(await screen.findByText('LT-ABCD-EFGH is tracked by GPS node 10110.')).toBeTruthy();
  });

  it('deletes an ID only after a confirmation', async () => {
    let list = IDS;
    const { sent } = serveLumitrack({
      routes: {
        [LIST]: () => list,
        [`DELETE ${LT}`]: () => {
          list = IDS.filter((i) => i.lumitrackId !== 'LT-2345-6789');
          return { ok: true };
        },
      },
    });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    await userEvent.click(
      within(row('LT-2345-6789')).getByRole('button', { name: 'Actions for LT-2345-6789' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete LT-2345-6789?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE', LT)).toHaveLength(0);
    await userEvent.click(
      within(row('LT-2345-6789')).getByRole('button', { name: 'Actions for LT-2345-6789' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete LT-2345-6789?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(sent('DELETE', LT)[0].body).toEqual({ lumitrackId: 'LT-2345-6789' });
    expect(await screen.findByText('LT-2345-6789 deleted.')).toBeTruthy();
  });

  it('adds IDs made earlier to the project, naming the one the server refuses', async () => {
    const { sent } = serveLumitrack({
      routes: {
        [LIST]: IDS,
        [`GET ${LT}/by_companyId/list/1`]: [
          ...IDS,
          lumitrackId('LT-LOOS-EEEE', { tenant: null, tenantGroupId: null, lumitrackIdAssociationData: [] }),
          lumitrackId('LT-GONE-GGGG', { tenant: null, tenantGroupId: null, lumitrackIdAssociationData: [] }),
        ],
        [`PUT ${LT}/cmd/assign_tenant`]: ({ body }: { body: unknown }) =>
          (body as { lumitrackId: string }).lumitrackId === 'LT-GONE-GGGG'
            ? new Fail(409, 'CONFLICT', 'Lumitrack ID LT-GONE-GGGG is deleted')
            : lumitrackId('LT-LOOS-EEEE'),
      },
    });
    openAt(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Add existing IDs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add IDs to Beam Line' });
    // Only IDs in no project are offered.
    await within(dialog).findByText('LT-LOOS-EEEE');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'LT-LOOS-EEEE' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'LT-GONE-GGGG' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 IDs' }));
    expect((await within(dialog).findByTestId('add-errors')).textContent).toBe(
      'LT-GONE-GGGG: Not done: Lumitrack ID LT-GONE-GGGG is deleted',
    );
    expect(sent('PUT', `${LT}/cmd/assign_tenant`).map((r) => r.body)).toEqual([
      { lumitrackId: 'LT-LOOS-EEEE', tenant: PROJECT },
      { lumitrackId: 'LT-GONE-GGGG', tenant: PROJECT },
    ]);
    expect(await screen.findByText('1 ID added to Beam Line.')).toBeTruthy();
  });

  it('fills a checklist from an ID’s row', async () => {
    serveLumitrack({ routes: { [LIST]: IDS, 'GET /checklist/templates/by_company/1': [template(1)] } });
    openAt(PAGE);
    await screen.findAllByTestId('lumitrack-row');
    await userEvent.click(
      within(row('LT-ABCD-EFGH')).getByRole('button', { name: 'Actions for LT-ABCD-EFGH' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fill a checklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checklist for LT-ABCD-EFGH' });
    expect(await within(dialog).findByTestId('item-slump')).toBeTruthy();
  });

  it('sends another type of project to its own screen', async () => {
    serveLumitrack();
    openAt(`/lumitrack/${SITE}/32`);
    expect((await screen.findByTestId('location')).textContent).toBe(`/construction_job_list/${SITE}/32`);
  });
});
