// Merging the versions of a character edited at two (or more) desks while they were apart. The
// desk volunteer sees what differs field by field — the name, the player, each skill, each armour
// piece, weapon and item, the notes, each part of a game's own section — picks per field which
// version's value to keep (and may edit the free text), and the merge is saved as the one version
// every desk keeps (node/sync/store.ts resolveConflict).
//
// Lists are compared entry by entry, not as wholes, so "desk one added a potion, desk two a sword"
// is two choices, not one: items by their stable id (format v2), skills by skill id, history
// records by the ledger entry they come from, armour pieces and weapons (which have no id) by name
// and, for two of one name, by which of that name they are. An entry only one version has is
// offered as "keep it" (that version) or "leave it out" (the other). Without the common ancestor
// (CouchDB need not keep its body) nobody can tell an addition from a removal, so nothing is
// chosen for the volunteer but the version the files show meanwhile (version 1).
import { canonicalJson } from '../format/hash';
import type { Character } from '../model/character';

/** The fields that are one value each: compared and chosen whole. */
const SCALARS = ['ruleset', 'name', 'player', 'notes', 'status', 'statusReason'] as const;
/** Free text the volunteer may edit in the merge. */
const TEXT_FIELDS = new Set<string>(['name', 'player', 'notes']);
/** Lists compared entry by entry. */
const LISTS = ['skills', 'armour', 'weapons', 'items', 'history'] as const;
/** A game's own section: each of its fields compared and chosen whole. */
const SECTIONS = ['fortunesLanding', 'curiousPastimes', 'novitas', 'bgMagic'] as const;
/** Fields that are the same in every version by construction (the conflict is of one character). */
const FIXED = new Set<string>(['format', 'version', 'id']);

type ListArea = (typeof LISTS)[number];

export type MergeField = {
  /** Stable key of the choice: "notes", "items/<id>/1", "armour/Helm/2" (the second of that name), "novitas/spells", "extra/<key>". */
  key: string;
  /** The field it is part of: "notes", "skills", "armour", "novitas"… ("extra" for fields this version does not know). */
  area: string;
  /** Within a list, the entry's name (skill id, item or armour name); within a section or extra, the field's name. */
  label?: string;
  /** Free text the volunteer may type over. */
  editable: boolean;
  /** The value in each version, in the versions' order; undefined where that version does not have it. */
  values: unknown[];
};

/** Per field key: the version whose value is kept (default 0), or the text typed for a free-text field. */
export type MergeChoice = { pick?: Readonly<Record<string, number>>; text?: Readonly<Record<string, string>> };

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null) && (a === undefined) === (b === undefined);
const allSame = (values: readonly unknown[]) => values.every((v) => same(v, values[0]));
const asRecord = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** An entry's key within its list (without the occurrence number). */
function entryKey(area: ListArea, entry: unknown): string {
  const e = asRecord(entry);
  switch (area) {
    case 'items':
      return String(e.id ?? canonicalJson(entry));
    case 'skills':
      return String(e.id ?? canonicalJson(entry));
    case 'history':
      return typeof e.entry === 'string' ? e.entry : canonicalJson(entry);
    default:
      return String(e.name ?? '');
  }
}

/** A list as (key, entry) pairs; a key that comes twice gets "/2", "/3"… so each entry has one. */
function keyed(area: ListArea, list: unknown): [string, unknown][] {
  const seen = new Map<string, number>();
  return (Array.isArray(list) ? list : []).map((entry) => {
    const base = entryKey(area, entry);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return [`${area}/${base}/${n}`, entry];
  });
}

/** Every key of the versions' lists, in one order: the first version's, the others' fitted in after their predecessor. */
function unionOrder(lists: [string, unknown][][]): string[] {
  const order: string[] = [];
  for (const list of lists) {
    let after = -1;
    for (const [key] of list) {
      const at = order.indexOf(key);
      if (at >= 0) after = at;
      else order.splice(++after, 0, key);
    }
  }
  return order;
}

function labelOf(area: ListArea, entry: unknown): string {
  const e = asRecord(entry);
  if (area === 'skills') return String(e.name ?? e.id ?? '');
  if (area === 'history') return `${String(e.kind ?? '')} ${String(e.at ?? '')}`.trim();
  return String(e.name ?? '');
}

/** The fields in which the versions differ, in the order the editor shows them. */
export function conflictFields(versions: readonly Character[]): MergeField[] {
  if (versions.length < 2) return [];
  const raw = versions.map((v) => v as unknown as Record<string, unknown>);
  const out: MergeField[] = [];
  for (const key of SCALARS) {
    const values = raw.map((v) => v[key]);
    if (!allSame(values)) out.push({ key, area: key, editable: TEXT_FIELDS.has(key), values });
  }
  for (const area of LISTS) {
    const lists = raw.map((v) => keyed(area, v[area]));
    const maps = lists.map((l) => new Map(l));
    for (const key of unionOrder(lists)) {
      const values = maps.map((m) => m.get(key));
      if (allSame(values)) continue;
      const label = labelOf(area, values.find((v) => v !== undefined));
      out.push({ key, area, label, editable: false, values });
    }
  }
  for (const area of SECTIONS) {
    const sections = raw.map((v) => (v[area] === undefined ? undefined : asRecord(v[area])));
    const names = [...new Set(sections.flatMap((s) => (s ? Object.keys(s) : [])))];
    for (const name of names) {
      const values = sections.map((s) => s?.[name]);
      if (!allSame(values)) out.push({ key: `${area}/${name}`, area, label: name, editable: false, values });
    }
  }
  const known = new Set<string>([...SCALARS, ...LISTS, ...SECTIONS, ...FIXED]);
  const extras = [...new Set(raw.flatMap((v) => Object.keys(v)))].filter((k) => !known.has(k));
  for (const name of extras) {
    const values = raw.map((v) => v[name]);
    if (!allSame(values)) out.push({ key: `extra/${name}`, area: 'extra', label: name, editable: false, values });
  }
  return out;
}

/**
 * The character the choices make: every field the versions agree on as it is, every differing one
 * from the version picked for it (version 1, index 0, where none is picked), a free-text field as
 * typed. A list keeps the first version's order, with entries only another version has placed
 * after the entry they follow there.
 */
export function mergeVersions(versions: readonly Character[], choice: MergeChoice = {}): Character {
  if (versions.length === 0) throw new Error('no version to merge');
  const pick = (key: string) => {
    const n = choice.pick?.[key] ?? 0;
    if (!Number.isInteger(n) || n < 0 || n >= versions.length) throw new Error(`field "${key}": there is no version ${n + 1}`);
    return n;
  };
  const raw = versions.map((v) => v as unknown as Record<string, unknown>);
  const merged: Record<string, unknown> = structuredClone(raw[0]!);
  const set = (target: Record<string, unknown>, name: string, value: unknown) => {
    if (value === undefined) delete target[name];
    else target[name] = structuredClone(value);
  };
  for (const field of conflictFields(versions)) {
    if (field.area === 'extra') set(merged, field.label!, field.values[pick(field.key)]);
    else if ((SCALARS as readonly string[]).includes(field.key)) {
      const typed = field.editable ? choice.text?.[field.key] : undefined;
      set(merged, field.key, typed ?? field.values[pick(field.key)]);
    }
  }
  for (const area of LISTS) {
    const lists = raw.map((v) => keyed(area, v[area]));
    if (lists.every((l) => l.length === 0) && raw.every((v) => v[area] === undefined)) continue;
    const maps = lists.map((l) => new Map(l));
    const entries: unknown[] = [];
    for (const key of unionOrder(lists)) {
      const values = maps.map((m) => m.get(key));
      const value = allSame(values) ? values[0] : values[pick(key)];
      if (value !== undefined) entries.push(structuredClone(value));
    }
    // An optional list (history) absent in the version the result is built on and empty after the merge stays absent.
    if (entries.length === 0 && raw[0]![area] === undefined) delete merged[area];
    else merged[area] = entries;
  }
  for (const area of SECTIONS) {
    const sections = raw.map((v) => (v[area] === undefined ? undefined : asRecord(v[area])));
    if (sections.every((s) => s === undefined)) continue;
    const section: Record<string, unknown> = structuredClone(sections[0] ?? {});
    const names = [...new Set(sections.flatMap((s) => (s ? Object.keys(s) : [])))];
    for (const name of names) {
      const values = sections.map((s) => s?.[name]);
      if (!allSame(values)) set(section, name, values[pick(`${area}/${name}`)]);
    }
    // A section kept only when a version it comes from has it, or some field of it was kept.
    const fromPicked = names.some((name) => section[name] !== undefined);
    if (fromPicked || sections[0] !== undefined) merged[area] = section;
    else delete merged[area];
  }
  return merged as unknown as Character;
}
