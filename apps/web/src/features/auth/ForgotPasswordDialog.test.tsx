import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../../api/session.ts';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';
import { json, stubFetch } from './test-utils.tsx';

const RESET_PATH = 'POST /v2/users/cmd/init_reset_pwd/by_email';
const OOPS = 'Oops, something went wrong. Please try again.';

/** The dialog as the login page uses it: a link opens it, Cancel closes it. */
function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open it
      </button>
      <ForgotPasswordDialog
        open={open}
        onClose={() => setOpen(false)}
        supportPhone="+1 613 555 0199"
        supportEmail="support@example.com"
      />
    </>
  );
}

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

beforeEach(() => {
  localStorage.clear();
  writeSession({ loginToken: 'company-token', companyId: 7 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('forgot-password dialog', () => {
  it("keeps Send disabled while the email is empty or invalid, and says 'Invalid email'", async () => {
    stubFetch({});
    const user = userEvent.setup();
    render(<Harness />);
    expect(sendButton().disabled).toBe(true);
    await user.type(emailInput(), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    await user.clear(emailInput());
    await user.type(emailInput(), 'admin@demo.example');
    await waitFor(() => expect(screen.queryByText('Invalid email')).toBeNull());
    expect(sendButton().disabled).toBe(false);
  });

  it('treats a 401 as success: confirms and shows the support contact details', async () => {
    const server = stubFetch({ [RESET_PATH]: json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } }) });
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(emailInput(), 'nobody@example.com');
    await user.click(sendButton());
    expect(
      await screen.findByText(
        'If nobody@example.com belongs to an account, a password reset link has been sent to it.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '+1 613 555 0199' }).getAttribute('href')).toBe(
      'tel:+16135550199',
    );
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
    expect(screen.queryByText(OOPS)).toBeNull();
    expect(server.calls('POST', '/v2/users/cmd/init_reset_pwd/by_email')[0].body).toEqual({
      companyId: 7,
      email: 'nobody@example.com',
    });
  });

  it('shows the error snackbar for another failure and lets the user try again', async () => {
    stubFetch({ [RESET_PATH]: json(500, { error: { code: 'BOOM', message: 'boom' } }) });
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(emailInput(), 'admin@demo.example');
    await user.click(sendButton());
    expect(await screen.findByText(OOPS)).toBeTruthy();
    expect(screen.queryByText(/password reset link has been sent/)).toBeNull();
    expect(emailInput().value).toBe('admin@demo.example');
    expect(sendButton().disabled).toBe(false);
  });

  it('disables Send while sending', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch({ [RESET_PATH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(emailInput(), 'admin@demo.example');
    await user.click(sendButton());
    await waitFor(() => expect(sendButton().disabled).toBe(true));
    await act(async () => answer(json(200, { ok: true })));
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
  });

  it('clears the fields 0.5 seconds after Cancel', async () => {
    stubFetch({});
    render(<Harness />);
    fireEvent.change(emailInput(), { target: { value: 'someone@example.com' } });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'open it', hidden: true }));
    act(() => vi.advanceTimersByTime(499));
    expect(emailInput().value).toBe('someone@example.com');
    act(() => vi.advanceTimersByTime(1));
    expect(emailInput().value).toBe('');
    expect(sendButton().disabled).toBe(true);
  });
});
