import { useCallback, useEffect, useRef, useState } from 'react';
import { verifyUsername } from '../../api/users.ts';
import { isUsernameWellFormed } from './forms.ts';

/** How long typing must pause before the username is asked for. */
export const USERNAME_CHECK_DELAY_MS = 400;

/**
 * idle: nothing typed; checking: waiting or asking; available / taken / invalid: the answer;
 * unknown: the server could not be asked (the invitation's own answer will tell).
 */
export type UsernameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'invalid' | 'unknown';

/**
 * Checks a username as it is typed: at once when it breaks the pattern, otherwise with
 * POST /v2/users/invite/cmd/verify_username once typing pauses. A request for a username no longer in
 * the field is cancelled. `check` asks now (or reuses the answer), for the submit.
 */
export function useUsernameCheck(value: string) {
  const username = value.trim();
  const answers = useRef(new Map<string, UsernameStatus>());
  const [answer, setAnswer] = useState<{ username: string; status: UsernameStatus } | null>(null);

  const ask = useCallback(async (name: string, signal?: AbortSignal): Promise<UsernameStatus> => {
    if (!isUsernameWellFormed(name)) return 'invalid';
    const known = answers.current.get(name);
    if (known) return known;
    try {
      const result = await verifyUsername(name, signal);
      const status: UsernameStatus = result.available
        ? 'available'
        : result.reason === 'INVALID'
          ? 'invalid'
          : 'taken';
      answers.current.set(name, status);
      return status;
    } catch (err) {
      if (signal?.aborted) throw err;
      return 'unknown';
    }
  }, []);

  useEffect(() => {
    if (username === '') return;
    if (!isUsernameWellFormed(username)) {
      setAnswer({ username, status: 'invalid' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ask(username, controller.signal).then(
        (status) => setAnswer({ username, status }),
        () => undefined, // cancelled: a newer username is being checked
      );
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, ask]);

  /** Records what the server said of a username another way (a 409 on submit: it was taken meanwhile). */
  const remember = useCallback((name: string, status: UsernameStatus) => {
    answers.current.set(name, status);
    setAnswer({ username: name, status });
  }, []);

  const status: UsernameStatus =
    username === '' ? 'idle' : answer?.username === username ? answer.status : 'checking';
  return { status, check: ask, remember };
}
