import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests, stubPhoneWidth, testUser } from '../../components/test-utils.tsx';
import { formToTemplate, itemIndexOfRefusal, keyFromLabel } from './rules.ts';
import { audit, Fail, openTemplates, type QA, serveChecklists, template } from './test-server.tsx';

signedInEnglishTests();

const T = '/checklist/templates';
const text = (el: Element | null | undefined) => el?.textContent ?? '';
const row = (name: string) =>
  screen.getAllByTestId('template-row').find((r) => r.dataset.name === name) as HTMLElement;

async function openMenu(name: string, item: string) {
  await userEvent.click(within(row(name)).getByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the checklist templates screen', () => {
  it('lists the templates: name, active, projects by name, items, last modified in the display zone', async () => {
    serveChecklists({
      user: testUser({ userSettingData: [{ type: 'DisplayTimeZone', val: 'America/Toronto' }] }),
      routes: {
        [`GET ${T}/by_company/1`]: [
          template(1, { name: 'Precast element QA', tenants: [33, 35] }),
          template(2, { name: 'Old QA', isActive: false, tenants: [] }),
        ],
      },
    });
    openTemplates();
    expect(await screen.findByRole('heading', { level: 1, name: 'Checklist Templates' })).toBeTruthy();
    await screen.findAllByTestId('template-row');
    expect(screen.getByRole('table', { name: 'Checklist templates' })).toBeTruthy();
    const qa = row('Precast element QA');
    expect(text(qa)).toContain('Beam Line, Yard Asset Tags');
    expect(text(qa)).toContain('3 items');
    expect(text(qa)).toContain('2026-01-15 12:30 PM EST');
    expect(within(qa).getByRole('switch', { name: 'Precast element QA is active' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(row('Old QA')).getByRole('switch', { name: 'Old QA is active' })).toHaveProperty(
      'checked',
      false,
    );
    expect(text(row('Old QA'))).toContain('--');
  });

  it('shows cards on a phone', async () => {
    stubPhoneWidth();
    serveChecklists();
    openTemplates();
    await screen.findAllByTestId('template-row');
    expect(screen.getByRole('list', { name: 'Checklist templates' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Checklist templates' })).toBeNull();
  });

  it('creates a template with ordered items of each kind; checks them first', async () => {
    const { sent } = serveChecklists({
      routes: { [`POST ${T}`]: ({ body }: { body: unknown }) => template(9, body as object) },
    });
    openTemplates();
    await userEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New checklist template' });
    // Nothing typed: the name and the item's label are asked for.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Give the template a name.')).toBeTruthy();
    expect(within(dialog).getByText('Say what is asked.')).toBeTruthy();

    await userEvent.type(within(dialog).getByTestId('template-name'), 'Yard QA');
    const items = () => within(dialog).getAllByTestId('template-item');
    await userEvent.type(within(items()[0]).getByRole('textbox', { name: /What is asked/ }), 'Cover checked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an item' }));
    await userEvent.type(within(items()[1]).getByRole('textbox', { name: /What is asked/ }), 'Slump (mm)');
    await userEvent.click(within(items()[1]).getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Number' }));
    await userEvent.type(within(items()[1]).getByRole('textbox', { name: 'Unit' }), 'mm');
    await userEvent.type(within(items()[1]).getByRole('textbox', { name: 'Lowest' }), '250');
    await userEvent.type(within(items()[1]).getByRole('textbox', { name: 'Highest' }), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add an item' }));
    await userEvent.type(within(items()[2]).getByRole('textbox', { name: /What is asked/ }), 'Photo');
    await userEvent.click(within(items()[2]).getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Photo' }));
    await userEvent.click(within(items()[2]).getByRole('checkbox', { name: 'Required' }));
    // Bounds the wrong way round: said on the item, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(items()[1]).findByText('The highest must not be below the lowest.')).toBeTruthy();
    expect(sent('POST', T)).toHaveLength(0);
    await userEvent.clear(within(items()[1]).getByRole('textbox', { name: 'Lowest' }));
    await userEvent.type(within(items()[1]).getByRole('textbox', { name: 'Lowest' }), '0');
    await userEvent.clear(within(items()[1]).getByRole('textbox', { name: 'Highest' }));
    await userEvent.type(within(items()[1]).getByRole('textbox', { name: 'Highest' }), '250');
    // The photo first: moved up twice.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move item 3 up' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move item 2 up' }));
    expect(within(dialog).getByRole('button', { name: 'Move item 1 up' })).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST', T)[0].body).toEqual({
      companyId: 1,
      name: 'Yard QA',
      isActive: true,
      template: {
        items: [
          { key: 'photo', label: 'Photo', kind: 'PHOTO', required: false },
          { key: 'cover_checked', label: 'Cover checked', kind: 'CHECK', required: true },
          {
            key: 'slump_mm',
            label: 'Slump (mm)',
            kind: 'NUMBER',
            required: true,
            unit: 'mm',
            min: 0,
            max: 250,
          },
        ],
      },
    });
    expect(
      await screen.findByText('Checklist template Yard QA created. Assign it to projects to fill it.'),
    ).toBeTruthy();
  });

  it('edits the items of a template, keeping their keys, and shows the server’s refusal on the item it names', async () => {
    let refuse = true;
    const { sent } = serveChecklists({
      routes: {
        [`PUT ${T}/cmd/assign_template`]: ({ body }: { body: unknown }) =>
          refuse
            ? new Fail(400, 'BAD_REQUEST', "Item 2 ('slump'): min (300) must not be greater than max (250)")
            : template(1, { ...(body as object), version: 2, name: 'Precast element QA' }),
      },
    });
    openTemplates();
    await screen.findAllByTestId('template-row');
    await openMenu('Precast element QA', 'Edit items');
    const dialog = await screen.findByRole('dialog', { name: 'Items of Precast element QA' });
    expect(text(dialog)).toContain('Version 1.');
    const items = within(dialog).getAllByTestId('template-item');
    expect(items).toHaveLength(3);
    expect(within(items[1]).getByRole('textbox', { name: 'Unit' })).toHaveProperty('value', 'mm');
    await userEvent.clear(within(items[1]).getByRole('textbox', { name: /What is asked/ }));
    await userEvent.type(within(items[1]).getByRole('textbox', { name: /What is asked/ }), 'Slump at pour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const refusal = await within(within(dialog).getAllByTestId('template-item')[1]).findByTestId(
      'item-refusal',
    );
    expect(refusal.textContent).toBe(
      "Not saved: Item 2 ('slump'): min (300) must not be greater than max (250)",
    );
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sentItems = (sent('PUT', `${T}/cmd/assign_template`)[1].body as { template: typeof QA }).template
      .items;
    expect(sentItems.map((i) => [i.key, i.label])).toEqual([
      ['cover', 'Cover checked'],
      ['slump', 'Slump at pour'],
      ['photo', 'Photo of the element'],
    ]);
    expect(await screen.findByText('Precast element QA saved (version 2).')).toBeTruthy();
  });

  it('renames, saying a name already taken', async () => {
    let taken = true;
    const { sent } = serveChecklists({
      routes: {
        [`PUT ${T}/cmd/assign_name`]: ({ body }: { body: unknown }) =>
          taken
            ? new Fail(409, 'CONFLICT', "A checklist template named 'Old QA' already exists")
            : template(1, body as object),
      },
    });
    openTemplates();
    await screen.findAllByTestId('template-row');
    await openMenu('Precast element QA', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename Precast element QA' });
    const name = within(dialog).getByTestId('rename-name');
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('Give the template a name.')).toBeTruthy();
    await userEvent.type(name, 'Old QA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(
      await within(dialog).findByText("Not saved: A checklist template named 'Old QA' already exists"),
    ).toBeTruthy();
    taken = false;
    await userEvent.clear(name);
    await userEvent.type(name, '  Yard QA  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT', `${T}/cmd/assign_name`).map((r) => r.body)).toEqual([
      { id: 1, name: 'Old QA' },
      { id: 1, name: 'Yard QA' },
    ]);
  });

  it('assigns Lumitrack projects, an archived one only kept', async () => {
    const { sent } = serveChecklists({
      routes: {
        [`GET ${T}/by_company/1`]: [template(1, { name: 'Precast element QA', tenants: [33, 36, 777] })],
        [`POST ${T}/cmd/assign_tenants`]: ({ body }: { body: unknown }) => template(1, body as object),
      },
    });
    openTemplates();
    await screen.findAllByTestId('template-row');
    await openMenu('Precast element QA', 'Assign projects');
    const dialog = await screen.findByRole('dialog', { name: 'Projects of Precast element QA' });
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).checked),
    ).toEqual([true, false, true]);
    expect(within(dialog).getByRole('checkbox', { name: 'Old Tags (archived)' })).toHaveProperty(
      'disabled',
      false,
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Yard Asset Tags' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Old Tags (archived)' }));
    // Unticked, an archived project cannot be ticked again.
    expect(within(dialog).getByRole('checkbox', { name: 'Old Tags (archived)' })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A project the admin does not see (777) stays assigned.
    expect(sent('POST', `${T}/cmd/assign_tenants`)[0].body).toEqual({ id: 1, tenants: [777, 33, 35] });
  });

  it('activates and deactivates', async () => {
    const { sent } = serveChecklists({
      routes: {
        [`PUT ${T}/cmd/toggle`]: ({ body }: { body: unknown }) =>
          template(1, { name: 'Precast element QA', ...(body as object) }),
      },
    });
    openTemplates();
    await screen.findAllByTestId('template-row');
    await userEvent.click(screen.getByRole('switch', { name: 'Precast element QA is active' }));
    expect(
      await screen.findByText('Precast element QA is deactivated: it takes no new checklists.'),
    ).toBeTruthy();
    expect(sent('PUT', `${T}/cmd/toggle`)[0].body).toEqual({ id: 1, isActive: false });
  });

  it('shows the audit: who did what and when, of every template or one', async () => {
    const { sent } = serveChecklists({
      routes: {
        [`GET ${T}/by_company/1`]: [
          template(1, { name: 'Precast element QA' }),
          template(2, { name: 'Old QA' }),
        ],
        [`POST ${T}/audits/users`]: ({ body }: { body: unknown }) =>
          (body as { templateId?: number }).templateId === 2
            ? [
                audit(5, {
                  templateId: 2,
                  templateName: 'Old QA',
                  operation: 'DEACTIVATE',
                  username: 'pat',
                  detail: 'inactive',
                }),
              ]
            : [
                audit(3, {
                  operation: 'FILL',
                  username: 'editor',
                  detail: 'checklist 4, version 1, Lumitrack ID LT-7K3M-Q9XP',
                }),
                audit(1),
              ],
      },
    });
    openTemplates();
    const entries = await screen.findAllByTestId('audit-entry');
    expect(entries).toHaveLength(2);
    expect(text(entries[0])).toContain('editor');
    expect(text(entries[0])).toContain('Filled');
    expect(text(entries[0])).toContain('LT-7K3M-Q9XP');
    expect(text(entries[1])).toContain('Created');
    expect(text(entries[1])).toContain('2026-01-15 05:30 PM UTC');
    await openMenu('Old QA', 'Audit');
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
    expect(text(screen.getByTestId('audit-entry'))).toContain('Deactivated');
    expect(text(screen.getByTestId('audit-entry'))).toContain('pat');
    expect(sent('POST', `${T}/audits/users`).map((r) => r.body)).toEqual([
      { companyId: 1 },
      { companyId: 1, templateId: 2 },
    ]);
  });

  it('lets an admin with a read-only role read the templates and the audit, and change nothing', async () => {
    serveChecklists({ user: testUser({ roles: ['READONLY_USER'] }) });
    openTemplates();
    await screen.findAllByTestId('template-row');
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /is active/ })).toBeNull();
    expect(text(row('Precast element QA'))).toContain('Active');
    await userEvent.click(
      within(row('Precast element QA')).getByRole('button', { name: 'Actions for Precast element QA' }),
    );
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['Audit']);
  });
});

describe('the editor’s rules', () => {
  it('makes keys from labels, unique and within the key pattern', () => {
    expect(keyFromLabel('Cover checked', new Set())).toBe('cover_checked');
    expect(keyFromLabel('Épaisseur (mm)', new Set())).toBe('epaisseur_mm');
    expect(keyFromLabel('3 welds', new Set())).toBe('item_3_welds');
    expect(keyFromLabel('¿?', new Set())).toBe('item');
    expect(keyFromLabel('Cover', new Set(['cover', 'cover_2']))).toBe('cover_3');
    expect(keyFromLabel('x'.repeat(60), new Set(['x'.repeat(40)]))).toBe(`${'x'.repeat(38)}_2`);
    const made = formToTemplate([
      { key: '', label: 'Cover', kind: 'CHECK', required: true, unit: 'mm', min: '1', max: '2', hint: ' ' },
      {
        key: 'cover',
        label: 'Old',
        kind: 'NUMBER',
        required: false,
        unit: '',
        min: '-1,5',
        max: '',
        hint: 'h',
      },
    ]);
    expect(made.items).toEqual([
      { key: 'cover_2', label: 'Cover', kind: 'CHECK', required: true },
      { key: 'cover', label: 'Old', kind: 'NUMBER', required: false, hint: 'h', min: -1.5 },
    ]);
  });

  it('finds the item a refusal names', () => {
    expect(itemIndexOfRefusal("Item 2 ('slump'): min (3) must not be greater than max (1)", 3)).toBe(1);
    expect(itemIndexOfRefusal('Item 1 must be an object', 3)).toBe(0);
    expect(itemIndexOfRefusal('Item 4: the label must not be blank', 3)).toBeNull();
    expect(itemIndexOfRefusal('The template must have at least one item', 3)).toBeNull();
  });
});
