// No import circles anywhere in the product's code (core, node, cli, electron, renderer): a split
// file shares its types through its area's types.ts, never by importing its parent back. Static
// imports and re-exports count, type-only ones too (they tie the files together just the same);
// a dynamic import() does not (it is loaded on first use, after both files are evaluated).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(new URL('..', import.meta.url).pathname);
const AREAS = ['core', 'node', 'cli', 'electron', 'renderer'];
const isSource = (name: string) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'node_modules' ? [] : sources(p);
    return isSource(n) ? [p] : [];
  });
}

/** The file a relative import names, or null (a package, or a file that is not a source). */
function target(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && isSource(candidate)) return candidate;
  }
  return null;
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const specs = [...code.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? m[2]!);
    graph.set(file, [...new Set(specs.map((s) => target(file, s)).filter((t): t is string => t !== null))]);
  }
  return graph;
}

/** Every cycle, each once, as the files around it (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.map((f) => relative(repo, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('form no circle in the product code', () => {
    const files = AREAS.flatMap((a) => sources(join(repo, a)));
    expect(files.length).toBeGreaterThan(200);
    expect(cycles(importGraph(files))).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    const a = join(repo, 'core/a.ts');
    const b = join(repo, 'core/b.ts');
    const c = join(repo, 'core/c.ts');
    expect(cycles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual([['core/a.ts', 'core/b.ts', 'core/c.ts']]);
    expect(cycles(new Map([[a, [b]], [b, []]]))).toEqual([]);
  });
});
