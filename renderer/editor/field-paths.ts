// Where a rules violation is shown and where "go to the field" puts the focus: the core names the
// field at fault by path ("armour[0].locations[1]"); the editor has a control for each field below.
// A path is mapped to the nearest control: the path itself, a default control for a whole entry
// ("weapons[2]" -> its kind), or its parent, up to "" for the whole character.

/** Paths that have a control of their own. */
const FIELDS: readonly RegExp[] = [
  /^(name|player|notes)$/,
  /^skills\[\d+\]\.(name|level)$/,
  /^armour\[\d+\]\.(name|type|locations|helmet|costume)$/,
  /^weapons\[\d+\]\.(name|kind|lengthCm|decorative|ultraLight)$/,
  /^items\[\d+\]\.(name|kind|text|expires|game|serial)$/,
  /^fortunesLanding\.armourAreas$/,
  /^curiousPastimes\.spellCards\[\d+\]\.(sphere|rank|day|count)$/,
  /** The Power Points skill's level, shown in the Magic panel too. */
  /^novitas\.skillPoints$/,
  /^novitas\.sources\[\d+\]\.(name|points|breaksCap)$/,
  /^novitas\.spells\[\d+\]\.(name|level)$/,
  /^novitas\.reductions\[\d+\]\.(name|amount|spells|stacks|allowsZero)$/,
  /^novitas\.plan\[\d+\]\.(spell|times)$/,
  /^bgMagic\.(path|entitlement|school|order|style)$/,
];

/** The control that stands for a whole entry. */
const DEFAULTS: readonly [RegExp, string][] = [
  [/^skills\[\d+\]$/, 'level'],
  [/^armour\[\d+\]$/, 'type'],
  [/^weapons\[\d+\]$/, 'kind'],
  [/^items\[\d+\]$/, 'name'],
  [/^curiousPastimes\.spellCards\[\d+\]$/, 'count'],
  [/^novitas\.sources\[\d+\]$/, 'points'],
  [/^novitas\.spells\[\d+\]$/, 'name'],
  [/^novitas\.reductions\[\d+\]$/, 'amount'],
  // The casting that goes over the pool or the cap: fewer times is the usual fix.
  [/^novitas\.plan\[\d+\]$/, 'times'],
  [/^bgMagic$/, 'path'],
  [/^novitas$/, 'skillPoints'],
];

/** The field path of the control for a violation path; "" when it concerns the whole character. */
export function fieldOf(path: string): string {
  let p = path.trim();
  while (p !== '') {
    if (FIELDS.some((re) => re.test(p))) return p;
    const child = DEFAULTS.find(([re]) => re.test(p))?.[1];
    if (child !== undefined) return `${p}.${child}`;
    p = parent(p);
  }
  return '';
}

/** "a.b[2]" -> "a.b"; "a.b" -> "a"; "a" -> "". */
export function parent(path: string): string {
  const m = /^(.*?)(\[\d+\]|\.[^.[\]]+)$/.exec(path);
  return m ? m[1]! : '';
}

/** The DOM id of a field's control. */
export function fieldId(field: string): string {
  return `field-${field.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}`;
}

/** The DOM id of the messages shown beside a field. */
export function messagesId(field: string): string {
  return `${fieldId(field)}-rules`;
}
