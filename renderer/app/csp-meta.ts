// The page's Content-Security-Policy as a <meta> tag can carry every directive but a few that
// browsers only honour in a response header (and report as a console error in a meta tag).
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

export type Policy = Map<string, string[]>;

export function parsePolicy(policy: string): Policy {
  const out: Policy = new Map();
  for (const directive of policy.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

/** The policy without the header-only directives, as meta tag content. */
export function metaPolicy(policy: string): string {
  return [...parsePolicy(policy)]
    .filter(([name]) => !HEADER_ONLY.has(name))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
