import { describe, expect, it } from 'vitest';
import { describeState, linkLine } from './link-words';
import { CODE_REFUSED, type DeskLinkState } from './replicate';
import type { RemoteTarget } from './remote';

const code = { host: '192.168.1.20', port: 6984, eventId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', secret: 'x'.repeat(32), fingerprint: 'a'.repeat(64) };
const hub: RemoteTarget = { kind: 'hub', code };
const since = '2026-10-02T14:02:00.000Z';
const offline = (waiting: number, reason: string): DeskLinkState => ({ kind: 'offline', since, waiting, reason });

describe("a desk's link in words", () => {
  it('says the hub is away once, in words, whatever the request that failed', () => {
    const first = offline(3, 'request to https://192.168.1.20:6984/qm-event-…/_changes?… failed, reason: connect ECONNREFUSED');
    expect(linkLine(first, { kind: 'connected', since }, hub)).toBe('The hub at 192.168.1.20:6984 does not answer; trying again… (3 changes waiting here)');
    expect(linkLine(offline(4, 'request to https://192.168.1.20:6984/qm-event-…/ failed'), first, hub)).toBeNull();
    expect(linkLine({ kind: 'connected', since }, first, hub)).toMatch(/^Connected to the hub at 192\.168\.1\.20:6984 since \d\d:\d\d\.$/);
    expect(describeState(first)).toMatch(/^offline since \d\d:\d\d, 3 changes waiting$/);
  });

  it('a refused join code in words, said again only when the reason changes', () => {
    const refused: DeskLinkState = { kind: 'refused', since, reason: CODE_REFUSED, lasting: true };
    expect(linkLine(refused, null, hub)).toBe('The hub refused this join code: check it with the desk that shares the event.');
    expect(linkLine(refused, refused, hub)).toBeNull();
    expect(linkLine({ kind: 'refused', since, reason: 'the hub refused a document: x' }, refused, hub)).toBe('The hub refused a document: x.');
  });

  it('names an IPv6 hub in brackets and a CouchDB by its host', () => {
    const v6: RemoteTarget = { kind: 'hub', code: { ...code, host: 'fe80::1' } };
    expect(linkLine(offline(0, 'x'), null, v6)).toBe('The hub at [fe80::1]:6984 does not answer; trying again… (0 changes waiting here)');
    expect(linkLine(offline(1, 'x'), null, { kind: 'couchdb', url: 'https://couch.example.org/qm-event-x' })).toBe('The CouchDB at couch.example.org does not answer; trying again… (1 change waiting here)');
  });
});
