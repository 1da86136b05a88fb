import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../../api/session.ts';
import { CompanyCodeStep } from './CompanyCodeStep.tsx';
import { demoServer, json } from './test-utils.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('company code step: server info', () => {
  it('shows a retry screen after 10 failed retries, and Try Again resumes with the stored company', async () => {
    let serverUp = false;
    const server = demoServer({
      'GET /servers/alfred': () =>
        serverUp
          ? json(200, [{ host: 'localhost', port: 8080, companyId: 7 }])
          : json(503, { error: { code: 'UNAVAILABLE', message: 'down' } }),
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    render(<CompanyCodeStep onDone={onDone} retryDelayMs={0} />);
    await user.type(screen.getByLabelText('Company auth code'), 'DEMO1');
    expect(await screen.findByText("We could not reach your company's server")).toBeTruthy();
    expect(server.calls('GET', '/servers/alfred')).toHaveLength(11);
    expect(onDone).not.toHaveBeenCalled();
    expect(readSession('loginToken')).toBe('company-token');
    serverUp = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(7));
    expect(server.calls('POST', '/auth/company_code')).toHaveLength(1);
    expect(readSession('baseUrl')).toBe(`${window.location.origin}/api`);
  });
});
