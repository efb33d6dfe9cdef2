// A game's CouchDB over plain http:// only on this computer: anywhere else the password would cross
// the network in clear.
import { describe, expect, it } from 'vitest';
import { targetOf } from '../../cli/commands/desk/sync';
import { couchUrlProblem, isLoopback, remoteDb } from './remote';

const db = 'qm-event-0b9c3f0e-1f5e-4c1a-9a3e-2d4f6a8b0c1d';

describe('a CouchDB address', () => {
  it('over plain http:// to another computer is refused, naming the address, before anything is sent', () => {
    for (const url of [`http://couch.example.org:5984/${db}`, `http://192.168.1.20:5984/${db}`, `http://[fe80::1]:5984/${db}`, `http://128.0.0.1/${db}`, `http://localhost.example.org/${db}`]) {
      const host = new URL(url).host;
      expect(() => remoteDb({ kind: 'couchdb', url, username: 'gm', password: 'secret' }), url).toThrow(`http://${host}: a CouchDB on another computer must be reached over https://`);
      expect(() => targetOf(url, null, {}), url).toThrow(/plain http:\/\/ would send the password/);
    }
  });

  it('over http:// to this computer, or over https:// anywhere, is accepted', async () => {
    for (const url of [`http://127.0.0.1:5984/${db}`, `http://127.8.9.10/${db}`, `http://localhost:5984/${db}`, `http://[::1]:5984/${db}`, `https://couch.example.org/${db}`]) {
      expect(couchUrlProblem(new URL(url)), url).toBeNull();
      const r = remoteDb({ kind: 'couchdb', url });
      await r.close();
      expect(targetOf(url, null, {}).eventId).toBe(db.slice('qm-event-'.length));
    }
    expect(couchUrlProblem(new URL(`ftp://x/${db}`))).toBe('ftp://x: a CouchDB address starts with https://');
  });

  it('knows this computer by its names and addresses only', () => {
    expect(['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '[::1]', 'db.localhost'].map(isLoopback)).toEqual([true, true, true, true, true, true]);
    expect(['10.0.0.1', '127.example.org', '::2', '[::ffff:7f00:1]', 'localhost.evil.org', '0.0.0.0'].map(isLoopback)).toEqual([false, false, false, false, false, false]);
  });
});
