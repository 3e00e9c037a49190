/**
 * Reads back what nodemailer wrote on the wire (multipart/alternative, quoted-printable or base64 parts,
 * RFC 2047 subject), so the SMTP adapter's test can compare it with what was sent. Test code only.
 */
interface MimeContent {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const UNSUBSCRIBE_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post'];

interface Part {
  headers: Map<string, string>;
  body: string;
}

export function readMimeMessage(raw: string): MimeContent {
  const message = splitPart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('expected a multipart message');
  const parts = message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => splitPart(chunk.replace(/^\r\n/, '')));
  const partOfType = (type: string) => {
    const part = parts.find((each) => (each.headers.get('content-type') ?? '').startsWith(type));
    if (!part) throw new Error(`no ${type} part`);
    return decodeBody(part).replace(/\r\n/g, '\n').replace(/\n$/, '');
  };
  const unsubscribe = UNSUBSCRIBE_HEADERS.flatMap((name) => {
    const value = message.headers.get(name.toLowerCase());
    return value === undefined ? [] : [[name, value] as const];
  });
  return {
    subject: decodeEncodedWords(message.headers.get('subject') ?? ''),
    text: partOfType('text/plain'),
    html: partOfType('text/html'),
    ...(unsubscribe.length > 0 && { headers: Object.fromEntries(unsubscribe) }),
  };
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(end + 4) };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return fromBytes(part.body.replace(/=\r\n/g, ''));
  return part.body;
}

/** `=XX` escapes are bytes of UTF-8 text. */
function fromBytes(escaped: string): string {
  return Buffer.from(escaped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : fromBytes(text.replace(/_/g, ' ')),
    );
}
