// What the harness puts in the page instead of electron/preload.ts: `window.quartermaster` with the
// same named methods, each posting its arguments to the harness's server (static-server.ts), which
// runs the REAL main-process handler and answers with one JSON string. Events (libraryChanged, menuCommand, openFile, deskEntries…) are delivered by the
// harness through `__qm_emit`; files to open at start wait in `__qm_openAtStart` for the first
// `onOpenFile` subscriber. Content-Security-Policy violations are reported to `__qm_csp`. The
// preload's path lookup for dropped files (webUtils.getPathForFile) is stood in for by a table of
// file names to paths a test puts in `__qm_dropPaths` (e2e/drop-steps.ts).

/** Runs in the page before any of its scripts (serialized by Playwright: it must be self-contained). */
export function installPageApi({ methods, path }: { methods: string[]; path: string }): void {
  type Listener = (...args: unknown[]) => void;
  const w = window as unknown as Record<string, unknown>;
  const listeners: Record<string, Set<Listener>> = { libraryChanged: new Set(), menuCommand: new Set(), openFile: new Set(), printProgress: new Set(), libraryProgress: new Set(), deskEntries: new Set(), packsChanged: new Set() };
  const subscribe = (name: string) => (listener: Listener) => {
    listeners[name]!.add(listener);
    return () => void listeners[name]!.delete(listener);
  };
  const api: Record<string, unknown> = {};
  // One POST per call to the harness's server (static-server.ts): the arguments as one JSON string,
  // the answer as one JSON string, parsed once here; a handler's error rejects, as invoke does.
  for (const method of methods) {
    api[method] = async (...args: unknown[]) => {
      const response = await fetch(`${path}${method}`, { method: 'POST', body: JSON.stringify(args), headers: { 'content-type': 'application/json' } });
      const text = await response.text();
      if (response.headers.get('x-qm-error')) throw new Error(text);
      return text === '' ? undefined : JSON.parse(text);
    };
  }
  api.onLibraryChanged = subscribe('libraryChanged');
  api.onMenuCommand = subscribe('menuCommand');
  api.onPrintProgress = subscribe('printProgress');
  api.onLibraryProgress = subscribe('libraryProgress');
  api.onDeskEntries = subscribe('deskEntries');
  api.onPacksChanged = subscribe('packsChanged');
  // A File made in the page has no path: the test says which path each dropped file's name stands for.
  api.pathForFile = (file: File) => (w.__qm_dropPaths as Record<string, string> | undefined)?.[file.name] ?? '';
  // Files given at start (as on the command line) wait for the first subscriber, as in the preload.
  api.onOpenFile = (listener: Listener) => {
    const off = subscribe('openFile')(listener);
    const pending = (w.__qm_openAtStart as string[] | undefined) ?? [];
    w.__qm_openAtStart = [];
    for (const path of pending) listener(path);
    return off;
  };
  Object.defineProperty(window, 'quartermaster', { value: Object.freeze(api), enumerable: true });
  Object.defineProperty(window, '__qm_emit', {
    value: (name: string, ...args: unknown[]) => {
      for (const listener of listeners[name] ?? []) listener(...args);
    },
  });
  document.addEventListener('securitypolicyviolation', (e) => {
    void (w.__qm_csp as (text: string) => void)(`${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`);
  });
}
