import type {
  ChecklistFill,
  MaterialElement,
  MaterialElementsPage,
  MaterialEvent,
  MaterialStage,
  MaterialTimeline,
} from '@sitepulse/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RequireFeature } from '../../app/guards.tsx';
import {
  renderRoutes,
  signedInEnglishTests,
  stubServer,
  testConfig,
  testUser,
} from '../../components/test-utils.tsx';
import MaterialTrackingPage from './MaterialTrackingPage.tsx';

signedInEnglishTests();

const flagOn = { ...testConfig, features: { trackingManager: false, materialTracking: true } };
const NAMES = ['Cast', 'Cured', 'In yard', 'Shipped', 'Installed'];
const stages: MaterialStage[] = NAMES.map((name, i) => ({
  id: 11 + i,
  companyId: 1,
  name,
  position: i + 1,
  checklistTemplateId: name === 'Cured' ? 2 : null,
  checklistTemplateName: name === 'Cured' ? 'Precast element QA' : null,
  eventCount: i < 3 ? 1 : 0,
}));
const at = (name: string) => {
  const s = stages.find((x) => x.name === name) as MaterialStage;
  return {
    stageId: s.id,
    name: s.name,
    position: s.position,
    since: Date.UTC(2025, 2, 3, 9),
    username: 'admin',
    userName: 'Dana Whitfield',
  };
};
const element = (lumitrackId: string, stage: string | null): MaterialElement => ({
  lumitrackId,
  state: 'Active',
  tenant: 33,
  projectName: 'Beam Line',
  tenantGroupId: 3,
  creationDate: Date.UTC(2025, 2, 1),
  stage: stage ? at(stage) : null,
});
const board: MaterialElementsPage = {
  stages: stages.map((s) => ({
    stageId: s.id,
    name: s.name,
    position: s.position,
    count: s.name === 'In yard' ? 1 : 0,
  })),
  notStarted: 1,
  total: 2,
  page: 0,
  rpp: 50,
  items: [element('LT-AAAA-BBBB', 'In yard'), element('LT-CCCC-DDDD', null)],
};
const timelineOf = (el: MaterialElement, events: MaterialEvent[] = []): MaterialTimeline => ({
  element: el,
  events,
});
const recorded: MaterialEvent = {
  id: 90,
  lumitrackId: 'LT-CCCC-DDDD',
  stageId: 11,
  stageName: 'Cast',
  position: 1,
  move: 'FIRST',
  note: null,
  checklistFillId: null,
  checklistTemplateName: null,
  creationDate: Date.now(),
  username: 'admin',
  userName: 'Alex Admin',
};

const route = [
  {
    path: '/materials-tracking',
    element: (
      <RequireFeature feature="materialTracking">
        <MaterialTrackingPage />
      </RequireFeature>
    ),
  },
];

function serve(extra: Record<string, unknown> = {}, user = testUser()) {
  return stubServer({
    config: flagOn,
    user,
    extra: {
      '/tracking/material/stages': stages,
      '/tracking/material/elements': board,
      '/tracking/material/events': recorded,
      '/checklist/fills/by_lumitrack_id/LT-CCCC-DDDD': [],
      '/tracking/material/events/by_lumitrack_id/LT-CCCC-DDDD': timelineOf(board.items[1]),
      ...extra,
    },
  });
}

type Fetch = ReturnType<typeof stubServer>;
const requests = (fetchMock: Fetch, path: string, method = 'GET') =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        new URL(String(url), 'http://localhost').pathname === `/api${path}` &&
        (init?.method ?? 'GET') === method,
    )
    .map(([url, init]) => ({
      url: new URL(String(url), 'http://localhost'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

describe('MaterialTrackingPage (/materials-tracking, flag on)', () => {
  it('shows the elements per stage, and the elements of a stage chosen on the board', async () => {
    const fetchMock = serve();
    renderRoutes(route, '/materials-tracking');
    const boardGroup = await screen.findByRole('group', { name: 'Elements per stage' });
    const boxes = within(boardGroup).getAllByRole('button');
    expect(
      boxes.map((b) => [
        b.getAttribute('data-stage'),
        within(b).getByTestId('stage-count-value').textContent,
      ]),
    ).toEqual([
      ['All', '2'],
      ['No stage yet', '1'],
      ['Cast', '0'],
      ['Cured', '0'],
      ['In yard', '1'],
      ['Shipped', '0'],
      ['Installed', '0'],
    ]);
    const rows = screen.getAllByTestId('element-row');
    expect(
      rows.map((r) => [
        r.getAttribute('data-lumitrack-id'),
        within(r).getByTestId('element-stage').textContent,
      ]),
    ).toEqual([
      ['LT-AAAA-BBBB', expect.stringMatching(/^In yard/)],
      ['LT-CCCC-DDDD', 'No stage yet'],
    ]);
    expect(
      Object.fromEntries(requests(fetchMock, '/tracking/material/elements')[0].url.searchParams),
    ).toEqual({
      companyId: '1',
      page: '0',
      rpp: '50',
    });

    fireEvent.click(within(boardGroup).getByRole('button', { name: /In yard/ }));
    await waitFor(() =>
      expect(requests(fetchMock, '/tracking/material/elements').at(-1)?.url.searchParams.get('stageId')).toBe(
        '13',
      ),
    );
    expect(
      within(boardGroup)
        .getByRole('button', { name: /In yard/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(within(boardGroup).getByRole('button', { name: /No stage yet/ }));
    await waitFor(() =>
      expect(
        requests(fetchMock, '/tracking/material/elements').at(-1)?.url.searchParams.get('notStarted'),
      ).toBe('true'),
    );
  });

  it('records a stage for an ID typed in any case: the next stage is chosen first', async () => {
    const user = userEvent.setup();
    const fetchMock = serve();
    renderRoutes(route, '/materials-tracking');
    await user.click(await screen.findByRole('button', { name: 'Record a stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stage' });
    await user.type(within(dialog).getByLabelText('Type the ID'), 'ltcccc dddd');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect(
      await within(dialog).findByText(
        'That is not a Lumitrack ID: LT- and two groups of four letters or digits.',
      ),
    ).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Type the ID'));
    await user.type(within(dialog).getByLabelText('Type the ID'), 'ltccccdddd');
    await user.click(within(dialog).getByRole('button', { name: 'Find' }));
    expect((await within(dialog).findByTestId('record-current')).textContent).toBe('No stage recorded yet');
    expect((within(dialog).getByRole('radio', { name: '1. Cast' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(requests(fetchMock, '/tracking/material/events', 'POST')).toHaveLength(1));
    expect(requests(fetchMock, '/tracking/material/events', 'POST')[0].body).toEqual({
      lumitrackId: 'LT-CCCC-DDDD',
      stageId: 11,
    });
    expect(await screen.findByText('Cast recorded for LT-CCCC-DDDD.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a stage' })).toBeNull());
  });

  it('needs a note to go back to an earlier stage, and offers the checklist of the ID that backs a stage', async () => {
    const user = userEvent.setup();
    const fill = {
      id: 5,
      templateId: 2,
      templateName: 'Precast element QA',
      userName: 'Dana Whitfield',
      creationDate: Date.UTC(2025, 2, 2),
    } as ChecklistFill;
    const fetchMock = serve({
      '/tracking/material/events/by_lumitrack_id/LT-AAAA-BBBB': timelineOf(board.items[0]),
      '/checklist/fills/by_lumitrack_id/LT-AAAA-BBBB': [fill],
    });
    renderRoutes(route, '/materials-tracking');
    await user.click(await screen.findByRole('button', { name: 'Record a stage for LT-AAAA-BBBB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stage' });
    // At In yard: Shipped comes next.
    expect(await within(dialog).findByText(/^Now: In yard, since/)).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: '4. Shipped' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.click(within(dialog).getByRole('radio', { name: '2. Cured' }));
    expect(within(dialog).getByTestId('needs-note').textContent).toBe(
      'Going back from In yard to Cured needs a note saying why.',
    );
    // Cured's own checklist, filled for this ID, backs it; and its template can be filled on the ID's page.
    expect(within(dialog).getByTestId('stage-checklist').textContent).toBe(
      "This stage's checklist: Precast element QA. Fill it on the ID's page",
    );
    expect(within(dialog).getByRole('link', { name: "Fill it on the ID's page" }).getAttribute('href')).toBe(
      '/lumitrack/3/33/id/LT-AAAA-BBBB',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(within(dialog).getByText('Say why it goes back.')).toBeTruthy();
    expect(requests(fetchMock, '/tracking/material/events', 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Note/), 'Chipped corner');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(requests(fetchMock, '/tracking/material/events', 'POST')).toHaveLength(1));
    expect(requests(fetchMock, '/tracking/material/events', 'POST')[0].body).toEqual({
      lumitrackId: 'LT-AAAA-BBBB',
      stageId: 12,
      note: 'Chipped corner',
      checklistFillId: 5,
    });
  });

  it('says so when there is no camera: the ID is typed instead', async () => {
    const user = userEvent.setup();
    serve();
    renderRoutes(route, '/materials-tracking');
    await user.click(await screen.findByRole('button', { name: 'Record a stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stage' });
    await user.click(within(dialog).getByRole('button', { name: 'Scan the label' }));
    expect((await within(dialog).findByTestId('camera-off')).textContent).toBe(
      'No camera here: type the ID instead.',
    );
  });

  it("shows an element's timeline, newest first, with its notes", async () => {
    const user = userEvent.setup();
    const events: MaterialEvent[] = [
      {
        ...recorded,
        id: 3,
        lumitrackId: 'LT-AAAA-BBBB',
        stageId: 12,
        stageName: 'Cured',
        position: 2,
        move: 'BACKWARD',
        note: 'Chipped corner',
      },
      {
        ...recorded,
        id: 2,
        lumitrackId: 'LT-AAAA-BBBB',
        stageId: 13,
        stageName: 'In yard',
        position: 3,
        move: 'FORWARD',
        checklistFillId: 5,
        checklistTemplateName: 'Precast element QA',
      },
      { ...recorded, id: 1, lumitrackId: 'LT-AAAA-BBBB' },
    ];
    serve({ '/tracking/material/events/by_lumitrack_id/LT-AAAA-BBBB': timelineOf(board.items[0], events) });
    renderRoutes(route, '/materials-tracking');
    await user.click(await screen.findByRole('button', { name: 'Timeline of LT-AAAA-BBBB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Timeline of LT-AAAA-BBBB' });
    const items = await within(dialog).findAllByTestId('timeline-event');
    expect(items.map((i) => [i.getAttribute('data-move'), i.querySelector('p')?.textContent])).toEqual([
      ['BACKWARD', 'Cured'],
      ['FORWARD', 'In yard'],
      ['FIRST', 'Cast'],
    ]);
    expect(within(items[0]).getByText('Chipped corner')).toBeTruthy();
    expect(within(items[1]).getByText('Checklist: Precast element QA')).toBeTruthy();
  });

  it('lets a company admin rename and add stages, sent all at once', async () => {
    const user = userEvent.setup();
    const fetchMock = serve({ '/checklist/templates/by_company/1': [] });
    renderRoutes(route, '/materials-tracking');
    await user.click(await screen.findByRole('button', { name: 'Stages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stages of material tracking' });
    const names = within(dialog).getAllByLabelText('Name') as HTMLInputElement[];
    expect(names.map((n) => n.value)).toEqual(NAMES);
    // Stages with events cannot be removed.
    expect((within(dialog).getByRole('button', { name: 'Remove Cast' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.clear(names[2]);
    await user.type(names[2], 'Yard');
    await user.click(within(dialog).getByRole('button', { name: 'Add a stage' }));
    const added = (within(dialog).getAllByLabelText('Name') as HTMLInputElement[])[5];
    await user.type(added, 'cast');
    expect(within(dialog).getByTestId('stages-problem').textContent).toBe(
      "Stage 6 ('cast') has the same name as stage 1.",
    );
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(added);
    await user.type(added, 'Inspected');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Installed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests(fetchMock, '/tracking/material/stages', 'PUT')).toHaveLength(1));
    expect(requests(fetchMock, '/tracking/material/stages', 'PUT')[0].body).toEqual({
      companyId: 1,
      stages: [
        { id: 11, name: 'Cast', checklistTemplateId: null },
        { id: 12, name: 'Cured', checklistTemplateId: 2 },
        { id: 13, name: 'Yard', checklistTemplateId: null },
        { id: 14, name: 'Shipped', checklistTemplateId: null },
        { name: 'Inspected', checklistTemplateId: null },
      ],
    });
  });

  it('offers a viewer neither recording nor the stages', async () => {
    serve({}, testUser({ accountType: 'USER', userTenantGroupData: [{ tenantGroupId: 3, access: 4 }] }));
    renderRoutes(route, '/materials-tracking');
    await screen.findAllByTestId('element-row');
    expect(screen.queryByRole('button', { name: 'Record a stage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stages' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Record a stage for/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Timeline of/ })).toHaveLength(2);
  });

  it('is the no-access page with the flag off, and asks for nothing', async () => {
    const fetchMock = stubServer({ extra: { '/tracking/material/elements': board } });
    renderRoutes(route, '/materials-tracking');
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(requests(fetchMock, '/tracking/material/elements')).toHaveLength(0);
  });
});
