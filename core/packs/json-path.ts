// A zod issue's path as JSON path text, as the pack problems name it: skills[2].requires.expression.
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`;
  return out === '' ? '(the whole pack)' : out;
}
