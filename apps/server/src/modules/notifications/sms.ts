/** How long one gateway call may take before it counts as failed (and is retried). */
export const SMS_GATEWAY_TIMEOUT_MS = 15_000;

export interface SmsGatewayOptions {
  url: string;
  token?: string;
  sender: string;
  timeoutMs?: number;
}

export interface SmsGateway {
  /** Sends one text; throws with the gateway's answer when it does not accept it. */
  send(to: string, text: string): Promise<void>;
}

/**
 * An HTTP SMS gateway adapter: POST JSON {to, from, text} with a bearer token. Any 2xx is accepted;
 * anything else (or no answer in time) throws, and the worker retries the message.
 */
export function createSmsGateway(opts: SmsGatewayOptions): SmsGateway {
  const timeoutMs = opts.timeoutMs ?? SMS_GATEWAY_TIMEOUT_MS;
  return {
    async send(to, text) {
      let res: Response;
      try {
        res = await fetch(opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify({ to, from: opts.sender, text }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (e) {
        throw new Error(`SMS gateway not reached: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      const answer = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`SMS gateway answered ${res.status}${answer ? `: ${answer}` : ''}`);
    },
  };
}
