import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRAFTS_FOLDER, draftFileOf, readDrafts } from './drafts';
import { character, characterText, handlerFixture, tempFolder } from '../testing/handlers';

let dir: string;
let cleanup: () => Promise<void>;
let lib: string;
let examples: string;

beforeEach(async () => {
  ({ dir, cleanup } = await tempFolder('qm-drafts-'));
  lib = join(dir, 'library');
  examples = join(dir, 'examples');
  await mkdir(lib);
  await mkdir(examples);
});
afterEach(() => cleanup());

async function listedFile(name: string, c = character({ name: 'Ayla' })) {
  const path = join(lib, `${name}.character.json`);
  await writeFile(path, characterText(c));
  return { path, c };
}

describe('drafts', () => {
  it('keeps one draft per file beside the library, never touching the file, and lists it with the file’s modified time', async () => {
    const { path, c } = await listedFile('ayla');
    const { handlers } = handlerFixture(lib, examples);
    await handlers.listLibrary();
    const before = await readFile(path);

    // The fixture clock starts at 1_700_000_000_000 and each call to now() adds 1000 ms.
    expect(await handlers.saveDraft({ path, character: { ...c, name: 'Ayla (draft 1)' } })).toEqual({ savedMs: 1_700_000_001_000 });
    expect(await handlers.saveDraft({ path, character: { ...c, name: 'Ayla (draft 2)' } })).toEqual({ savedMs: 1_700_000_002_000 });

    expect(await readFile(path)).toEqual(before);
    expect(await readdir(join(lib, DRAFTS_FOLDER))).toEqual([draftFileOf(join(lib, DRAFTS_FOLDER), path).split('/').pop()]);
    const drafts = await handlers.listDrafts();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ path, savedMs: 1_700_000_002_000, fileModifiedMs: Math.floor((await stat(path)).mtimeMs) });
    expect(drafts[0]!.character.name).toBe('Ayla (draft 2)');
    // The hidden drafts folder is not part of the library listing.
    expect((await handlers.listLibrary()).entries.map((e) => e.fileName)).toEqual(['ayla.character.json']);

    await handlers.discardDraft({ path });
    expect(await handlers.listDrafts()).toEqual([]);
    await handlers.discardDraft({ path }); // nothing left: no error
  });

  it('after a restart lists the draft and grants its path, so the file can be opened again', async () => {
    const { path, c } = await listedFile('brannoc');
    const first = handlerFixture(lib, examples);
    await first.handlers.listLibrary();
    await first.handlers.saveDraft({ path, character: { ...c, notes: 'unsaved' } });

    const second = handlerFixture(lib, examples);
    await expect(second.handlers.openCharacter({ path })).rejects.toThrow(/was not given out/);
    const [draft] = await second.handlers.listDrafts();
    expect(draft!.character.notes).toBe('unsaved');
    const opened = await second.handlers.openCharacter({ path });
    expect(opened.ok).toBe(true);

    // The file deleted since: the draft is still listed, with no modified time.
    await rm(path);
    const [orphan] = await second.handlers.listDrafts();
    expect(orphan!.fileModifiedMs).toBeNull();
  });

  it('refuses paths the app never handed out, examples, and invalid characters, naming the field', async () => {
    const { path, c } = await listedFile('ayla');
    await writeFile(join(examples, 'ex.character.json'), characterText(character({ name: 'Example' })));
    const { handlers } = handlerFixture(lib, examples);
    await expect(handlers.saveDraft({ path, character: c })).rejects.toThrow(/was not given out by the app/);
    await handlers.listLibrary();
    const [example] = (await handlers.openExamples()).entries;
    await expect(handlers.saveDraft({ path: example!.path, character: c })).rejects.toThrow(/example characters cannot be drafted/);
    await expect(handlers.saveDraft({ path, character: { ...c, armour: [{ name: 'x', type: 'plate', locations: ['tail' as 'head'] }] } })).rejects.toThrow(
      /field "armour\[0\]\.locations\[0\]"/,
    );
    // Nothing was written, and listing drafts does not create the folder.
    expect(await handlers.listDrafts()).toEqual([]);
    expect(await readdir(lib)).toEqual(['ayla.character.json']);
  });

  it('skips drafts it cannot read and leaves them as they are', async () => {
    const { path, c } = await listedFile('ayla');
    const { handlers } = handlerFixture(lib, examples);
    await handlers.listLibrary();
    await handlers.saveDraft({ path, character: c });
    const folder = join(lib, DRAFTS_FOLDER);
    const broken = join(folder, 'broken.draft.json');
    await writeFile(broken, '{"format": "quartermaster-draft", "vers');
    const foreign = join(folder, `${'0'.repeat(32)}.draft.json`);
    await writeFile(foreign, JSON.stringify({ format: 'quartermaster-draft', version: 1, path, savedMs: 1, character: c }));

    const { drafts, problems } = await readDrafts(folder);
    expect(drafts.map((d) => d.path)).toEqual([path]);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/0{32}\.draft\.json: field "path" does not match the draft's file name$/),
      expect.stringMatching(/broken\.draft\.json: it is not valid JSON/),
    ]);
    expect(await readFile(broken, 'utf8')).toBe('{"format": "quartermaster-draft", "vers');
  });
});
