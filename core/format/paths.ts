// Human-readable field paths: ["armour", 0, "type"] -> "armour[0].type".
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** Finds the first `__proto__` key anywhere in a parsed JSON value; returns its path or null. */
export function findProtoKey(value: unknown, path: PropertyKey[] = []): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findProtoKey(value[i], [...path, i]);
      if (hit !== null) return hit;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return fieldPath([...path, key]);
    const hit = findProtoKey((value as Record<string, unknown>)[key], [...path, key]);
    if (hit !== null) return hit;
  }
  return null;
}
