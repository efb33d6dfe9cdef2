// The choices both print dialogs share: card groups (only those that apply to the games printed),
// paper, card size, the printer's margin and offsets, and duplex backs. Millimetres are typed as
// text (a decimal comma is fine); a value that is not a number is named beside its field and not
// used until it is fixed.
import { useEffect, useId, useState } from 'react';
import type { Paper, PrintChoice } from '../../core/ipc/contract';
import type { CardSection } from '../../core/pdf/cards/context';
import { CARD_STOCK_IDS, CARD_STOCKS, type CardSizeId, type CardStockId } from '../../core/pdf/layout';
import { useT } from '../app/i18n';
import { parseMm, withSavedCorrections, type Narrowed } from './print-options';
import { usePrintUi } from './print-ui';
import { useAppState } from '../app/store';
import type { StringKey } from '../app/strings';

const SIZE_LABELS: Record<CardSizeId, StringKey> = { credit: 'print.size.credit', poker: 'print.size.poker', a6: 'print.size.a6' };

export const SECTION_LABELS: Record<CardSection, StringKey> = {
  character: 'print.section.character',
  armour: 'print.section.armour',
  items: 'print.section.items',
  spells: 'print.section.spells',
  slips: 'print.section.slips',
  tracker: 'print.section.tracker',
  token: 'print.section.token',
};

type MmField = 'marginMm' | 'offsetX' | 'offsetY' | 'backOffsetX' | 'backOffsetY';

function mmOf(choice: PrintChoice, field: MmField): number {
  switch (field) {
    case 'marginMm':
      return choice.marginMm;
    case 'offsetX':
      return choice.offsetMm.x;
    case 'offsetY':
      return choice.offsetMm.y;
    case 'backOffsetX':
      return choice.backOffsetMm.x;
    case 'backOffsetY':
      return choice.backOffsetMm.y;
  }
}

function withMm(choice: PrintChoice, field: MmField, value: number): PrintChoice {
  switch (field) {
    case 'marginMm':
      return { ...choice, marginMm: value };
    case 'offsetX':
      return { ...choice, offsetMm: { ...choice.offsetMm, x: value } };
    case 'offsetY':
      return { ...choice, offsetMm: { ...choice.offsetMm, y: value } };
    case 'backOffsetX':
      return { ...choice, backOffsetMm: { ...choice.backOffsetMm, x: value } };
    case 'backOffsetY':
      return { ...choice, backOffsetMm: { ...choice.backOffsetMm, y: value } };
  }
}

/**
 * `onInvalid` is told whether any millimetre field holds something that is not a number (the
 * dialog then holds back printing).
 */
export function PrintOptionsForm(props: { choice: PrintChoice; offered: readonly CardSection[]; narrowed?: Narrowed; onChange: (choice: PrintChoice) => void; onInvalid: (invalid: boolean) => void; disabled?: boolean }) {
  const { t } = useT();
  const ui = usePrintUi();
  const { choice, offered, disabled } = props;
  const calibrations = useAppState((s) => s.printers.calibrations);
  const printerNames = [...new Set(calibrations.map((c) => c.printer).filter(Boolean))];
  const [calibrating, setCalibrating] = useState(false);
  const [calibrationError, setCalibrationError] = useState<string | null>(null);
  const stock = choice.stock ? CARD_STOCKS[choice.stock] : null;
  const listId = useId();
  /** A new sheet or printer starts from the corrections saved for the pair, if any. */
  const moveTo = (next: PrintChoice) => props.onChange(withSavedCorrections(next, calibrations));
  const calibrate = async () => {
    setCalibrating(true);
    setCalibrationError(null);
    setCalibrationError(await ui.printCalibration(choice));
    setCalibrating(false);
  };
  const [bad, setBad] = useState<ReadonlySet<MmField>>(new Set());
  const markBad = (field: MmField, isBad: boolean) => {
    const next = new Set(bad);
    if (isBad) next.add(field);
    else next.delete(field);
    setBad(next);
    props.onInvalid(next.size > 0);
  };
  const toggle = (section: CardSection, on: boolean) => {
    const sections = offered.filter((s) => (s === section ? on : choice.sections.includes(s)));
    props.onChange({ ...choice, sections });
  };
  const mm = (field: MmField, label: StringKey) => (
    <MmInput key={field} label={t(label)} value={mmOf(choice, field)} disabled={disabled} onValid={(v) => props.onChange(withMm(choice, field, v))} onBad={(isBad) => markBad(field, isBad)} />
  );
  return (
    <div className="print-options">
      <fieldset className="print-groups">
        <legend>{t('print.groups')}</legend>
        {offered.map((s) => (
          <label key={s} className="check">
            <input type="checkbox" checked={choice.sections.includes(s)} disabled={disabled} onChange={(e) => toggle(s, e.target.checked)} />
            <span>{t(SECTION_LABELS[s])}</span>
          </label>
        ))}
        {choice.sections.length === 0 && <p className="field-rule field-rule-error">{t('print.noGroups')}</p>}
        <NarrowedNote narrowed={props.narrowed ?? []} choice={choice} />
      </fieldset>
      <div className="print-grid print-layout">
        <label className="field print-stock">
          <span className="label-text">{t('print.sheet')}</span>
          <select
            value={choice.stock ?? ''}
            disabled={disabled}
            onChange={(e) => {
              const id = (e.target.value || null) as CardStockId | null;
              moveTo({ ...choice, stock: id, paper: id ? CARD_STOCKS[id].paper : choice.paper });
            }}
          >
            <option value="">{t('print.sheet.custom')}</option>
            {CARD_STOCK_IDS.map((id) => {
              const s = CARD_STOCKS[id];
              return (
                <option key={id} value={id}>
                  {t('print.sheet.stock', { brand: s.brand, code: s.code, also: s.equivalents.join(', '), paper: t(`settings.paper.${s.paper}`), columns: s.columns, rows: s.rows, size: stockSize(s) })}
                </option>
              );
            })}
          </select>
        </label>
        {stock ? (
          <p className="hint print-stock-note">{t('print.stockNote', { paper: t(`settings.paper.${stock.paper}`), count: stock.columns * stock.rows, size: stockSize(stock) })}</p>
        ) : (
          <>
            <label className="field">
              <span className="label-text">{t('print.paper')}</span>
              <select value={choice.paper} disabled={disabled} onChange={(e) => moveTo({ ...choice, paper: e.target.value as Paper })}>
                <option value="a4">{t('settings.paper.a4')}</option>
                <option value="letter">{t('settings.paper.letter')}</option>
              </select>
            </label>
            <label className="field">
              <span className="label-text">{t('print.size')}</span>
              <select value={choice.size} disabled={disabled} onChange={(e) => moveTo({ ...choice, size: e.target.value as CardSizeId })}>
                {(Object.keys(SIZE_LABELS) as CardSizeId[]).map((s) => (
                  <option key={s} value={s}>
                    {t(SIZE_LABELS[s])}
                  </option>
                ))}
              </select>
            </label>
            {mm('marginMm', 'print.margin')}
          </>
        )}
      </div>
      <p className="hint print-actual-size">{t('print.actualSize')}</p>
      <fieldset className="print-offsets">
        <legend>{t('print.offsets')}</legend>
        <label className="field">
          <span className="label-text">{t('print.printer')}</span>
          <input type="text" list={listId} value={choice.printer} maxLength={100} disabled={disabled} onChange={(e) => moveTo({ ...choice, printer: e.target.value })} />
          <datalist id={listId}>
            {printerNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </label>
        <p className="hint">{t('print.offsetsHint')}</p>
        <div className="print-grid">
          {mm('offsetX', 'print.offsetX')}
          {mm('offsetY', 'print.offsetY')}
          {mm('backOffsetX', 'print.backOffsetX')}
          {mm('backOffsetY', 'print.backOffsetY')}
        </div>
        <div className="button-row">
          <button type="button" disabled={disabled || calibrating} onClick={() => void calibrate()}>
            {t('print.calibrate')}
          </button>
        </div>
        <p className="hint">{t('print.calibrateHint')}</p>
        {calibrationError && (
          <p className="error-text" role="alert">
            {calibrationError}
          </p>
        )}
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={choice.backs} disabled={disabled} onChange={(e) => props.onChange({ ...choice, backs: e.target.checked })} />
        <span>{t('print.backs')}</span>
      </label>
    </div>
  );
}

/** A stock's card size as the dialog says it: "85 × 54 mm". */
function stockSize(s: { widthMm: number; heightMm: number }): string {
  const r = (v: number) => String(Math.round(v * 10) / 10);
  return `${r(s.widthMm)} × ${r(s.heightMm)} mm`;
}

/**
 * Says which groups start unticked and why: the user left them out of their last print of these
 * games. Every other group that applies is ticked. Gone once they are all ticked again.
 */
function NarrowedNote({ narrowed, choice }: { narrowed: Narrowed; choice: PrintChoice }) {
  const { t } = useT();
  const still = narrowed.filter((n) => !choice.sections.includes(n.section));
  if (still.length === 0) return null;
  const games = [...new Set(still.flatMap((n) => n.games))].map((g) => t(`ruleset.${g}` as StringKey));
  return (
    <p className="hint print-narrowed" role="note">
      {t('print.narrowed', { groups: still.map((n) => t(SECTION_LABELS[n.section])).join(', '), games: games.join(', ') })}
    </p>
  );
}

/** A length in millimetres, typed as text; only numbers reach the choice. */
function MmInput(props: { label: string; value: number; disabled?: boolean | undefined; onValid: (value: number) => void; onBad: (bad: boolean) => void }) {
  const { t, num } = useT();
  const id = useId();
  const [text, setText] = useState(() => num(props.value));
  const [problem, setProblem] = useState(false);
  // A value set from outside (the corrections saved for another printer or sheet) replaces the text.
  useEffect(() => {
    if (parseMm(text) !== props.value) {
      setText(num(props.value));
      if (problem) {
        setProblem(false);
        props.onBad(false);
      }
    }
    // Only when the value changes, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  return (
    <div className="field field-mm">
      <label>
        <span className="label-text">{props.label}</span>
        <input
          type="text"
          inputMode="decimal"
          value={text}
          disabled={props.disabled}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? id : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const v = parseMm(e.target.value);
            const isBad = v === null;
            if (isBad !== problem) {
              setProblem(isBad);
              props.onBad(isBad);
            }
            if (v !== null && v !== props.value) props.onValid(v);
          }}
        />
      </label>
      {problem && (
        <p className="field-rule field-rule-error" id={id}>
          {t('print.notMm', { field: props.label })}
        </p>
      )}
    </div>
  );
}
