import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEnglishTests, stubPhoneWidth } from '../../components/test-utils.tsx';
import {
  Fail,
  fill,
  gpsNode,
  lumitrackId,
  openAt,
  PROJECT,
  SITE,
  serveLumitrack,
  siteUser,
  template,
} from './test-server.tsx';

signedInEnglishTests();

const ID = 'LT-7K3M-Q9XP';
const PAGE = `/lumitrack/${SITE}/${PROJECT}/id/${ID}`;
const PHOTO_ID = '0f8b6a2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const text = (el: Element | null | undefined) => el?.textContent ?? '';

/** A PNG file as a phone camera would hand it over. */
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'slab.png', {
    type: 'image/png',
  });

const theId = lumitrackId(ID, { gpsNodeId: 123456789012, gpsNode: gpsNode(123456789012, 'Crane tracker') });

async function openFill() {
  await userEvent.click(await screen.findByRole('button', { name: 'Fill a checklist' }));
  const dialog = await screen.findByRole('dialog', { name: `Checklist for ${ID}` });
  await within(dialog).findByTestId('item-cover');
  return dialog;
}

describe('a Lumitrack ID screen', () => {
  it('shows the ID, its GPS node cut to 8 with its last fix, and its checklists with the template they filled', async () => {
    serveLumitrack({
      routes: {
        [`GET /lumitrack/lumitrackid/by_lumitrack_id/${ID}`]: theId,
        [`GET /checklist/fills/by_lumitrack_id/${ID}`]: [
          fill(2, {
            templateName: 'Precast element QA',
            templateVersion: 2,
            answers: [
              { key: 'cover', value: false },
              { key: 'slump', value: 120 },
              { key: 'notes', value: 'Chip on the flange' },
              { key: 'photo', value: PHOTO_ID },
            ],
          }),
          fill(1, { templateName: 'Old QA', userName: 'Pat Doe' }),
        ],
      },
    });
    openAt(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(ID) })).toBeTruthy();
    const facts = await screen.findByTestId('id-facts');
    expect(within(facts).getByTestId('gps-node').textContent).toBe('12345678');
    expect(text(facts)).toContain('Crane tracker');
    expect(text(facts)).toContain('Beam Line');
    expect(text(facts)).toContain('Active');
    const fills = await screen.findAllByTestId('fill');
    expect(fills).toHaveLength(2);
    expect(text(fills[0])).toContain('Precast element QA (version 2)');
    expect(text(fills[0])).toContain('By Alex Admin, 2026-01-15 05:30 PM UTC');
    // The newest is open: each item of its template with its answer.
    const answers = within(fills[0]).getByRole('table', { name: 'Answers' });
    expect(text(answers)).toContain('Cover checkedFail');
    expect(text(answers)).toContain('Slump120 mm');
    expect(text(answers)).toContain('NotesChip on the flange');
    const photo = within(answers).getByRole('img', {
      name: 'Photo: Photo of the element',
    }) as HTMLImageElement;
    const url = new URL(photo.src);
    expect(url.pathname).toBe(`/api/checklist/photos/${PHOTO_ID}`);
    expect(url.searchParams.get('token')).toBe('access-token');
    expect(text(fills[1])).toContain('Old QA (version 1)');
    expect(text(fills[1])).toContain('By Pat Doe');
    expect(screen.getByRole('link', { name: 'Back to Beam Line' }).getAttribute('href')).toBe(
      `/lumitrack/${SITE}/${PROJECT}`,
    );
  });

  it('fills a checklist: checks the answers first, sends the photo, then the answers; kept and shown', async () => {
    stubPhoneWidth();
    let fills = [] as ReturnType<typeof fill>[];
    const { sent } = serveLumitrack({
      routes: {
        [`GET /lumitrack/lumitrackid/by_lumitrack_id/${ID}`]: theId,
        [`GET /checklist/fills/by_lumitrack_id/${ID}`]: () => fills,
        'GET /checklist/templates/by_company/1': [
          template(1, { name: 'Precast element QA' }),
          template(2, { name: 'Inactive QA', isActive: false }),
          template(3, { name: 'Other project QA', tenants: [99] }),
        ],
        'POST /checklist/photos': { photoId: PHOTO_ID, mimeType: 'image/png', size: 10, creationDate: 1 },
        'POST /checklist/fills': ({ body }: { body: unknown }) => {
          const made = fill(5, { ...(body as object), answers: (body as { answers: [] }).answers });
          fills = [made];
          return made;
        },
      },
    });
    openAt(PAGE);
    expect(await screen.findByText('No checklist filled for this ID yet.')).toBeTruthy();
    const dialog = await openFill();
    // Only the project's active template is offered, chosen at once.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Checklist' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Precast element QA']);
    await userEvent.keyboard('{Escape}');

    // Nothing answered: the required items say so, nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save checklist' }));
    expect(text(await within(dialog).findByTestId('item-cover'))).toContain('Required');
    expect(text(within(dialog).getByTestId('item-slump'))).toContain('Required');
    // Out of bounds, in the item's unit.
    await userEvent.click(
      within(within(dialog).getByTestId('item-cover')).getByRole('radio', { name: 'Pass' }),
    );
    const slump = within(within(dialog).getByTestId('item-slump')).getByRole('textbox');
    expect(text(within(dialog).getByTestId('item-slump'))).toContain('mm');
    await userEvent.type(slump, '251');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save checklist' }));
    expect(text(await within(dialog).findByTestId('item-slump'))).toContain(
      'Out of bounds: Between 0 and 250 mm.',
    );
    expect(sent('POST', '/checklist/fills')).toHaveLength(0);

    await userEvent.clear(slump);
    await userEvent.type(slump, '120,5');
    await userEvent.type(
      within(within(dialog).getByTestId('item-notes')).getByRole('textbox'),
      'Chip on the flange',
    );
    const input = within(dialog).getByTestId('photo-photo') as HTMLInputElement;
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    await userEvent.upload(input, png());
    expect(text(within(dialog).getByTestId('item-photo'))).toContain('slab.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save checklist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The photo went first, as itself; then the answers naming it.
    const photo = sent('POST', '/checklist/photos')[0];
    expect(photo.contentType).toBe('image/png');
    expect(photo.body).toBeInstanceOf(File);
    expect(sent('POST', '/checklist/fills')[0].body).toEqual({
      templateId: 1,
      tenantId: PROJECT,
      lumitrackId: ID,
      answers: [
        { key: 'cover', value: true },
        { key: 'slump', value: 120.5 },
        { key: 'notes', value: 'Chip on the flange' },
        { key: 'photo', value: PHOTO_ID },
      ],
    });
    expect(await screen.findByText(`Checklist “Precast element QA” saved for ${ID}.`)).toBeTruthy();
    const shown = await screen.findByTestId('fill');
    expect(text(shown)).toContain('Slump120.5 mm');
  });

  it('shows the server’s refusal next to the item it names, and keeps the answers', async () => {
    const { sent } = serveLumitrack({
      routes: {
        [`GET /lumitrack/lumitrackid/by_lumitrack_id/${ID}`]: theId,
        'POST /checklist/fills': new Fail(
          400,
          'BAD_REQUEST',
          "Item 'slump' (Slump) 200 is out of bounds: it must be between 0 and 150 mm",
        ),
      },
    });
    openAt(PAGE);
    const dialog = await openFill();
    await userEvent.click(
      within(within(dialog).getByTestId('item-cover')).getByRole('radio', { name: 'Fail' }),
    );
    await userEvent.type(within(within(dialog).getByTestId('item-slump')).getByRole('textbox'), '200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save checklist' }));
    const item = await within(dialog).findByTestId('item-slump');
    await waitFor(() =>
      expect(within(item).getByTestId('item-error').textContent).toBe(
        "Item 'slump' (Slump) 200 is out of bounds: it must be between 0 and 150 mm",
      ),
    );
    expect(within(item).getByRole('textbox')).toHaveProperty('value', '200');
    expect(sent('POST', '/checklist/fills')).toHaveLength(1);
  });

  it('shows a refused photo next to its item and sends no answers', async () => {
    const { sent } = serveLumitrack({
      routes: {
        [`GET /lumitrack/lumitrackid/by_lumitrack_id/${ID}`]: theId,
        'POST /checklist/photos': new Fail(400, 'BAD_REQUEST', 'The body is not a image/png image'),
      },
    });
    openAt(PAGE);
    const dialog = await openFill();
    await userEvent.click(
      within(within(dialog).getByTestId('item-cover')).getByRole('radio', { name: 'Pass' }),
    );
    await userEvent.type(within(within(dialog).getByTestId('item-slump')).getByRole('textbox'), '10');
    await userEvent.upload(within(dialog).getByTestId('photo-photo') as HTMLInputElement, png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save checklist' }));
    expect(text(await within(within(dialog).getByTestId('item-photo')).findByTestId('item-error'))).toBe(
      'Not done: The body is not a image/png image',
    );
    expect(sent('POST', '/checklist/fills')).toHaveLength(0);
  });

  it('says when the project has no active checklist', async () => {
    serveLumitrack({
      routes: {
        [`GET /lumitrack/lumitrackid/by_lumitrack_id/${ID}`]: theId,
        'GET /checklist/templates/by_company/1': [template(2, { isActive: false })],
      },
    });
    openAt(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: 'Fill a checklist' }));
    const dialog = await screen.findByRole('dialog', { name: `Checklist for ${ID}` });
    expect(await within(dialog).findByTestId('no-templates')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save checklist' })).toHaveProperty('disabled', true);
  });

  it('offers a viewer the labels but no change', async () => {
    serveLumitrack({
      user: siteUser(4),
      routes: { [`GET /lumitrack/lumitrackid/by_lumitrack_id/${ID}`]: theId },
    });
    openAt(PAGE);
    expect(await screen.findByRole('button', { name: 'Label' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fill a checklist' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'GPS node' })).toBeNull();
  });

  it('says an ID that is not there is not found', async () => {
    serveLumitrack({
      routes: {
        [`GET /lumitrack/lumitrackid/by_lumitrack_id/${ID}`]: new Fail(
          404,
          'NOT_FOUND',
          'Lumitrack ID not found',
        ),
      },
    });
    openAt(PAGE);
    expect(text(await screen.findByRole('alert'))).toMatch(/no longer|not/i);
  });
});
