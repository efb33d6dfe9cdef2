// Pack versions, apart from the validator so that the window can compare them without loading the CEL engine.

/** Compares two pack versions ("1.2.0"): negative when a is older. */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}
