// What a character's cards say, as a few plain-word facts, stored with each print in the event file
// so that a scanned card can be told what changed since it was printed. Lists (skills, items, …)
// are one entry a line, so the difference names what was added and removed.
import type { Character } from '../model/character';
import { builtinGameName, RULESETS } from '../rulesets/index';
import { isBuiltinRuleset } from '../model/ids';
import type { Derivation } from '../rulesets/types';
import { areaWords } from '../check/summary';
import { armourCell } from './row-cells';

export type Facts = Record<string, string>;

/** The facts in display order, with their labels. Keys are stored in event files: never rename. */
export const FACT_LABELS = {
  name: 'name',
  player: 'player',
  game: 'game',
  armour: 'armour',
  values: 'values',
  armourWorn: 'armour worn',
  weapons: 'weapons',
  skills: 'skills',
  items: 'items',
  rules: 'game choices',
  notes: 'notes',
  status: 'status',
  history: 'record of play',
  other: 'other fields',
} as const;
export type FactKey = keyof typeof FACT_LABELS;

/** Longest a fact is stored (the event file stays small with thousands of characters). */
export const MAX_FACT_CHARS = 600;
const KNOWN_FIELDS = new Set(['format', 'version', 'id', 'ruleset', 'name', 'player', 'notes', 'skills', 'armour', 'weapons', 'items', 'fortunesLanding', 'curiousPastimes', 'novitas', 'bgMagic', 'status', 'statusReason', 'history']);
const RULES_FIELDS = ['fortunesLanding', 'curiousPastimes', 'novitas', 'bgMagic'] as const;

export function cardFacts(character: Character, derivation: Derivation): Facts {
  const c = character;
  const d = derivation.derived;
  const skillNames = new Map((isBuiltinRuleset(c.ruleset) ? RULESETS[c.ruleset].skills : []).map((s) => [s.id, s.name]));
  const values =
    d.ruleset === 'curious-pastimes'
      ? `hits ${Object.entries(d.hits).map(([l, n]) => `${areaWords([l as never])} ${n}`).join(', ')}`
      : d.ruleset === 'novitas'
        ? `power points ${d.powerPoints.pool} + ${d.powerPoints.breakCap} break-cap, cap ${d.powerPoints.dailyCap}/day`
        : d.ruleset === 'bg-magic'
          ? `energy ${d.energy}`
          : '';
  const other = Object.keys(c)
    .filter((k) => !KNOWN_FIELDS.has(k))
    .sort()
    .map((k) => `${k}: ${describeValue((c as Record<string, unknown>)[k])}`);
  const facts: Facts = {
    name: c.name,
    player: c.player,
    game: builtinGameName(c.ruleset),
    armour: armourCell(d, c).text,
    values,
    armourWorn: lines(c.armour.map((p) => `${p.name}: ${p.type} on ${areaWords(p.locations)}${p.helmet ? ', helmet' : ''}${p.costume ? ', costume' : ''}`)),
    weapons: lines(c.weapons.map((w) => `${w.name}: ${w.kind}${w.lengthCm !== undefined ? `, ${w.lengthCm} cm` : ''}${w.decorative ? ', decorative' : ''}${w.ultraLight ? ', ultra-light' : ''}`)),
    skills: lines(c.skills.map((s) => `${s.name ?? skillNames.get(s.id) ?? s.id}${s.level !== 1 ? ` ${s.level}` : ''}`)),
    items: lines(c.items.map((i) => `${i.name} (${i.kind})${i.expires ? `, expires ${i.expires}` : ''}: ${oneLine(i.text)}`)),
    rules: lines(RULES_FIELDS.flatMap((k) => (c[k] === undefined ? [] : describeObject(c[k] as Record<string, unknown>)))),
    notes: oneLine(c.notes),
    status: statusWords(c.status, c.statusReason),
    history: lines(historyWords(c.history)),
    other: lines(other),
  };
  for (const k of Object.keys(facts)) facts[k] = clip(facts[k]!);
  return facts;
}

/**
 * What changed between two sets of facts, one line per fact that differs:
 * "armour: 3 over torso → 5 over torso", "skills: added Strikes 2; removed Strikes".
 */
export function factChanges(stored: Facts, now: Facts): string[] {
  const before = readFacts(stored);
  const after = readFacts(now);
  const keys = [...new Set([...Object.keys(FACT_LABELS), ...Object.keys(before), ...Object.keys(after)])];
  const out: string[] = [];
  for (const k of keys) {
    const a = before[k] ?? '';
    const b = after[k] ?? '';
    if (a === b) continue;
    const label = (FACT_LABELS as Record<string, string>)[k] ?? k;
    if (a.includes('\n') || b.includes('\n') || LIST_FACTS.has(k)) {
      const was = new Set(a.split('\n').filter(Boolean));
      const now = new Set(b.split('\n').filter(Boolean));
      const added = [...now].filter((x) => !was.has(x));
      const removed = [...was].filter((x) => !now.has(x));
      const parts = [...(added.length ? [`added ${added.join('; ')}`] : []), ...(removed.length ? [`removed ${removed.join('; ')}`] : [])];
      out.push(`${label}: ${parts.length ? parts.join('; ') : 'reordered'}`);
    } else {
      out.push(`${label}: ${shown(a)} → ${shown(b)}`);
    }
  }
  return out;
}

const LIST_FACTS = new Set<string>(['armourWorn', 'weapons', 'skills', 'items', 'rules', 'history', 'other']);

function statusWords(status: unknown, reason: unknown): string {
  if (status === undefined || status === 'active') return '';
  return `${String(status)}${typeof reason === 'string' && reason ? `: ${oneLine(reason)}` : ''}`;
}

const HISTORY_WORDS: Record<string, string> = { died: 'died', returned: 'returned', 'permanent-death': 'permanent death', retired: 'retired', convergence: 'a convergence passed while dead', 'new-character': 'new character after a death' };

/** The character's record of play, a line each: "died 2026-10-02 14:02 at Spring Gathering (killing blow)". */
function historyWords(history: unknown): string[] {
  if (!Array.isArray(history)) return [];
  return history.map((h: Record<string, unknown>) => {
    const kind = typeof h.kind === 'string' ? (HISTORY_WORDS[h.kind] ?? h.kind) : 'record';
    const at = typeof h.at === 'string' ? ` ${h.at.slice(0, 10)}${h.at.length > 10 ? ` ${h.at.slice(11, 16)}` : ''}` : '';
    const where = typeof h.event === 'string' && h.event ? ` at ${h.event}` : '';
    const cause = h.cause === 'killing-blow' ? ' (killing blow)' : h.cause === 'bled-out' ? ' (bled out)' : '';
    const cards = typeof h.cards === 'number' ? `, ${h.cards} Tiles of Fate card${h.cards === 1 ? '' : 's'} added` : '';
    const how = typeof h.how === 'string' && h.how ? ` (${h.how})` : '';
    return `${kind}${at}${where}${cause}${how}${cards}`;
  });
}

/**
 * Facts as this version words them. Prints made by earlier versions stored the character's status
 * and history, and any field they did not know, as JSON under "other fields"; they are read here as
 * today's facts, so a scanned card's differences are told in words and an old print does not differ
 * from a new one only in how it was written.
 */
function readFacts(facts: Facts): Facts {
  const other = facts.other;
  if (!other || !other.includes(': ')) return facts;
  const out: Facts = { ...facts };
  const rest: string[] = [];
  const fields: Record<string, unknown> = {};
  for (const line of other.split('\n')) {
    const at = line.indexOf(': ');
    const key = line.slice(0, at);
    let value: unknown;
    try {
      value = JSON.parse(line.slice(at + 2));
    } catch {
      rest.push(line);
      continue;
    }
    if (key === 'status' || key === 'statusReason' || key === 'history') fields[key] = value;
    else rest.push(`${key}: ${describeValue(value)}`);
  }
  if (fields.status !== undefined && !out.status) out.status = statusWords(fields.status, fields.statusReason);
  if (fields.history !== undefined && !out.history) out.history = lines(historyWords(fields.history));
  out.other = rest.join('\n');
  return out;
}

function describeObject(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).map((k) => `${k}: ${describeValue(obj[k])}`);
}

function describeValue(v: unknown): string {
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map(describeValue).join(', ');
  if (v !== null && typeof v === 'object') return `(${Object.entries(v).map(([k, x]) => `${k} ${describeValue(x)}`).join(', ')})`;
  return String(v);
}

const lines = (xs: string[]) => xs.map(oneLine).join('\n');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const clip = (s: string) => (s.length > MAX_FACT_CHARS ? `${s.slice(0, MAX_FACT_CHARS - 1)}…` : s);
const shown = (s: string) => (s === '' ? '(none)' : s.length > 120 ? `"${s.slice(0, 119)}…"` : `"${s}"`);
