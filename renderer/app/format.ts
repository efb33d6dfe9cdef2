// Names and formats for display, in the current language: dates, numbers, games, body locations,
// armour types and weapon kinds. The ids are the file format's; the words are the renderer's.
import { isBuiltinRuleset, type GameId, type Location, type WeaponKind } from '../../core/model/ids';
import { packGameNames } from './game-names';
import { currentLanguage, t, tools, type StringKey } from './i18n';

export function formatDateTime(ms: number): string {
  return tools().dateTime(ms);
}

export function formatNumber(n: number): string {
  return tools().num(n);
}

export function rulesetName(id: GameId | null): string {
  if (id === null) return t('library.unknownRuleset');
  if (isBuiltinRuleset(id)) return t(`ruleset.${id}`);
  // A pack's game by its pack's name (Bulgarian where the pack has one); the id until the packs are listed.
  const names = packGameNames(id);
  return names ? ((currentLanguage() === 'bg' ? names.bg : undefined) ?? names.en) : id;
}

export function locationName(location: Location): string {
  return t(`location.${location}`);
}

const ARMOUR_TYPE_KEYS: Record<string, StringKey> = {
  'light-leather': 'armourType.light-leather',
  'heavy-leather': 'armourType.heavy-leather',
  'light-chain': 'armourType.light-chain',
  'heavy-chain': 'armourType.heavy-chain',
  plate: 'armourType.plate',
  light: 'armourType.light',
  medium: 'armourType.medium',
  heavy: 'armourType.heavy',
  'extra-heavy': 'armourType.extra-heavy',
  leather: 'armourType.leather',
  metal: 'armourType.metal',
  none: 'armourType.none',
};

/** An armour type's name; a type the app does not know is shown as it is written in the file. */
export function armourTypeName(type: string): string {
  const key = Object.hasOwn(ARMOUR_TYPE_KEYS, type) ? ARMOUR_TYPE_KEYS[type] : undefined;
  return key === undefined ? type : t(key);
}

export function weaponKindName(kind: WeaponKind): string {
  return t(`weaponKind.${kind}`);
}
