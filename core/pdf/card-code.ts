// The text in a character card's QR code. Version 2 (since serial editions) names the card too:
// "QM2:<ID>:<HASH>:<SERIAL>/<EDITION>". Version 1 ("QM1:<ID>:<HASH>", core/pdf/qr.ts) is still read,
// so cards printed before editions verify. Upper case throughout: QR alphanumeric mode.
import { QR_PREFIX } from './qr';

export const QR_PREFIX_V2 = 'QM2';

export type CardCode = { version: 1; id: string; hash: string } | { version: 2; id: string; hash: string; serial: string; edition: string; label: string };

/** The payload of a card printed with an edition; without one (a print outside an event), the v1 payload. */
export function cardCodePayload(characterId: string, hash: string, label?: string): string {
  const head = `${characterId.toUpperCase()}:${hash.toUpperCase()}`;
  return label ? `${QR_PREFIX_V2}:${head}:${label.toUpperCase()}` : `${QR_PREFIX}:${head}`;
}

/** Parses a scanned payload (either version); null when it is not a Quartermaster card code. */
export function parseCardCode(text: string): CardCode | null {
  const t = text.trim();
  const v1 = /^QM1:([0-9A-F-]{36}):([0-9A-F]{64})$/i.exec(t);
  if (v1) return { version: 1, id: v1[1]!.toLowerCase(), hash: v1[2]!.toLowerCase() };
  const v2 = /^QM2:([0-9A-F-]{36}):([0-9A-F]{64}):([0-9A-Z-]{1,40})\/([1-9][0-9]{0,5}(?:-[0-9A-Z]{2,8})?)$/i.exec(t);
  if (!v2) return null;
  const serial = v2[3]!.toUpperCase();
  const edition = v2[4]!.toUpperCase();
  return { version: 2, id: v2[1]!.toLowerCase(), hash: v2[2]!.toLowerCase(), serial, edition, label: `${serial}/${edition}` };
}
