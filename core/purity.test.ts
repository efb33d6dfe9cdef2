// core/ is pure TypeScript: no electron, DOM-only or file-system imports, so it runs anywhere.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('.', import.meta.url).pathname;
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('core purity', () => {
  it('imports nothing from electron, node built-ins, react-dom or the file system', () => {
    const bad: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
        const spec = m[1] ?? m[2] ?? m[3] ?? '';
        if (/^(electron|node:|fs$|fs\/|path$|os$|child_process|react-dom|conf$|electron-store)/.test(spec)) bad.push(`${file.slice(root.length)} imports ${spec}`);
      }
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      if (/\b(window|document|localStorage)\.\w/.test(code)) bad.push(`${file.slice(root.length)} touches a DOM global`);
    }
    expect(bad).toEqual([]);
  });
});
