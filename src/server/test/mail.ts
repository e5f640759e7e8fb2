import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';

/** One e-mail as a real SMTP server received it. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (a random port unless `port` is given; no TLS, no auth) that keeps
 * every message. Recipients in `refused` are rejected at RCPT TO with a permanent error (550).
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<{
  port: number;
  received: ReceivedMail[];
  refused: Set<string>;
  /** Resolves with the next message (or one already received and not yet taken). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  /** Resolves with the first message received for `address` (now or within the timeout). */
  nextMailTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        callback(Object.assign(new Error('Buzón no disponible'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          },
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;

  return {
    port,
    received,
    refused,
    async nextMail(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error('no e-mail arrived at the SMTP server');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received[taken++]!;
    },
    async nextMailTo(address, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((mail) => mail.envelope.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived at the SMTP server`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 where nothing listens (taken from the OS, then freed). */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A logger that says nothing, for a mailer built outside an app. */
export const silentLogger: FastifyBaseLogger = (() => {
  const noop = () => undefined;
  const logger = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
})();

/** Decodes quoted-printable (soft line breaks and =XX bytes) as UTF-8. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) of a header value. */
export function decodeHeaderValue(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export interface ParsedPart {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then read `Name: value`.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A small MIME reader: the decoded headers and every leaf part (text, html, attachments) decoded. */
export function parseMail(raw: string): { headers: Record<string, string>; parts: ParsedPart[] } {
  const top = splitHeaders(raw);
  const headers = Object.fromEntries(Object.entries(top.headers).map(([k, v]) => [k, decodeHeaderValue(v)]));
  const parts: ParsedPart[] = [];
  const walk = (partHeaders: Record<string, string>, body: string) => {
    const contentType = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (/^multipart\//i.test(contentType) && boundary) {
      const sections = body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        const child = splitHeaders(section.replace(/^\n/, ''));
        walk(child.headers, child.body);
      }
      return;
    }
    parts.push({ headers: partHeaders, body: decodeBody(partHeaders, body) });
  };
  walk(top.headers, top.body);
  return { headers, parts };
}

/** The decoded part of a given content type (`text/plain`, `text/html`). */
export function mailPart(mail: ReturnType<typeof parseMail>, type: string): string {
  const part = mail.parts.find((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type));
  if (!part) throw new Error(`the e-mail has no ${type} part`);
  return part.body;
}
