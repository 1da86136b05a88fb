import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** A message a test SMTP server received, decoded enough to read. */
export interface ReceivedMail {
  /** envelope recipients (RCPT TO) */
  to: string[];
  /** the decoded Subject header */
  subject: string;
  /** the text/plain part, decoded */
  text: string;
  /** the text/html part, decoded ('' when none) */
  html: string;
  /** the message as received */
  raw: string;
}

export interface TestSmtp {
  /** SMTP_URL of the server, for the app's environment (filled when the server starts) */
  env: Record<string, string>;
  messages: ReceivedMail[];
  /** Recipients the server refuses (550), to make a delivery fail. */
  refuse: Set<string>;
  /** The messages to one recipient. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port (no TLS, no auth), keeping every message it accepts. The
 * app delivers to it with SMTP_URL=smtp://127.0.0.1:<port>.
 */
export async function startSmtpServer(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, raw, ...parseMessage(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    messages,
    refuse,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test SMTP server for one test file (beforeAll/afterAll). Register it before useTestApp and pass
 * its `env` object itself, not a copy (SMTP_URL is added in beforeAll, before the app is built):
 * `const smtp = useSmtpServer({ PUBLIC_URL: … }); const ctx = useTestApp(smtp.env);`
 */
export function useSmtpServer(extraEnv: Record<string, string> = {}): TestSmtp {
  const smtp = { env: { ...extraEnv }, messages: [], refuse: new Set() } as unknown as TestSmtp;
  let server: TestSmtp | undefined;
  beforeAll(async () => {
    server = await startSmtpServer();
    Object.assign(smtp.env, server.env);
    smtp.messages = server.messages;
    smtp.refuse = server.refuse;
    smtp.to = server.to;
    smtp.close = server.close;
  });
  afterAll(async () => {
    await server?.close();
  });
  return smtp;
}

/** Headers (lower-case names, unfolded) and body of an RFC 822 message or MIME part. */
function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

/** Bytes of a quoted-printable or base64 body (else the body as it is), read as UTF-8. */
function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const soft = body.replace(/=\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(soft[i], 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** A header with RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** The subject, text and HTML of a message (multipart/alternative and mixed read recursively). */
function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const { headers } = splitMessage(raw);
  const out = { subject: decodeHeader(headers.get('subject') ?? ''), text: '', html: '' };
  const visit = (part: string) => {
    const { headers: h, body } = splitMessage(part);
    const type = h.get('content-type') ?? 'text/plain';
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = body.split(`--${boundary}`);
      // pieces[0] is the preamble; the last starts with '--' (the closing delimiter)
      for (const piece of pieces.slice(1)) if (!piece.startsWith('--')) visit(piece.replace(/^\n/, ''));
      return;
    }
    const decoded = decodeBody(body, h.get('content-transfer-encoding'));
    if (/^text\/html/i.test(type)) out.html ||= decoded;
    else if (/^text\/plain/i.test(type)) out.text ||= decoded;
  };
  visit(raw);
  return out;
}
