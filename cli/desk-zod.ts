// What dist/desk.cjs (cli/desk-entry.ts) loads only to word a refused character or event file:
// the zod loaders, bundled apart (dist/desk-zod.mjs) so that a clean folder never loads zod.
export { deskCharacterFromBytes } from '../core/desk/characters';
export { newEvent } from '../core/desk/event';
export { loadEventBytes } from '../core/desk/event-load';
