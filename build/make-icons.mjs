// Draws the app icon (a pale shield with a quartermaster's key on a dark teal rounded square) and
// writes it as PNG (1024 px plus the Linux size set), ICO (Windows: 16-256 px, PNG-compressed) and
// ICNS (macOS: 16-1024 px PNG entries). No image library: a tiny PNG encoder on node:zlib.
// Run: node build/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** RGBA pixels (Uint8Array, size*size*4) -> PNG bytes. */
export function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// ---- the drawing, in unit coordinates (0..1), sampled 4x4 per pixel ----
const BG = [22, 78, 84];
const SHIELD = [236, 226, 196];
const KEY = [22, 78, 84];

function insideRoundedSquare(x, y) {
  const m = 0.04;
  const r = 0.2;
  if (x < m || y < m || x > 1 - m || y > 1 - m) return false;
  const cx = Math.min(Math.max(x, m + r), 1 - m - r);
  const cy = Math.min(Math.max(y, m + r), 1 - m - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}
function insideShield(x, y) {
  // Flat top from y=0.2, straight sides to y=0.5, then curving to a point at y=0.86.
  if (y < 0.2 || y > 0.86) return false;
  const half = y < 0.5 ? 0.27 : 0.27 * Math.sqrt(Math.max(0, 1 - ((y - 0.5) / 0.36) ** 2));
  return Math.abs(x - 0.5) <= half;
}
function insideKey(x, y) {
  const ring = Math.hypot(x - 0.5, y - 0.37);
  if (ring <= 0.085 && ring >= 0.045) return true; // the bow
  if (Math.abs(x - 0.5) <= 0.022 && y >= 0.45 && y <= 0.74) return true; // the shank
  if (y >= 0.63 && y <= 0.66 && x >= 0.5 && x <= 0.58) return true; // bit 1
  if (y >= 0.69 && y <= 0.72 && x >= 0.5 && x <= 0.56) return true; // bit 2
  return false;
}
function colourAt(x, y) {
  if (!insideRoundedSquare(x, y)) return null;
  if (insideShield(x, y)) return insideKey(x, y) ? KEY : SHIELD;
  return BG;
}

export function drawIcon(size) {
  const out = new Uint8Array(size * size * 4);
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const c = colourAt((px + (sx + 0.5) / S) / size, (py + (sy + 0.5) / S) / size);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a++;
          }
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
        out[i + 3] = Math.round((255 * a) / (S * S));
      }
    }
  }
  return out;
}

/** ICO with PNG-compressed images (supported since Windows Vista). */
export function encodeIco(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(pngs.length, 4);
  const dir = Buffer.alloc(16 * pngs.length);
  let offset = 6 + dir.length;
  pngs.forEach(({ size, png }, i) => {
    const e = i * 16;
    dir[e] = size >= 256 ? 0 : size;
    dir[e + 1] = size >= 256 ? 0 : size;
    dir.writeUInt16LE(1, e + 4); // planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(png.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, dir, ...pngs.map((p) => p.png)]);
}

/** ICNS with PNG entries: icp4 16, icp5 32, icp6 64, ic07 128, ic08 256, ic09 512, ic10 1024. */
export function encodeIcns(pngs) {
  const TYPES = { 16: 'icp4', 32: 'icp5', 64: 'icp6', 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
  const entries = pngs
    .filter(({ size }) => TYPES[size])
    .map(({ size, png }) => {
      const head = Buffer.alloc(8);
      head.write(TYPES[size], 0, 'ascii');
      head.writeUInt32BE(png.length + 8, 4);
      return Buffer.concat([head, png]);
    });
  const body = Buffer.concat(entries);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
  const pngs = sizes.map((size) => ({ size, png: encodePng(size, drawIcon(size)) }));
  const bySize = Object.fromEntries(pngs.map((p) => [p.size, p.png]));
  writeFileSync(join(here, 'icon.png'), bySize[1024]);
  mkdirSync(join(here, 'icons'), { recursive: true });
  for (const size of [16, 32, 48, 64, 128, 256, 512]) writeFileSync(join(here, 'icons', `${size}x${size}.png`), bySize[size]);
  writeFileSync(join(here, 'icon.ico'), encodeIco(pngs.filter((p) => [16, 32, 48, 256].includes(p.size))));
  writeFileSync(join(here, 'icon.icns'), encodeIcns(pngs));
  console.log('wrote build/icon.png, build/icons/*.png, build/icon.ico, build/icon.icns');
}
