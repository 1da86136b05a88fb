import type { Invitation } from '@sitepulse/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes, signedInEnglishTests, stubPhoneWidth } from '../../components/test-utils.tsx';
import i18n from '../../i18n/index.ts';
import { apiError, jane, json, type Sent, serveUsers, summary } from './test-fixtures.ts';
import UserManagementPage from './UserManagementPage.tsx';

const renderPage = () =>
  renderRoutes([{ path: '/user-management', element: <UserManagementPage /> }], '/user-management');

type User = ReturnType<typeof userEvent.setup>;

const LIST = '/v2/users/invite/list';
const lists = (sent: Sent[]) => sent.filter((s) => s.path === LIST);

/** The server's answer to invite/list: a new user per invitation, or `existing` for the addresses given. */
function answerList(existing: string[] = []) {
  return (s: Sent) => {
    if (s.path !== LIST) return undefined;
    const { invitations } = s.body as { invitations: Invitation[] };
    return json(
      invitations.map((inv, i) => ({
        user: summary(100 + i, `new${i}`, { email: inv.email ?? '' }),
        existing: existing.includes(inv.email ?? ''),
      })),
    );
  };
}

async function openDialog(user: User, name = 'Invite several people') {
  await user.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

const box = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'E-mail addresses' });

async function typeList(user: User, dialog: HTMLElement, text: string) {
  await user.click(box(dialog));
  await user.paste(text);
}

/** Chooses an option of a select of the dialog (MUI's listbox). */
async function choose(user: User, dialog: HTMLElement, select: string, option: string | RegExp) {
  await user.click(within(dialog).getByRole('combobox', { name: select }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const sendButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Send invitations' });

signedInEnglishTests();
beforeEach(() => {
  localStorage.setItem('sitepulse.seenUserManagementIntro', 'true');
});

describe('inviting several people', () => {
  it('opens from the page and posts every line with the one job site, role and language', async () => {
    const { sent } = serveUsers({ write: answerList(['jane.doe@demo.example', 'lee@demo.example']) });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('heading', { name: 'Invite several people' })).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('0 invitations');
    await typeList(
      user,
      dialog,
      [
        'ana@demo.example',
        '',
        '  Jane Doe <jane.doe@demo.example>  ',
        'Juan Carlos de la Vega, juan@demo.example',
        'lee@demo.example',
      ].join('\n'),
    );
    expect(within(dialog).getByRole('status').textContent).toBe('4 invitations');
    // The account type is fixed: user.
    expect(within(dialog).getByRole('textbox', { name: 'Account type' })).toHaveProperty('value', 'user');
    await choose(user, dialog, 'Job site', /Harbourfront Tower/);
    await choose(user, dialog, 'Role', 'editor');
    await choose(user, dialog, 'Language of the invitation', 'Español');
    await user.click(sendButton(dialog));

    await waitFor(() => expect(lists(sent)).toHaveLength(1));
    const access = [{ tenantGroupId: 1, access: 2 }];
    expect(lists(sent)[0].method).toBe('POST');
    expect(lists(sent)[0].body).toEqual({
      companyId: 1,
      invitations: [
        { email: 'ana@demo.example', language: 'es', tenantGroupData: access },
        {
          email: 'jane.doe@demo.example',
          firstName: 'Jane',
          lastName: 'Doe',
          language: 'es',
          tenantGroupData: access,
        },
        {
          email: 'juan@demo.example',
          firstName: 'Juan',
          lastName: 'Carlos de la Vega',
          language: 'es',
          tenantGroupData: access,
        },
        { email: 'lee@demo.example', language: 'es', tenantGroupData: access },
      ],
    });
    expect(
      await screen.findByText(
        '4 invitations sent. 2 of them already had an account and were given the access.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing else was written: one call for the whole list.
    expect(sent.map((s) => s.path)).toEqual([LIST]);
  });

  it('says only how many were sent when nobody had an account, in the language of the admin by default', async () => {
    const { sent } = serveUsers({ write: answerList() });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    await typeList(user, dialog, 'solo@demo.example');
    expect(within(dialog).getByRole('status').textContent).toBe('1 invitation');
    await choose(user, dialog, 'Job site', /North Yard Precast Plant/);
    await user.click(sendButton(dialog));
    expect(await screen.findByText('1 invitation sent.')).toBeTruthy();
    // Viewer by default, English as the admin reads.
    expect(lists(sent)[0].body).toEqual({
      companyId: 1,
      invitations: [
        { email: 'solo@demo.example', language: 'en', tenantGroupData: [{ tenantGroupId: 3, access: 4 }] },
      ],
    });
  });

  it('lists the lines to fix and keeps Send disabled until the list is clean and a job site is chosen', async () => {
    const { sent } = serveUsers({ write: answerList() });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    expect(sendButton(dialog)).toHaveProperty('disabled', true);
    await typeList(user, dialog, 'ana@demo.example\nnot an address\n\nAna Ruiz, ANA@demo.example');
    const problems = within(dialog).getByTestId('invite-several-problems');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 2: not an e-mail address “not an address”',
      'Line 4: this address is already on line 1 “Ana Ruiz, ANA@demo.example”',
    ]);
    expect(within(dialog).getByRole('status').textContent).toBe('1 invitation');
    await choose(user, dialog, 'Job site', /Harbourfront Tower/);
    expect(sendButton(dialog)).toHaveProperty('disabled', true);

    // Fixing the list enables Send; emptying it disables it again.
    await user.clear(box(dialog));
    await typeList(user, dialog, 'ana@demo.example\nbo@demo.example');
    expect(within(dialog).queryByTestId('invite-several-problems')).toBeNull();
    expect(sendButton(dialog)).toHaveProperty('disabled', false);
    await user.clear(box(dialog));
    expect(sendButton(dialog)).toHaveProperty('disabled', true);
    expect(sent).toHaveLength(0);
  });

  it('needs a job site before sending', async () => {
    serveUsers({ write: answerList() });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    await typeList(user, dialog, 'ana@demo.example');
    expect(sendButton(dialog)).toHaveProperty('disabled', true);
    await choose(user, dialog, 'Job site', /Harbourfront Tower/);
    expect(sendButton(dialog)).toHaveProperty('disabled', false);
  });

  it("shows the server's refusal in the dialog with the line it is about, and keeps everything typed", async () => {
    const { sent } = serveUsers({
      write: (s) =>
        s.path === LIST
          ? apiError(409, 'CONFLICT', 'Invitation 2: A user with this username was just made: try again')
          : undefined,
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    const typed = 'ana@demo.example\n\nJane Doe <jane.doe@demo.example>';
    await typeList(user, dialog, typed);
    await choose(user, dialog, 'Job site', /Harbourfront Tower/);
    await choose(user, dialog, 'Role', 'admin');
    await user.click(sendButton(dialog));

    const error = await within(dialog).findByTestId('invite-several-error');
    expect(error.textContent).toBe(
      'This conflicts with what is already saved: Invitation 2: A user with this username was just made: try again' +
        'Invitation 2 is line 3 of the list (jane.doe@demo.example).' +
        'Nothing was sent: fix the list and send again.',
    );
    expect(lists(sent)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(box(dialog)).toHaveProperty('value', typed);
    expect(within(dialog).getByRole('combobox', { name: 'Job site' }).textContent).toBe('Harbourfront Tower');
    expect(within(dialog).getByRole('combobox', { name: 'Role' }).textContent).toBe('admin');
    expect(screen.queryByText(/invitations? sent/)).toBeNull();
    // The admin may send again at once.
    expect(sendButton(dialog)).toHaveProperty('disabled', false);
  });

  it('shows a 400 in the words of the server', async () => {
    serveUsers({
      write: (s) =>
        s.path === LIST ? apiError(400, 'BAD_REQUEST', 'Invitation 1: Job site 1 is archived') : undefined,
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openDialog(user);
    await typeList(user, dialog, `${jane.email}`);
    await choose(user, dialog, 'Job site', /Harbourfront Tower/);
    await user.click(sendButton(dialog));
    expect((await within(dialog).findByTestId('invite-several-error')).textContent).toContain(
      'The server refused the change: Invitation 1: Job site 1 is archived',
    );
    expect(box(dialog)).toHaveProperty('value', jane.email);
  });

  it('closes with Cancel, and opens empty again', async () => {
    const { sent } = serveUsers();
    const user = userEvent.setup();
    renderPage();
    let dialog = await openDialog(user);
    await typeList(user, dialog, 'ana@demo.example');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDialog(user);
    expect(box(dialog)).toHaveProperty('value', '');
    expect(sent).toHaveLength(0);
  });

  it('fills the whole screen of a phone', async () => {
    stubPhoneWidth();
    serveUsers();
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('user-card');
    const dialog = await openDialog(user);
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
  });

  it('reads in Spanish, inviting in Spanish by default', async () => {
    const { sent } = serveUsers({ write: answerList(['ana@demo.example']) });
    const user = userEvent.setup();
    await i18n.changeLanguage('es');
    renderPage();
    const dialog = await openDialog(user, 'Invitar a varias personas');
    expect(within(dialog).getByRole('heading', { name: 'Invitar a varias personas' })).toBeTruthy();
    await user.click(within(dialog).getByRole('textbox', { name: 'Direcciones de correo electrónico' }));
    await user.paste('ana@demo.example\nno vale');
    expect(within(dialog).getByText('Línea 2: no es una dirección de correo electrónico')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Idioma de la invitación' }).textContent).toBe(
      'Español',
    );
    await user.clear(within(dialog).getByRole('textbox', { name: 'Direcciones de correo electrónico' }));
    await user.paste('ana@demo.example\nbo@demo.example');
    expect(within(dialog).getByRole('status').textContent).toBe('2 invitaciones');
    await choose(user, dialog, 'Obra', /Harbourfront Tower/);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar invitaciones' }));
    expect(
      await screen.findByText(
        'Se enviaron 2 invitaciones. 1 de esas personas ya tenía una cuenta y recibió el acceso.',
      ),
    ).toBeTruthy();
    expect((lists(sent)[0].body as { invitations: Invitation[] }).invitations.map((i) => i.language)).toEqual(
      ['es', 'es'],
    );
  });
});
