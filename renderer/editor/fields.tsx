// Form controls of the editor. Each is labelled, carries the id of its field path (so the rules
// summary can move the focus to it), and shows beside it the violations the core reports for it
// (linked with aria-describedby, marked aria-invalid for errors).
import { createContext, useContext, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Violation } from '../../core/rulesets/types';
import { fieldId, fieldOf, messagesId } from './field-paths';
import { useT } from '../app/i18n';
import { violationText } from './violation-text';

const NONE: readonly Violation[] = [];

/**
 * The violations of the open character, by the field they are shown at. Each field subscribes to
 * its own list, which keeps its identity while its violations stay the same, so an edit redraws
 * only the fields whose messages changed (not every field of a 300-skill character).
 */
export type RulesStore = {
  get(field: string): readonly Violation[];
  set(violations: readonly Violation[]): void;
  subscribe(listener: () => void): () => void;
};

export function createRulesStore(violations: readonly Violation[] = []): RulesStore {
  let byField = group(violations, new Map());
  const listeners = new Set<() => void>();
  return {
    get: (field) => byField.get(field) ?? NONE,
    set(next) {
      const grouped = group(next, byField);
      if (grouped === byField) return;
      byField = grouped;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const same = (a: Violation, b: Violation) => a.code === b.code && a.message === b.message && a.severity === b.severity && a.path === b.path;

/** Violations by field; lists equal to the previous ones are the previous ones (and so is the map). */
function group(violations: readonly Violation[], previous: ReadonlyMap<string, readonly Violation[]>): ReadonlyMap<string, readonly Violation[]> {
  const map = new Map<string, Violation[]>();
  for (const v of violations) {
    const field = fieldOf(v.path);
    const list = map.get(field);
    if (list) list.push(v);
    else map.set(field, [v]);
  }
  const out = new Map<string, readonly Violation[]>();
  let changed = map.size !== previous.size;
  for (const [field, list] of map) {
    const old = previous.get(field);
    if (old && old.length === list.length && old.every((v, i) => same(v, list[i]!))) out.set(field, old);
    else {
      out.set(field, list);
      changed = true;
    }
  }
  return changed ? out : previous;
}

export const RulesContext = createContext<RulesStore>(createRulesStore());

export function useFieldRules(field: string) {
  const store = useContext(RulesContext);
  const violations = useSyncExternalStore(store.subscribe, () => store.get(field));
  return {
    violations,
    invalid: violations.some((v) => v.severity === 'error'),
    describedBy: violations.length > 0 ? messagesId(field) : undefined,
  };
}

/** The violations for one field (from the field's useFieldRules), shown under it. */
export function FieldRules({ field, violations, extra }: { field: string; violations: readonly Violation[]; extra?: string | null }) {
  const tools = useT();
  const { t } = tools;
  if (violations.length === 0 && !extra) return null;
  return (
    <ul className="field-rules" id={messagesId(field)}>
      {extra && (
        <li className="field-rule field-rule-error">
          <span className="badge badge-error">{t('rules.error')}</span> {extra}
        </li>
      )}
      {violations.map((v, i) => (
        <li key={`${v.code}:${i}`} className={`field-rule field-rule-${v.severity}`}>
          <span className={`badge badge-${v.severity}`}>{t(v.severity === 'error' ? 'rules.error' : 'rules.warning')}</span> {violationText(v, tools)}
        </li>
      ))}
    </ul>
  );
}

const JUMP_MARK_MS = 2_000;

/** Moves the keyboard focus to the control of a violation's field; false when there is none on screen. */
export function focusField(path: string): boolean {
  const el = document.getElementById(fieldId(fieldOf(path)));
  if (!el) return false;
  el.scrollIntoView?.({ block: 'center' });
  el.focus();
  // A mouse click on "Go to" gives the field no focus ring of its own: mark it for a moment.
  el.classList.add('jump-target');
  setTimeout(() => el.classList.remove('jump-target'), JUMP_MARK_MS);
  return document.activeElement === el;
}

type Common = { label: string; field: string; readOnly?: boolean; className?: string; hideLabel?: boolean };

function Label({ label, hide }: { label: string; hide?: boolean | undefined }) {
  return <span className={hide ? 'visually-hidden' : 'label-text'}>{label}</span>;
}

/**
 * A line or block of text. `placeholder` is a short example that fits the box; anything longer, an
 * instruction, goes in `hint`, shown under the field (a placeholder is cut off and gone once typing starts).
 */
export function TextField(props: Common & { value: string; onChange: (value: string) => void; maxLength?: number | undefined; multiline?: boolean; rows?: number; placeholder?: string; hint?: string }) {
  const { violations, invalid, describedBy } = useFieldRules(props.field);
  const hintId = `${fieldId(props.field)}-hint`;
  const shared = {
    id: fieldId(props.field),
    value: props.value,
    readOnly: props.readOnly,
    maxLength: props.maxLength,
    'aria-invalid': invalid || undefined,
    'aria-describedby': [describedBy, props.hint ? hintId : undefined].filter(Boolean).join(' ') || undefined,
    placeholder: props.placeholder,
    onChange: (e: { target: { value: string } }) => props.onChange(e.target.value),
  };
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label>
        <Label label={props.label} hide={props.hideLabel} />
        {props.multiline ? <textarea rows={props.rows ?? 4} {...shared} /> : <input type="text" {...shared} />}
      </label>
      {props.hint && (
        <span className="hint field-hint" id={hintId}>
          {props.hint}
        </span>
      )}
      <FieldRules field={props.field} violations={violations} />
    </div>
  );
}

/**
 * A whole number. What is typed is kept as typed; only a whole number within range reaches the
 * character, anything else is named as an error beside the field and dropped when the field is left.
 */
export function NumberField(props: Common & { value: number | undefined; onChange: (value: number | undefined) => void; min: number; max: number; optional?: boolean }) {
  const { t } = useT();
  const { violations, invalid, describedBy } = useFieldRules(props.field);
  const shown = props.value === undefined ? '' : String(props.value);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  // Undo, redo and other edits change the value from outside: show it.
  useEffect(() => {
    setText((current) => (parseWhole(current) === props.value && current !== '' ? current : shown));
    setProblem(null);
  }, [props.value, shown]);

  const onChange = (raw: string) => {
    setText(raw);
    if (raw.trim() === '' && props.optional) {
      setProblem(null);
      if (props.value !== undefined) props.onChange(undefined);
      return;
    }
    const n = parseWhole(raw);
    if (n === undefined || n < props.min || n > props.max) {
      setProblem(t('field.wholeNumber', { field: props.label, min: props.min, max: props.max }));
      return;
    }
    setProblem(null);
    if (n !== props.value) props.onChange(n);
  };

  return (
    <div className={`field field-number ${props.className ?? ''}`}>
      <label>
        <Label label={props.label} hide={props.hideLabel} />
        <input
          type="number"
          inputMode="numeric"
          id={fieldId(props.field)}
          min={props.min}
          max={props.max}
          step={1}
          value={text}
          readOnly={props.readOnly}
          aria-invalid={invalid || problem !== null || undefined}
          aria-describedby={describedBy ?? (problem ? `${fieldId(props.field)}-rules` : undefined)}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            if (problem !== null) {
              setText(shown);
              setProblem(null);
            }
          }}
        />
      </label>
      <FieldRules field={props.field} violations={violations} extra={problem} />
    </div>
  );
}

function parseWhole(text: string): number | undefined {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : undefined;
}

export function SelectField<V extends string>(
  props: Common & { value: V | ''; options: readonly { value: V | ''; label: string }[]; onChange: (value: V) => void; disabled?: boolean },
) {
  const { violations, invalid, describedBy } = useFieldRules(props.field);
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label>
        <Label label={props.label} hide={props.hideLabel} />
        <select
          id={fieldId(props.field)}
          value={props.value}
          disabled={props.readOnly || props.disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => props.onChange(e.target.value as V)}
        >
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <FieldRules field={props.field} violations={violations} />
    </div>
  );
}

export function CheckboxField(props: Common & { checked: boolean; onChange: (checked: boolean) => void; hint?: string }) {
  const { violations, invalid, describedBy } = useFieldRules(props.field);
  const hintId = useId();
  return (
    <div className={`field field-check ${props.className ?? ''}`}>
      <label>
        <input
          type="checkbox"
          id={fieldId(props.field)}
          checked={props.checked}
          disabled={props.readOnly}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, props.hint ? hintId : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <span className={props.hideLabel ? 'visually-hidden' : undefined}>{props.label}</span>
      </label>
      {props.hint && (
        <span className="hint" id={hintId}>
          {props.hint}
        </span>
      )}
      <FieldRules field={props.field} violations={violations} />
    </div>
  );
}

/** A titled panel of the editor. */
export function Panel({ id, title, children, actions, className }: { id: string; title: string; children: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <section className={`panel ${className ?? ''}`} aria-labelledby={`${id}-heading`} id={id}>
      <div className="panel-heading-row">
        <h2 id={`${id}-heading`} tabIndex={-1}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * Moves the focus to a field once it is drawn: after "Add …", the keyboard lands on what was added
 * (its first field), not on the button or the page. Returns the function that asks for it.
 */
export function useFocusField(): (field: string) => void {
  const [target, setTarget] = useState<{ field: string } | null>(null);
  useEffect(() => {
    if (target === null) return;
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      const el = document.getElementById(fieldId(target.field));
      if (el) {
        el.focus();
        if (el instanceof HTMLElement) el.scrollIntoView?.({ block: 'nearest' });
        setTarget(null);
      } else if (frames++ < 30) handle = requestAnimationFrame(attempt);
      else setTarget(null);
    };
    attempt();
    return () => cancelAnimationFrame(handle);
  }, [target]);
  return (field: string) => setTarget({ field });
}
