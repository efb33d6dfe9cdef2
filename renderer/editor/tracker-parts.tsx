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
