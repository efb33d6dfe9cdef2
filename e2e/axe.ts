// axe-core in the page: the app's Content-Security-Policy blocks injected script tags, so axe's
// source is evaluated through the DevTools protocol (page.evaluate), which the CSP does not govern.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** The rule sets the issue asks for: WCAG 2.0/2.1 A and AA, 2.2 AA, best practice and experimental rules. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'] as const;

let source: Promise<string> | null = null;

export type AxeFinding = { id: string; impact: string | null; help: string; nodes: { target: string; html: string; summary: string }[] };

/**
 * Rules whose "needs review" results count as violations too: axe leaves them undecided where a
 * name comes from content it cannot weigh, and the issue found real faults there.
 */
export const STRICT_RULES = ['label-content-name-mismatch', 'aria-prohibited-attr', 'target-size'] as const;

/** Every axe violation on the page as it is now (axe is injected once per document). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await source);
  return page.evaluate(async ([tags, strictRules]) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'incomplete'] });
    const strict = (result as unknown as { incomplete: typeof result.violations }).incomplete.filter((v) => (strictRules as readonly string[]).includes(v.id));
    return [...result.violations, ...strict].map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), summary: (n.failureSummary ?? '').slice(0, 300) })),
    }));
  }, [[...AXE_TAGS], [...STRICT_RULES]] as const);
}

/** One line per offending node, for an assertion message that says what to fix. */
export function describeFindings(findings: readonly AxeFinding[]): string[] {
  return findings.flatMap((f) => f.nodes.map((n) => `${f.id} (${f.impact ?? 'n/a'}): ${f.help} — ${n.target} ${n.html}`));
}
