// The event desk: the public surface for the command line and the app's desk view. Everything here
// is a pure function over plain data: the caller reads files, keeps the event in its state, and
// writes what these functions return.
export {
  EVENT_FILE_FORMAT,
  EVENT_VERSION,
  EVENT_FILE_SUFFIX,
  eventHeaderSchema,
  newEvent,
  headerOf,
  entryOf,
  lastPrint,
  eventRuleset,
  idKey,
  type DeskEvent,
  type EventHeader,
} from './event';
export { LEDGER_KINDS, cardLabel, entrySchemaOf, type LedgerKind, type PrintedEntry, type PrintedCard } from './entries';
export { ledgerEntrySchema, mergeEvents, appendEntries, compareEntries, sortEntries, headerDifferences, stampOf, LedgerConflictError, type LedgerEntry, type Stamp } from './ledger';
export { foldEvent, characterFold, currentPrint, LedgerFold, type Folded, type CharacterFold, type VoidCard } from './fold';
export { deskCode, namedDesk, nextEditions, isHomeDesk, type DeskIdentity } from './editions';
export { loadEventBytes, serializeEvent, headerLine, entryLine, readEntryLines, type EventLoadResult, type EventProblem, type EventProblemCode, type LineProblem, type TornTail } from './event-load';
export { EventLedger, type Added } from './event-ledger';
export { compareEntries as compareLedgerOrder, deskKeyOf } from './order';
export { EVENT_MIGRATIONS, type EventMigration } from './event-migrate';
export { deskCharacter, deskCharacterFromBytes, unreadableCharacter, duplicateIds, type DeskCharacter, type DeskFileProblem, type ContentHasher } from './characters';
export {
  deskRows,
  groupByPlayer,
  filterRows,
  matchesQuery,
  deskTotals,
  deskExitCode,
  isProblem,
  compareRows,
  valuesText,
  armourCell,
  fold,
  DESK_STATUSES,
  type DeskRow,
  type DeskStatus,
  type DeskTotals,
  type DeskProblem,
  type PlayerGroup,
  type RowFilter,
  type ArmourCell,
  type TagState,
} from './rows';
export { checkIn, checkOut, checkInAll, undo, undoAll, undoEntries, type UndoStep, type Change } from './checkin';
export { cancelsOf, leftAfterDeaths, redoneStep, targetsOf, undoneStep, windowStep, RETIRED_AFTER_UNDONE_DEATH, type DeskStep, type LeftAfterDeath, type StepTarget } from './undo-redo';
export { planReprint, recordPrints, newPrint, voidsOf, type ReprintPlan, type ReprintEntry, type NewPrint, type Voids, type PrintRecord, type OutOfPlayEntry } from './lifecycle';
export { outOfPlay, outOfPlayWords, fileLife, type OutOfPlay } from './life';
export { entryDetail, KIND_WORDS } from './entry-words';
export { cardFacts, factChanges, FACT_LABELS, type Facts } from './facts';
export { verifyCard, type CardCheck } from './verify';
export { sheetRows, sheetRow, wallTime, isoLocal, type SheetRow } from './sheet';
export { checkInCsv, csvField, CSV_COLUMNS } from './sheet-csv';
export { checkInSheetPdf, rowsPerPage, sheetPages, sheetPageSize, SHEET_LAYOUT, SHEET_COLUMNS, type SheetOptions } from './sheet-pdf';
export { formatDeskReport, eventLine, groupTitle, totalsLine } from './report';
export { conflictFields, mergeVersions, type MergeField, type MergeChoice } from './conflict-merge';
