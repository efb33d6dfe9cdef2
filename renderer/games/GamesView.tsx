// The Games page: every game pack the app reads (built in, the app's packs folder, the library's
// `packs/` folder), which version of each game is used, and what is wrong with each pack refused,
// by file, JSON path and why (docs/game-packs.md, "The Games page"). It follows the main process's
// watcher, so a pack's problem shows as soon as its file is saved.
import type { PackEntry, QuartermasterApi } from '../../core/ipc/contract';
import { errorMessage } from '../app/api';
import { useT } from '../app/i18n';
import { packsStoreFor, usePacksState } from './store';

function sortedPacks(packs: readonly PackEntry[]): PackEntry[] {
  const origins = { 'built-in': 0, app: 1, game: 2 } as const;
  return [...packs].sort((a, b) => a.pack.id.localeCompare(b.pack.id) || origins[a.origin] - origins[b.origin] || a.file.localeCompare(b.file));
}

export function GamesView({ api, onLeave }: { api: QuartermasterApi; onLeave: () => void }) {
  const { t } = useT();
  const store = packsStoreFor(api);
  const listing = usePacksState(store, (s) => s.listing);
  const error = usePacksState(store, (s) => s.error);
  const openFolder = () =>
    void api.openPacksFolder().catch((e: unknown) => store.set((s) => ({ ...s, error: t('games.openFailed', { message: errorMessage(e) }) })));
  const usedVersion = (id: string) => listing?.packs.find((p) => p.used && p.pack.id === id)?.pack.version ?? '';

  return (
    <section className="screen games" aria-labelledby="screen-heading">
      <header className="screen-header">
        <div>
          <button type="button" className="link-button" onClick={onLeave}>
            <span aria-hidden="true">← </span>
            {t('character.back')}
          </button>
          <h1 id="screen-heading" tabIndex={-1}>
            {t('games.heading')}
          </h1>
          <p>{t('games.intro')}</p>
          {listing && (
            <>
              <p className="folder">{t('games.appFolder', { folder: listing.appFolder })}</p>
              <p className="folder">{t('games.gameFolder', { folder: listing.gameFolder })}</p>
            </>
          )}
        </div>
        <button type="button" onClick={openFolder}>
          {t('games.openFolder')}
        </button>
      </header>
      {error && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
      {!listing && !error && <p role="status">{t('app.loading')}</p>}
      {listing && (
        <>
          <table className="grid-table games-table">
            <caption>{t('games.packs', { count: listing.packs.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('games.col.name')}</th>
                <th scope="col">{t('games.col.id')}</th>
                <th scope="col">{t('games.col.version')}</th>
                <th scope="col">{t('games.col.origin')}</th>
                <th scope="col">{t('games.col.file')}</th>
                <th scope="col">{t('games.col.used')}</th>
              </tr>
            </thead>
            <tbody>
              {sortedPacks(listing.packs).map((p) => (
                <tr key={`${p.origin}|${p.file}`}>
                  <th scope="row">
                    {p.pack.names.en}
                    {p.pack.names.bg !== undefined && p.pack.names.bg !== p.pack.names.en && <span lang="bg"> / {p.pack.names.bg}</span>}
                  </th>
                  <td>{p.pack.id}</td>
                  <td>{p.pack.version}</td>
                  <td>{t(`games.origin.${p.origin}`)}</td>
                  <td className="file">{p.file}</td>
                  <td>{p.used ? t('games.used') : t('games.notUsed', { version: usedVersion(p.pack.id) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <section aria-labelledby="games-problems">
            <h2 id="games-problems">{t('games.problems', { count: listing.problems.length })}</h2>
            {listing.problems.length === 0 ? (
              <p>{t('games.noProblems')}</p>
            ) : (
              <ul className="games-problems">
                {listing.problems.map((p, i) => (
                  <li key={i}>
                    <span className="file">{p.file}</span>: <code>{p.path}</code>: {p.message}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
