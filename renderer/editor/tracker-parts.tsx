// Parts the condition trackers share.

/** The most a number box here accepts (minutes, points). */
const AMOUNT_MAX = 999;

export function Amount({ label, value, onChange, min = 1 }: { label: string; value: number; onChange: (n: number) => void; min?: number }) {
  return (
    <label className="field field-number field-small">
      <span className="label-text">{label}</span>
      <input type="number" min={min} max={AMOUNT_MAX} step={1} value={value} onChange={(e) => onChange(Math.min(AMOUNT_MAX, Math.max(min, Math.floor(Number(e.target.value) || min))))} />
    </label>
  );
}

/** A labelled drop-down of fixed choices, each shown in words (the trackers' location pickers). */
export function ChoiceSelect<T extends string>({ label, value, choices, words, onChange }: { label: string; value: T; choices: readonly T[]; words: (choice: T) => string; onChange: (choice: T) => void }) {
  return (
    <label className="field field-small">
      <span className="label-text">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {words(c)}
          </option>
        ))}
      </select>
    </label>
  );
}
