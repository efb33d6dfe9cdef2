// The join code a hub prints and desks type or scan: the hub's address, the event, the secret and
// the SHA-256 fingerprint of the hub's certificate, as one line of text:
//   qm://192.168.1.20:6984/3f2504e0-4f89-41d3-9a0c-0305e82c3301?k=<secret>&f=<fingerprint>
// The secret is base64url (at least 128 bits); the fingerprint 64 hex digits.
import { isIP } from 'node:net';

export type JoinCode = { host: string; port: number; eventId: string; secret: string; fingerprint: string };

export class JoinCodeError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function formatJoinCode(c: JoinCode): string {
  const host = c.host.includes(':') ? `[${c.host}]` : c.host;
  return `qm://${host}:${c.port}/${c.eventId.toLowerCase()}?k=${c.secret}&f=${c.fingerprint.toLowerCase()}`;
}

export function parseJoinCode(text: string): JoinCode {
  const trimmed = text.trim();
  if (trimmed.length > 500) throw new JoinCodeError('the join code is too long');
  if (!trimmed.startsWith('qm://')) throw new JoinCodeError('a join code starts with qm:// (copy it from the hub desk, or scan its QR code)');
  let url: URL;
  try {
    url = new URL(`https://${trimmed.slice(5)}`);
  } catch {
    throw new JoinCodeError('the join code is not complete (check it was copied whole)');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '' || (isIP(host) === 0 && !/^[a-z0-9.-]{1,253}$/i.test(host))) throw new JoinCodeError('the join code names no hub address');
  const port = Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new JoinCodeError('the join code names no port');
  const eventId = url.pathname.slice(1).toLowerCase();
  if (!UUID.test(eventId)) throw new JoinCodeError('the join code names no event');
  const secret = url.searchParams.get('k') ?? '';
  if (!/^[A-Za-z0-9_-]{22,200}$/.test(secret)) throw new JoinCodeError('the join code has no secret (or a short one)');
  const fingerprint = (url.searchParams.get('f') ?? '').toLowerCase().replace(/:/g, '');
  if (!/^[0-9a-f]{64}$/.test(fingerprint)) throw new JoinCodeError('the join code has no certificate fingerprint');
  return { host, port, eventId, secret, fingerprint };
}
