// The desk's record of play (issue 14): a "Record…" button per row (death, return, convergence,
// permanent death, items handed in/returned/transferred, bow competency, note), the row's life
// state, a panel of the items held at the desk and a ledger panel (filter by kind or name, undo).
// Entries are made by the main process (electron/desk/record.ts), which writes the ledger first
// and then the character files; the view then shows the folder as it is on disk.
import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { DeskViewRow, QuartermasterApi, RecordRequest, RecordResult } from '../../core/ipc/contract';
import { deathFold, NOVITAS_PERMANENT_CONVERGENCES, type DeathFold } from '../../core/desk/deaths';
import type { GameId } from '../../core/model/ids';
import type { DeskEvent } from '../../core/desk/event';
import type { DeskActions } from './actions';
import { useDeskState, type DeskStore } from './store';
import { errorMessage } from '../app/api';
import { HeldItems, LedgerPanel } from './DeskLedgerPanels';
import { Modal } from '../app/Modal';
import { useT, type StringKey, type Tools } from '../app/i18n';
import { outOfPlay } from '../../core/desk/life';
import { outOfPlayText } from './format';
import { outOfPlayCharacters, recipients } from '../../core/desk/recipients';
import { CharacterPicker } from './CharacterPicker';

type Target = { id: string; name: string };
let opened: Target | null = null;
const listeners = new Set<() => void>();
const openRecord = (t: Target | null) => {
  opened = t;
  for (const l of listeners) l();
};
const useOpened = () => useSyncExternalStore((l) => (listeners.add(l), () => void listeners.delete(l)), () => opened);

let shared: DeskStore | null = null;

/** The row's life state and its Record… button (in the check-in cell). */
export function RecordButton({ row, name, disabled, out = false }: { row: DeskViewRow; name: string; disabled: boolean; out?: boolean }) {
  const event = useSyncExternalStore(
    (l) => shared?.subscribe(l) ?? (() => undefined),
    () => shared?.get().event ?? null,
  );
  const { t } = useT();
  if (row.id === null) return null;
  // Out of play, the check-in cell says so (with since when); otherwise a return is worth a word.
  const words = !out && event && row.ruleset ? lifeText(deathFold(event, row.id, row.ruleset), row.ruleset, t) : null;
  // Items whose `expires` date is before the event's start, shown at check-in.
  const expired = event ? (row.items ?? []).filter((i) => /^\d{4}-\d{2}-\d{2}/.test(i.expires ?? '') && i.expires!.slice(0, 10) < event.dates.start) : [];
  return (
    <span className="desk-record">
      {words && <span className="desk-life">{words}</span>}
      {expired.length > 0 && <span className="desk-changed">{t('desk.record.expired', { items: expired.map((i) => i.name).join(', ') })}</span>}
      <button type="button" className="desk-small" disabled={disabled} onClick={() => openRecord({ id: row.id!, name })} aria-label={t('desk.record.openFor', { name })}>
        {t('desk.record.open')}
      </button>
    </span>
  );
}

/** The row's life state in words (the renderer's copy of core/desk/deaths `lifeWords`, in the UI's language). */
function lifeText(f: DeathFold, ruleset: GameId, t: Tools['t']): string | null {
  switch (f.state) {
    case 'alive':
      return f.returns > 0 ? (ruleset === 'fortunes-landing' && f.tilesOfFate !== null ? t('desk.record.life.returnedTiles', { count: f.tilesOfFate }) : t('desk.record.life.returned')) : null;
    case 'dead':
      return ruleset === 'novitas' ? t('desk.record.life.deadConvergences', { count: f.convergences, max: NOVITAS_PERMANENT_CONVERGENCES }) : t('desk.record.life.dead');
    case 'permanent':
      return f.alert ? t('desk.record.life.permanentAlert', { alert: f.alert }) : t('desk.record.life.permanent');
    case 'retired':
      return f.alert ? t('desk.record.life.retiredAlert', { alert: f.alert }) : t('desk.record.life.retired');
  }
}

const kindKey = (kind: string) => `desk.record.kind.${kind}` as StringKey;

/** The Record… dialog, the items held at the desk and the ledger. */
export function DeskRecordPanels({ store, api, actions }: { store: DeskStore; api: QuartermasterApi; actions: DeskActions }) {
  shared = store;
  const { t } = useT();
  const desk = useDeskState(store, (s) => s.desk);
  const event = useDeskState(store, (s) => s.event);
  const target = useOpened();
  const eventFile = desk?.eventFile.kind === 'file' ? desk.eventFile : null;
  const rows = desk?.rows ?? [];
  const nameOf = useMemo(() => new Map(rows.filter((r) => r.id).map((r) => [r.id!, r.name])), [rows]);
  // Items by id, for the ledger's lines (an entry names its item by id; a transferred one is now in the receiver's file).
  const itemNames = useMemo(() => new Map(rows.flatMap((r) => (r.items ?? []).map((i) => [i.id, i.name] as const))), [rows]);

  const send = async (work: (args: { folder: string; eventFile: string }) => Promise<RecordResult>, done: string) => {
    await actions.flushed();
    const s = store.get();
    if (!s.desk || s.desk.eventFile.kind !== 'file') return;
    try {
      const r = await work({ folder: s.desk.folder, eventFile: s.desk.eventFile.path });
      actions.showRecorded(r, done);
      actions.notify('info', done);
      openRecord(null);
    } catch (e) {
      actions.notify('error', t('desk.record.failed', { message: errorMessage(e) }));
    }
  };
  const record = (request: RecordRequest, done: string) => send((a) => api.recordDesk({ ...a, request }), done);
  // "Close the event": the points awards of everyone checked in, once (docs/season.md § Points).
  const closeEvent = async () => {
    await actions.flushed();
    const s = store.get();
    if (!s.desk || s.desk.eventFile.kind !== 'file') return;
    try {
      const r = await api.closeEvent({ folder: s.desk.folder, eventFile: s.desk.eventFile.path });
      const skipped = r.skipped.map((x) => `${nameOf.get(x.character) ?? x.name} (${x.why})`).join('; ');
      const done = [t('desk.close.done', { count: r.made.length }), skipped ? t('desk.close.skipped', { list: skipped }) : ''].filter(Boolean).join(' ');
      actions.showRecorded(r, done);
      actions.notify('info', done);
    } catch (e) {
      actions.notify('error', t('desk.record.failed', { message: errorMessage(e) }));
    }
  };

  if (!desk || !eventFile || !event) return null;
  return (
    <>
      <p className="desk-close">
        <button type="button" onClick={() => void closeEvent()}>
          {t('desk.close.button')}
        </button>
      </p>
      {target && <RecordDialog target={target} rows={rows} event={event} onCancel={() => openRecord(null)} record={record} send={send} api={api} />}
      <HeldItems event={event} nameOf={nameOf} onReturn={(h) => record({ kind: 'item-returned', character: h.owner, item: h.item, name: h.name }, t('desk.record.itemReturnedTo', { item: h.name, owner: nameOf.get(h.owner) ?? t('desk.record.itsOwner') }))} />
      <LedgerPanel event={event} nameOf={nameOf} itemNames={itemNames} onUndo={(id, character) => void actions.undoEntry(id, character)} />
    </>
  );
}

type Send = (work: (args: { folder: string; eventFile: string }) => Promise<RecordResult>, done: string) => Promise<void>;

function RecordDialog(props: { target: Target; rows: readonly DeskViewRow[]; event: DeskEvent; onCancel: () => void; record: (r: RecordRequest, done: string) => Promise<void>; send: Send; api: QuartermasterApi }) {
  const { target, rows, record, send, api } = props;
  const tools = useT();
  const { t } = tools;
  const uid = useId();
  const row = rows.find((r) => r.id === target.id);
  const game = row?.ruleset ?? null;
  const out = row ? outOfPlay(row, props.event) : null;
  // Where the character stands decides what can happen next: the dead are not offered Death.
  const stage = out === null ? 'alive' : out.retired || out.shown === 'permanent' ? 'over' : 'dead';
  const [kind, setKind] = useState<string>(() => firstKind(game, stage));
  const [cause, setCause] = useState<'killing-blow' | 'bled-out'>('killing-blow');
  const [how, setHow] = useState('');
  const [cards, setCards] = useState('0');
  const [when, setWhen] = useState<'dawn' | 'dusk'>('dawn');
  const [text, setText] = useState('');
  const [item, setItem] = useState(row?.items?.[0]?.id ?? '');
  const [why, setWhy] = useState<'theft' | 'death' | 'other'>('theft');
  const [to, setTo] = useState('');
  const [newName, setNewName] = useState('');
  const items = row?.items ?? [];
  const state = game ? deathFold(props.event, target.id, game) : null;
  // Retiring takes a character out of play at every desk (kept, read-only): the way to remove one from a shared event (docs/desk.md).
  const kinds = kindsFor(game, stage);
  const character = target.id;
  const itemName = items.find((i) => i.id === item)?.name ?? '';
  // Who can be handed the item: by name, not the giver, not the dead or retired (core/desk/recipients.ts).
  const receivers = useMemo(() => recipients(rows, props.event, character), [rows, props.event, character]);
  const notOffered = useMemo(() => outOfPlayCharacters(rows, props.event, character), [rows, props.event, character]);

  const submit = () => {
    // bg-magic: "its text gives no rule beyond" death and return, so they are notes.
    if (game === 'bg-magic' && (kind === 'died' || kind === 'returned')) return record({ kind: 'note', character, text: text ? t('desk.record.noteWithText', { what: t(kind === 'died' ? 'desk.record.noteDied' : 'desk.record.noteReturned'), text }) : t(kind === 'died' ? 'desk.record.noteDied' : 'desk.record.noteReturned') }, t('desk.record.kindRecorded', { kind: t(kindKey(kind)), name: target.name }));
    switch (kind) {
      case 'died':
        return record({ kind, character, ...(game === 'fortunes-landing' ? { cause } : {}), ...(game === 'novitas' ? { shiftEnd: true } : {}), ...(text ? { text } : {}) }, t('desk.record.deathRecorded', { name: target.name }));
      case 'returned':
        return record({ kind, character, ...(how ? { how } : {}), ...(game === 'fortunes-landing' ? { cards: Math.max(0, Math.min(100, Number(cards) || 0)) } : {}) }, t('desk.record.returnRecorded', { name: target.name }));
      case 'convergence':
        return record({ kind, character }, t('desk.record.convergenceRecorded', { name: target.name }));
      case 'permanent-death':
        return record({ kind, character, when }, t('desk.record.permanentRecorded', { name: target.name }));
      case 'item-handed-in':
        return record({ kind, character, item, why, name: itemName }, t('desk.record.handedIn', { item: itemName }));
      case 'item-transferred':
        return send((a) => api.transferItem({ ...a, from: character, item, to }), t('desk.record.transferred', { item: itemName, to: rows.find((r) => r.id === to)?.name ?? '' }));
      case 'bow-competency':
        return record({ kind, character, player: row?.player || target.name }, t('desk.record.bowRecorded', { player: row?.player || target.name }));
      case 'retired':
        return record({ kind, character, ...(text.trim() ? { reason: text.trim().slice(0, 500) } : {}) }, t('desk.record.retiredRecorded', { name: target.name }));
      case 'note':
        return record({ kind, character, text: text || t('desk.record.noteEmpty') }, t('desk.record.noteRecorded', { name: target.name }));
    }
  };

  const f = (name: string) => `${uid}-${name}`;
  return (
    <Modal title={t('desk.record.openFor', { name: target.name })} onCancel={props.onCancel}>
      <div className="desk-record-form">
        {out !== null && <p className="desk-life">{outOfPlayText(out, tools)}</p>}
        {game === 'curious-pastimes' && state?.state === 'retired' && (
          <div className="desk-record-new">
            <Field id={f('new')} label={t('desk.record.newName')}>
              <input id={f('new')} value={newName} onChange={(e) => setNewName(e.target.value)} />
            </Field>
            <button type="button" onClick={() => void send((a) => api.newCharacterAfterDeath({ ...a, from: character, name: newName }), t('desk.record.newMade', { name: newName }))}>
              {t('desk.record.newButton')}
            </button>
          </div>
        )}
        <Field id={f('what')} label={t('desk.record.what')}>
          <select id={f('what')} value={kind} onChange={(e) => setKind(e.target.value)} data-autofocus>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(kindKey(k))}
              </option>
            ))}
          </select>
        </Field>
        {kind === 'died' && game === 'fortunes-landing' && (
          <Field id={f('how')} label={t('desk.record.how')}>
            <select id={f('how')} value={cause} onChange={(e) => setCause(e.target.value as typeof cause)}>
              <option value="killing-blow">{t('desk.record.killingBlow')}</option>
              <option value="bled-out">{t('desk.record.bledOut')}</option>
            </select>
          </Field>
        )}
        {kind === 'returned' && (
          <Field id={f('returned')} label={t('desk.record.howReturned')}>
            <input id={f('returned')} value={how} onChange={(e) => setHow(e.target.value)} />
          </Field>
        )}
        {kind === 'returned' && game === 'fortunes-landing' && (
          <Field id={f('cards')} label={t('desk.record.cards')}>
            <input id={f('cards')} type="number" min={0} max={100} value={cards} onChange={(e) => setCards(e.target.value)} />
          </Field>
        )}
        {kind === 'permanent-death' && (
          <Field id={f('when')} label={t('desk.record.at')}>
            <select id={f('when')} value={when} onChange={(e) => setWhen(e.target.value as typeof when)}>
              <option value="dawn">{t('desk.record.dawn')}</option>
              <option value="dusk">{t('desk.record.dusk')}</option>
            </select>
          </Field>
        )}
        {(kind === 'item-handed-in' || kind === 'item-transferred') && (
          <Field id={f('item')} label={t('desk.record.item')}>
            <select id={f('item')} value={item} onChange={(e) => setItem(e.target.value)}>
              {items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        {kind === 'item-handed-in' && (
          <Field id={f('why')} label={t('desk.record.why')}>
            <select id={f('why')} value={why} onChange={(e) => setWhy(e.target.value as typeof why)}>
              <option value="theft">{t('desk.record.why.theft')}</option>
              <option value="death">{t('desk.record.why.death')}</option>
              <option value="other">{t('desk.record.why.other')}</option>
            </select>
          </Field>
        )}
        {kind === 'item-transferred' && <CharacterPicker id={f('to')} label={t('desk.record.to')} list={receivers} leftOut={notOffered} value={to} onChange={setTo} />}
        {(kind === 'note' || kind === 'died' || kind === 'retired') && (
          <Field id={f('text')} label={t(kind === 'retired' ? 'desk.record.retireReason' : 'desk.record.note')}>
            <input id={f('text')} value={text} onChange={(e) => setText(e.target.value)} />
          </Field>
        )}
      </div>
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => void submit()} disabled={(kind.startsWith('item-') && !item) || (kind === 'item-transferred' && !to)}>
          {t('desk.record.submit')}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('desk.record.cancel')}
        </button>
      </div>
    </Modal>
  );
}

/** A label above its control, tied to it by id. */
function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

type Stage = 'alive' | 'dead' | 'over';

/** What can be recorded: Death only for the living, a return or convergence only for the dead, nothing of life once out of play for good. */
function kindsFor(game: GameId | null, stage: Stage): string[] {
  const items = ['item-handed-in', 'item-transferred', 'bow-competency'];
  if (stage === 'over') return [...items, 'note'];
  const life = stage === 'alive' ? ['died'] : ['returned', ...(game === 'novitas' ? ['convergence'] : []), ...(game === 'fortunes-landing' ? ['permanent-death'] : [])];
  return [...life, ...items, 'retired', 'note'];
}

/** The choice offered first: a death for the living (a note in bg-magic, whose text has no death rule), a return for the dead, a note after. */
function firstKind(game: GameId | null, stage: Stage): string {
  if (stage === 'over' || game === 'bg-magic') return 'note';
  return stage === 'alive' ? 'died' : 'returned';
}
