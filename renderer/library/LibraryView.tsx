// The library screen: the folder's characters with search and sort, or an empty state that offers
// to create a character or open the examples.
import { useMemo } from 'react';
import { useActions } from '../app/actions';
import { filterEntries, sortEntries } from './library-order';
import { formatNumber, rulesetName } from '../app/format';
import { useAppState } from '../app/store';
import { t, tn } from '../app/strings';
import { useT } from '../app/i18n';
import { LibraryTable, sharedIdsOf, type TableSelection } from './LibraryTable';
import { LibraryActions } from './LibraryActions';
import { usePrintUi, usePrintUiState } from '../print/print-ui';

export function LibraryView() {
  const { lang } = useT();
  const library = useAppState((s) => s.library);
  const actions = useActions();
  const { listing, query, sort } = library;
  const entries = listing?.entries;
  const shown = useMemo(() => (entries ? sortEntries(filterEntries(entries, query), sort, (e) => rulesetName(e.ruleset)) : []), [entries, query, sort, lang]);
  const total = entries?.length ?? 0;
  // Two files with one id (a copied file): flagged on both, over the whole library, not only the rows shown.
  const sharedIds = useMemo(() => sharedIdsOf(entries ?? []), [entries]);
  const examples = library.source === 'examples';
  const printUi = usePrintUi();
  const ticked = usePrintUiState((s) => s.selected);
  const selectedEntries = useMemo(() => (entries ?? []).filter((e) => ticked.has(e.path)), [entries, ticked]);
  const selection = useMemo(
    (): TableSelection => ({
      isSelected: (path) => ticked.has(path),
      toggle: (entry) => printUi.toggle(entry.path),
      setAll: (on) => printUi.setAll(shown.map((e) => e.path), on),
    }),
    [ticked, printUi, shown],
  );

  return (
    <section className="screen library" aria-labelledby="screen-heading">
      <header className="screen-header">
        <div>
          {examples && (
            <button type="button" className="back-button" onClick={() => actions.showLibrary()}>
              <span aria-hidden="true">← </span>
              {t('library.backToLibrary')}
            </button>
          )}
          <h1 id="screen-heading" tabIndex={-1}>
            {t(examples ? 'library.examplesHeading' : 'library.heading')}
          </h1>
          {listing && <p className="folder">{t('library.folder', { folder: listing.folder })}</p>}
          {examples && <p className="folder">{t('library.examplesNote')}</p>}
        </div>
        <div className="toolbar" role="group" aria-label={t(examples ? 'library.examplesHeading' : 'library.heading')}>
          <button type="button" className="primary" onClick={() => actions.openNewCharacter()}>
            {t('library.new')}
          </button>
          <button type="button" onClick={() => actions.openFileDialog()}>
            {t('library.open')}
          </button>
          {!examples && (
            <button type="button" onClick={() => void printUi.importFiles()}>
              {t('libraryActions.import')}
            </button>
          )}
          {!examples && (
            <button type="button" onClick={() => actions.chooseLibraryFolder()}>
              {t('library.changeFolder')}
            </button>
          )}
          <button type="button" onClick={() => actions.loadLibrary()}>
            {t('library.refresh')}
          </button>
          <button type="button" onClick={() => actions.openSettings()}>
            {t('settings.open')}
          </button>
        </div>
      </header>

      {library.status === 'loading' && <p role="status">{t('app.loading')}</p>}
      {library.progress && !(listing && total > 0) && <ListingProgress done={library.progress.done} total={library.progress.total} />}
      {library.status === 'error' && (
        <p role="alert" className="error-text">
          {t('library.loadError', { message: library.error ?? '' })}
        </p>
      )}

      {listing && total === 0 && !examples && (
        <div className="empty-state">
          <h2>{t('library.empty.heading')}</h2>
          <p>{t('library.empty.body')}</p>
          <div className="button-row">
            <button type="button" className="primary" onClick={() => actions.openNewCharacter()}>
              {t('library.empty.create')}
            </button>
            <button type="button" onClick={() => actions.openExamples()}>
              {t('library.examples')}
            </button>
          </div>
        </div>
      )}

      {listing && total > 0 && (
        <>
          <div className="library-controls">
            <label className="search">
              <span className="label-text">{t('library.search')}</span>
              <input type="search" value={query} onChange={(e) => actions.setQuery(e.target.value)} />
            </label>
            {/* Beside the count while files arrive, so the table does not move down. */}
            {library.progress && <ListingProgress done={library.progress.done} total={library.progress.total} />}
            <p className="count" role="status">
              {shown.length === total ? tn('library.countAll', total) : tn('library.count', total, { shown: shown.length })}
            </p>
          </div>
          <LibraryActions selected={selectedEntries} examples={examples} />
          {shown.length > 0 ? (
            <LibraryTable entries={shown} sort={sort} onSort={actions.sortBy} onOpen={(entry) => actions.openEntry(entry.path)} selection={selection} sharedIds={examples ? undefined : sharedIds} onNewId={(entry) => void actions.giveNewId(entry.path, entry.fileName)} />
          ) : (
            <div className="no-match">
              <p>{t('library.noMatch', { query: query.trim() })}</p>
              <button type="button" onClick={() => actions.setQuery('')}>
                {t('library.clearSearch')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** A long listing's progress (a big library read cold, files arriving): a bar and "n of m files". */
function ListingProgress({ done, total }: { done: number; total: number }) {
  return (
    <div className="library-progress">
      <progress value={done} max={total} aria-label={t('library.progressLabel')} />
      <span>{t('library.progress', { done: formatNumber(done), total: formatNumber(total) })}</span>
    </div>
  );
}
