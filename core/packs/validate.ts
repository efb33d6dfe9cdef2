// The one validator of a game pack's contents: the zod schema (./schema.ts) for its shape, then what
// the shape cannot say: references between its parts, costs only where the game publishes them, and
// every CEL expression checked (./cel.ts). Each problem names the JSON path and why.
import { checkExpression } from './cel';
import { jsonPath } from './json-path';
import { gamePackSchema, PACK_FORMAT, type GamePack } from './schema';

export type PackProblem = { path: string; message: string };
export type PackValidation = { ok: true; pack: GamePack } | { ok: false; problems: PackProblem[] };

function duplicates(ids: readonly string[], at: (i: number) => string, what: string, problems: PackProblem[]): void {
  const seen = new Set<string>();
  ids.forEach((value, i) => {
    if (seen.has(value)) problems.push({ path: at(i), message: `${what} "${value}" appears twice` });
    seen.add(value);
  });
}

/** What the schema cannot say about a well-shaped pack. */
function referenceProblems(pack: GamePack): PackProblem[] {
  const problems: PackProblem[] = [];
  const skillIds = new Set(pack.skills.map((s) => s.id));
  const groupIds = new Set((pack.groups ?? []).map((g) => g.id));
  const armourIds = new Set((pack.armour?.classes ?? []).map((c) => c.id));
  const locations = pack.body.locations.value;
  duplicates(pack.skills.map((s) => s.id), (i) => `skills[${i}].id`, 'the skill id', problems);
  duplicates(locations, (i) => `body.locations.value[${i}]`, 'the location', problems);
  duplicates((pack.armour?.classes ?? []).map((c) => c.id), (i) => `armour.classes[${i}].id`, 'the armour class', problems);
  const hits = pack.body.hits;
  if (hits !== undefined && !('value' in hits)) {
    for (const loc of Object.keys(hits)) if (!locations.includes(loc)) problems.push({ path: `body.hits.${loc}`, message: `"${loc}" is not one of the body's locations (${locations.join(', ')})` });
    for (const loc of locations) if (!Object.hasOwn(hits, loc)) problems.push({ path: 'body.hits', message: `the location "${loc}" has no hits` });
  }
  pack.skills.forEach((skill, i) => {
    const at = `skills[${i}]`;
    if (skill.group !== undefined && !groupIds.has(skill.group)) problems.push({ path: `${at}.group`, message: `the group "${skill.group}" is not among the pack's groups` });
    if (skill.allowsArmour !== undefined && !armourIds.has(skill.allowsArmour)) problems.push({ path: `${at}.allowsArmour`, message: `the armour class "${skill.allowsArmour}" is not among armour.classes` });
    (skill.excludes ?? []).forEach((other, j) => {
      if (!skillIds.has(other)) problems.push({ path: `${at}.excludes[${j}]`, message: `the skill "${other}" is not in the catalogue` });
      if (other === skill.id) problems.push({ path: `${at}.excludes[${j}]`, message: 'a skill cannot exclude itself' });
    });
    if (skill.requires) {
      const problem = checkExpression(skill.requires.expression, 'prerequisite', skillIds);
      if (problem) problems.push({ path: `${at}.requires.expression`, message: problem });
    }
    if (skill.cost && 'formula' in skill.cost) {
      const problem = checkExpression(skill.cost.formula, 'cost', skillIds);
      if (problem) problems.push({ path: `${at}.cost.formula`, message: problem });
    }
    if (skill.cost && 'perLevel' in skill.cost && skill.maxLevel !== undefined && skill.cost.perLevel.length !== skill.maxLevel.value) {
      problems.push({ path: `${at}.cost.perLevel`, message: `lists ${skill.cost.perLevel.length} costs but the skill has ${skill.maxLevel.value} level(s)` });
    }
    if (pack.costs.published && skill.cost === undefined) problems.push({ path: `${at}.cost`, message: 'the pack says costs are published, so every skill needs its cost' });
    if (!pack.costs.published && skill.cost !== undefined) problems.push({ path: `${at}.cost`, message: `the pack says costs are not published (${pack.costs.reason}), so no skill may have a cost` });
  });
  return problems;
}

/** Validates parsed JSON as a game pack. */
export function validatePack(data: unknown): PackValidation {
  // Another kind of JSON file: one problem, not one for every field it lacks.
  const format = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>).format : undefined;
  if (format !== PACK_FORMAT) return { ok: false, problems: [{ path: 'format', message: `not a game pack: "format" must be "${PACK_FORMAT}" (found ${JSON.stringify(format) ?? 'none'})` }] };
  const parsed = gamePackSchema.safeParse(data);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message })) };
  const problems = referenceProblems(parsed.data);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, pack: parsed.data };
}

export { compareVersions } from './version';
