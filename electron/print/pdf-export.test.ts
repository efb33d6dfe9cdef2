import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfExporter } from './pdf-export';
import { character, tempFolder } from '../testing/handlers';

const root = join(import.meta.dirname, '../..');
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await tempFolder('qm-pdf-')));
afterAll(() => cleanup());

/** Page size in whole points, from poppler's pdfinfo. */
const pageSize = (bytes: Uint8Array, name: string) => {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(execFileSync('pdfinfo', [file]).toString('utf8'));
  return m ? [Math.round(Number(m[1])), Math.round(Number(m[2]))] : null;
};

describe('PDF export', () => {
  it("prints the character's cards on the paper from the settings, with the shipped fonts", async () => {
    const exportPdf = createPdfExporter(root, { now: () => new Date('2025-06-01T10:00:00Z') });
    const c = character({ name: 'Borislav Stoyanov', player: 'Ivo', ruleset: 'bg-magic', bgMagic: { path: 'role', entitlement: 'none', order: 'Silver Well', style: 'conjurer' } });
    const a4 = await exportPdf(c, { paper: 'a4' });
    const letter = await exportPdf(c, { paper: 'letter' });
    expect(Buffer.from(a4).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A4 is 210 x 297 mm = 595 x 842 pt; Letter is 8.5 x 11 in = 612 x 792 pt.
    expect(pageSize(a4, 'a4')).toEqual([595, 842]);
    expect(pageSize(letter, 'letter')).toEqual([612, 792]);
    const text = execFileSync('pdftotext', [join(dir, 'a4.pdf'), '-']).toString('utf8');
    expect(text).toContain('Borislav Stoyanov');
  });
});
