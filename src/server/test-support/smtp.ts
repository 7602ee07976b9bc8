/**
 * A real SMTP server on loopback for the notification tests ("Tests use a real SMTP
 * server on loopback, not a mock"), and a small MIME reader for what it received: headers
 * (unfolded), and the decoded text/plain and text/html parts of a multipart/alternative message.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One received message. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A started server: its `smtp://` URL, the inbox, and `close`. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const splitHead = (raw: string): [string, string] => {
  const at = raw.search(/\r?\n\r?\n/);
  return at < 0 ? [raw, ''] : [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, '')];
};

/** Headers of a message or part, unfolded, names lower-cased (the first of each name). */
export function headersOf(raw: string): Record<string, string> {
  const [head] = splitHead(raw);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    headers[name] ??= line.slice(at + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'quoted-printable': {
      const soft = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i += 1) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(soft[i]!, 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/**
 * The decoded `text/plain`, `text/html` and `text/calendar` parts of `raw` (empty string when
 * absent), looking into nested multipart parts; the first of each type wins.
 */
export function partsOf(raw: string): { text: string; html: string; calendar: string } {
  const found = { text: '', html: '', calendar: '' };
  collectParts(raw, found);
  return found;
}

function collectParts(raw: string, found: { text: string; html: string; calendar: string }) {
  const headers = headersOf(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary) {
    const body = decodeBody(splitHead(raw)[1], headers['content-transfer-encoding']).trimEnd();
    const type = headers['content-type'] ?? 'text/plain';
    if (type.startsWith('text/plain')) found.text ||= body;
    else if (type.startsWith('text/html')) found.html ||= body;
    else if (type.startsWith('text/calendar')) found.calendar ||= body;
    return;
  }
  const parts = raw
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => part.replace(/^\r?\n/, ''));
  for (const part of parts) collectParts(part, found);
}

/** A file attached to a received message. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The attachments of `raw` (parts with `Content-Disposition: attachment`), decoded. */
export function attachmentsOf(raw: string): ReceivedAttachment[] {
  const found: ReceivedAttachment[] = [];
  const walk = (part: string) => {
    const headers = headersOf(part);
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (boundary) {
      for (const child of part
        .split(`--${boundary}`)
        .slice(1)
        .filter((piece) => !piece.startsWith('--'))) {
        walk(child.replace(/^\r?\n/, ''));
      }
      return;
    }
    const disposition = headers['content-disposition'] ?? '';
    if (!/^attachment/i.test(disposition)) return;
    const body = splitHead(part)[1];
    found.push({
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
      contentType: (headers['content-type'] ?? '').split(';')[0]!.trim(),
      content:
        (headers['content-transfer-encoding'] ?? '').toLowerCase() === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(body, 'latin1'),
    });
  };
  walk(raw);
  return found;
}
