// A stand-in for a game's own CouchDB in the tests (not shipped): express-pouchdb over PouchDB's
// LevelDB store, plain HTTP on 127.0.0.1, one user with a password (HTTP Basic, as CouchDB 3).
//   argv[2]: { folder, port, username, password }; prints { ready: true, port } when listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import expressPouchDB from 'express-pouchdb';
import { pouchIn } from '../pouch';

const config = JSON.parse(process.argv[2]!) as { folder: string; port: number; username: string; password: string };
const app = expressPouchDB(pouchIn(config.folder), { mode: 'minimumForPouchDB' });
const expected = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`;
const server = createServer((req, res) => {
  if (req.headers.authorization !== expected) {
    res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'unauthorized', reason: 'Name or password is incorrect.' }));
    return;
  }
  app(req, res, () => {
    res.writeHead(404);
    res.end();
  });
});
server.listen(config.port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ ready: true, port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
