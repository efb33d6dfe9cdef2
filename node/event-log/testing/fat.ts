// A FAT image mounted through fusefat for the event log's tests (test support, not shipped): as
// node/testing-volumes.ts mounts it (mkfs.vfat -F 32, `fusefat -f -o rw+` as a child, fsck.fat -n
// after unmounting), except that fusefat's debug log goes to /dev/null. fusefat writes a line for
// every cluster it reads (about 100 KB of log for each MB read); testing-volumes.ts keeps all of it
// in a string in the test process, and fusefat stops answering while that process does not read
// the pipe. A test that reads a growing event file after each of hundreds of kills made hundreds of
// megabytes of it, and slowed to a standstill.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Volume } from '../../testing-volumes';

export async function mountQuietFat(parent: string, sizeMb = 64): Promise<Volume> {
  const image = join(parent, 'fat.img');
  const dir = join(parent, 'fat-mount');
  mkdirSync(dir, { recursive: true });
  writeFileSync(image, '');
  execFileSync('truncate', ['-s', `${sizeMb}M`, image]);
  execFileSync('mkfs.vfat', ['-F', '32', '-n', 'QMSTICK', image], { stdio: ['ignore', 'pipe', 'pipe'] });
  const daemon = spawn('fusefat', ['-f', '-o', 'rw+', image, dir], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => daemon.on('exit', () => resolve()));
  for (let attempt = 0; ; attempt++) {
    const mounts = readFileSync('/proc/mounts', 'utf8').split('\n').map((l) => l.split(' ')[1]);
    if (mounts.includes(dir)) break;
    if (daemon.exitCode !== null) throw new Error(`cannot mount ${dir}: fusefat exited (${daemon.exitCode})`);
    if (attempt >= 100) {
      daemon.kill('SIGKILL');
      throw new Error(`cannot mount ${dir}: not mounted after 5 seconds`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const fusermount = spawnSync('sh', ['-c', 'command -v fusermount'], { stdio: 'ignore' }).status === 0 ? 'fusermount' : 'fusermount3';
  return {
    kind: 'fat',
    dir,
    async unmount() {
      let last = '';
      for (let attempt = 0; attempt < 50; attempt++) {
        const r = spawnSync(fusermount, ['-u', dir], { encoding: 'utf8' });
        if (r.status === 0) {
          await exited;
          const check = spawnSync('fsck.fat', ['-n', image], { encoding: 'utf8' });
          return { clean: check.status === 0, report: `${check.stdout}${check.stderr}`.trim() };
        }
        last = `${r.stderr}${r.stdout}`;
        await new Promise((r) => setTimeout(r, 100));
      }
      // Never leave a mount behind: detach it and end the daemon.
      spawnSync(fusermount, ['-u', '-z', dir]);
      daemon.kill('SIGKILL');
      await exited;
      throw new Error(`could not unmount ${dir}: ${last}`);
    },
  };
}
