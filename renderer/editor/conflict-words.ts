// Words for the merge of a character edited at two desks (core/desk/conflict-merge.ts): what each
// differing field is called and what each version holds in it, in the reader's language, as a
// volunteer reads a character sheet ("Sword, level 2"; "Light leather on Torso, Left arm").
import type { MergeField } from '../../core/desk/conflict-merge';
import { isBuiltinRuleset, type GameId, type Location, type RulesetId, type WeaponKind } from '../../core/model/ids';
import { rulesetOf } from '../../core/rulesets/index';
import type { StringKey, Tools } from '../app/i18n';
import { skillText } from './SkillsSection';
import { armourTypeName, locationName, rulesetName, weaponKindName } from '../app/format';

const AREA_KEYS: Record<string, StringKey> = {
  ruleset: 'identity.ruleset',
  name: 'identity.name',
  player: 'identity.player',
  notes: 'identity.notes',
  status: 'desk.merge.status',
  statusReason: 'desk.merge.statusReason',
};

const ENTRY_KEYS: Record<string, StringKey> = {
  skills: 'desk.merge.skill',
  armour: 'desk.merge.armour',
  weapons: 'desk.merge.weapon',
  items: 'desk.merge.item',
  history: 'desk.merge.history',
};

/** A game section's fields, by the editor's words where it has them. */
const SECTION_FIELD_KEYS: Record<string, StringKey> = {
  armourAreas: 'fl.choice',
  tilesOfFate: 'desk.merge.tilesOfFate',
  spellCards: 'cards.heading',
  startingPoints: 'desk.merge.startingPoints',
  sources: 'magic.sources',
  spells: 'magic.spells',
  reductions: 'desk.merge.reductions',
  plan: 'desk.merge.plan',
  path: 'bg.path',
  entitlement: 'bg.entitlement',
  school: 'bg.school',
  order: 'bg.order',
  style: 'bg.style',
};

const SECTION_GAMES: Record<string, RulesetId> = { fortunesLanding: 'fortunes-landing', curiousPastimes: 'curious-pastimes', novitas: 'novitas', bgMagic: 'bg-magic' };

/** A table's own entry (never one of Object's). */
const own = <V>(table: Record<string, V>, key: string): V | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);
const rec = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** "Notes", "Skill: Sword", "Armour piece: Jerkin", "Fortune's Landing: Tiles of Fate deck". */
export function fieldName(field: MergeField, { t, lang }: Tools, ruleset: GameId): string {
  const areaKey = own(AREA_KEYS, field.area);
  if (areaKey) return t(areaKey);
  const entryKey = own(ENTRY_KEYS, field.area);
  if (entryKey) {
    const name = field.area === 'skills' ? skillName(String(field.label ?? ''), field.values, ruleset, lang) : field.label || '—';
    return t(entryKey, { name });
  }
  const game = own(SECTION_GAMES, field.area);
  if (game) {
    const label = String(field.label ?? '');
    const labelKey = own(SECTION_FIELD_KEYS, label);
    return `${rulesetName(game)}: ${labelKey ? t(labelKey) : label}`;
  }
  return t('desk.merge.extra', { name: String(field.label ?? field.key) });
}

/** A skill by the catalogue's name of its game (in Bulgarian where the renderer has one), else the custom name. */
function skillName(label: string, values: readonly unknown[], ruleset: GameId, lang: Tools['lang']): string {
  const held = values.map(rec).find((v) => v.id !== undefined) ?? {};
  const def = isBuiltinRuleset(ruleset) ? rulesetOf(ruleset).skills.find((d) => d.id === held.id) : undefined;
  if (def) return skillText(ruleset, def, lang).name;
  return String(held.name ?? label);
}

const shorten = (s: string, max = 160) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** What one version holds in a field, in words; "not in this version" when it has nothing there. */
export function valueText(field: MergeField, value: unknown, tools: Tools, ruleset: GameId): string {
  const { t, num } = tools;
  if (value === undefined) return t('desk.merge.absent');
  const v = rec(value);
  switch (field.area) {
    case 'ruleset':
      return rulesetName(value as GameId);
    case 'status':
      return value === 'dead' ? t('history.dead') : value === 'retired' ? t('history.retired') : t('desk.merge.active');
    case 'skills':
      return t('desk.merge.skillLevel', { level: num(Number(v.level ?? 1)) });
    case 'armour': {
      const where = Array.isArray(v.locations) && v.locations.length > 0 ? (v.locations as Location[]).map(locationName).join(', ') : t('desk.merge.nowhere');
      const flags = [v.helmet === true ? t('desk.merge.helmet') : '', v.costume === true ? t('desk.merge.costume') : ''].filter(Boolean);
      return [t('desk.merge.armourOn', { type: armourTypeName(String(v.type ?? '')), where }), ...flags].join('; ');
    }
    case 'weapons': {
      const parts = [weaponKindName(v.kind as WeaponKind)];
      if (typeof v.lengthCm === 'number') parts.push(t('desk.merge.length', { cm: num(v.lengthCm) }));
      if (v.decorative === true) parts.push(t('weapons.decorative'));
      if (v.ultraLight === true) parts.push(t('desk.merge.ultraLight'));
      return parts.join(', ');
    }
    case 'items': {
      const head = `${String(v.name ?? '')} (${String(v.kind ?? '')})`;
      return typeof v.text === 'string' && v.text !== '' ? `${head}: ${shorten(v.text)}` : head;
    }
    case 'history': {
      const kind = `history.kind.${String(v.kind)}`;
      const kindKey = own(HISTORY_KINDS, kind);
      return [kindKey ? t(kindKey) : String(v.kind), typeof v.at === 'string' ? tools.when(v.at) : ''].filter(Boolean).join(', ');
    }
  }
  if (typeof value === 'string') return value === '' ? t('desk.merge.empty') : shorten(value, 2_000);
  if (typeof value === 'number') return num(value);
  if (typeof value === 'boolean') return value ? t('desk.merge.yes') : t('desk.merge.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return t('desk.merge.none');
    if (field.label === 'armourAreas') return (value as Location[]).map(locationName).join(', ');
    return shorten(value.map((e) => listEntryText(e, num)).join('; '), 400);
  }
  return shorten(JSON.stringify(value), 400);
}

/** The history kinds with words (the editor's record of play). */
const HISTORY_KINDS: Record<string, StringKey> = Object.fromEntries(
  (['died', 'returned', 'convergence', 'permanent-death', 'retired', 'new-character'] as const).map((k) => [`history.kind.${k}`, `history.kind.${k}` as StringKey]),
);

/** One entry of a game section's list: its name and numbers ("Fireball 2", "Fire rank 1, Friday ×3"). */
function listEntryText(e: unknown, num: Tools['num']): string {
  if (typeof e !== 'object' || e === null) return String(e);
  const r = e as Record<string, unknown>;
  const name = r.name ?? r.spell ?? r.sphere ?? '';
  const numbers = ['level', 'points', 'amount', 'times', 'rank', 'count'].filter((k) => typeof r[k] === 'number').map((k) => (k === 'times' || k === 'count' ? `×${num(r[k] as number)}` : num(r[k] as number)));
  const day = typeof r.day === 'string' ? r.day : '';
  return [String(name), ...numbers, day].filter((s) => s !== '').join(' ');
}
