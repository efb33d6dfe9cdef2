// CEL (https://cel.dev) for the packs' prerequisites and cost formulas, through @marcbachmann/cel-js:
// no loops, typed, no dependencies. An expression is parsed, refused if it could be costly, and
// type-checked when a pack is loaded; it is never turned into JavaScript (no eval, no Function).
import { Environment } from '@marcbachmann/cel-js';
import { MAX_EXPRESSION_CHARS } from './schema';

/** What an expression may be: a prerequisite gives a bool, a cost formula an int. */
export type ExpressionKind = 'prerequisite' | 'cost';

/**
 * Structural limits at parse time. With no nested macros, no functions outside ALLOWED_CALLS and
 * lists of at most 50 literals, evaluating any accepted expression is bounded by its size.
 */
const LIMITS = { maxAstNodes: 200, maxDepth: 24, maxListElements: 50, maxMapEntries: 50, maxCallArguments: 8 };

/** Macros: each walks a list or map, so one inside another multiplies the work. */
const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);
/**
 * The functions an expression may call. Left out on purpose: `matches` (a regular expression can
 * take exponential time) and `cel.bind` (binding a value twice doubles it at each step).
 */
const ALLOWED_CALLS = new Set([...MACROS, 'size', 'has', 'int', 'double', 'string', 'contains', 'startsWith', 'endsWith']);

const ENVIRONMENTS: Record<ExpressionKind, { env: Environment; type: string }> = {
  prerequisite: { env: new Environment({ limits: LIMITS }).registerVariable('levels', 'map<string, int>'), type: 'bool' },
  cost: { env: new Environment({ limits: LIMITS }).registerVariable('level', 'int').registerVariable('levels', 'map<string, int>'), type: 'int' },
};

type Node = { op: string; args: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).op === 'string';
}

/** The first thing in the tree that could make evaluation costly, in words; null when there is none. */
function costlyPart(node: unknown, insideMacro: boolean, skillIds: ReadonlySet<string>): string | null {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = costlyPart(child, insideMacro, skillIds);
      if (found) return found;
    }
    return null;
  }
  if (!isNode(node)) return null;
  let inside = insideMacro;
  if (node.op === 'call' || node.op === 'rcall') {
    const name = (node.args as unknown[])[0];
    if (typeof name !== 'string' || !ALLOWED_CALLS.has(name)) return `the function ${String(name)}() is not allowed in a pack (allowed: ${[...ALLOWED_CALLS].join(', ')})`;
    if (MACROS.has(name)) {
      if (insideMacro) return `${name}() inside another macro is refused: nested macros multiply the work`;
      inside = true;
    }
  }
  // levels["x"] must name a catalogue skill, or it fails when a character is checked.
  if (node.op === '[]') {
    const [target, key] = node.args as unknown[];
    if (isNode(target) && target.op === 'id' && target.args === 'levels' && isNode(key) && key.op === 'value' && typeof key.args === 'string' && !skillIds.has(key.args)) {
      return `levels["${key.args}"] names no skill in the pack's catalogue`;
    }
  }
  if (node.op === 'value') return null;
  return costlyPart(node.args, inside, skillIds);
}

/**
 * Checks an expression as a pack is loaded: its length, its shape (no costly parts), the skills it
 * names, and its type (bool for a prerequisite, int for a cost). Returns the problem in words, or null.
 */
export function checkExpression(source: string, kind: ExpressionKind, skillIds: ReadonlySet<string>): string | null {
  if (source.length > MAX_EXPRESSION_CHARS) return `the expression is ${source.length} characters; at most ${MAX_EXPRESSION_CHARS} are allowed`;
  const { env, type } = ENVIRONMENTS[kind];
  let parsed;
  try {
    parsed = env.parse(source);
  } catch (e) {
    return `the expression does not parse: ${firstLine(e)}`;
  }
  const costly = costlyPart(parsed.ast, false, skillIds);
  if (costly) return costly;
  const checked = env.check(source);
  if (!checked.valid) return `the expression does not type-check: ${firstLine(checked.error)}`;
  if (checked.type !== type) return `the expression gives ${checked.type}, but a ${kind === 'cost' ? 'cost' : 'prerequisite'} must give ${type}`;
  return null;
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split('\n')[0]!;
}

/** The levels a character holds, as CEL sees them: every catalogue skill, 0 when not held. */
export function levelsFor(skillIds: Iterable<string>, held: ReadonlyMap<string, number>): Map<string, bigint> {
  const levels = new Map<string, bigint>();
  for (const skillId of skillIds) levels.set(skillId, BigInt(held.get(skillId) ?? 0));
  return levels;
}

/** Evaluates a checked prerequisite; an error while running (a missing key) is an unmet prerequisite. */
export function prerequisiteMet(source: string, levels: Map<string, bigint>): boolean {
  try {
    return ENVIRONMENTS.prerequisite.env.evaluate(source, { levels }) === true;
  } catch {
    return false;
  }
}

/** Evaluates a checked cost formula for buying `level`; throws a RangeError in words when it fails. */
export function formulaCost(source: string, level: number, levels: Map<string, bigint>): number {
  let value: unknown;
  try {
    value = ENVIRONMENTS.cost.env.evaluate(source, { level: BigInt(level), levels });
  } catch (e) {
    throw new RangeError(`the cost formula "${source}" fails at level ${level}: ${firstLine(e)}`);
  }
  if (typeof value !== 'bigint') throw new RangeError(`the cost formula "${source}" gave ${String(value)} at level ${level}, not a whole number`);
  return Number(value);
}
