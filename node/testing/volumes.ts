// Test support (not shipped): real FAT and exFAT volumes, as a desk's USB stick, mounted through
// FUSE. FAT is Debian's fusefat (no hard links, no copy call, 2-second mtimes, case-insensitive
// names); exFAT is exfat-fuse over a loop device (it insists on a block device when run as root).
// The kernel's own vfat cannot be mounted here, FUSE can.
//
//   const vol = await mountVolume('fat', parent);  ... tests in vol.dir ...  await vol.unmount();
//
// unmount() also runs the file system's checker on the image (fsck.fat -n / fsck.exfat -n) and
// returns its verdict, so a test can assert that what the writers left is a consistent volume.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type VolumeKind = 'fat' | 'exfat';
export const VOLUME_KINDS: readonly VolumeKind[] = ['fat', 'exfat'];

export type Volume = {
  kind: VolumeKind;
  /** The mounted folder. */
  dir: string;
  /** Unmounts (and detaches the loop device); returns the checker's output and whether it passed. */
  unmount(): Promise<{ clean: boolean; report: string }>;
};

const TOOLS: Record<VolumeKind, string[]> = {
  fat: ['mkfs.vfat', 'fusefat', 'fsck.fat'],
  exfat: ['mkfs.exfat', 'mount.exfat-fuse', 'losetup', 'umount', 'fsck.exfat'],
};

function onPath(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Why these volumes cannot be mounted here, or null when they can. Only a missing /dev/fuse is a
 * reason to skip; missing tools are an error of the machine's set-up (.ci/run installs them).
 */
export function volumesUnavailable(): string | null {
  if (!existsSync('/dev/fuse')) return '/dev/fuse is missing: FUSE volumes cannot be mounted on this machine';
  return null;
}

/** Makes a `sizeMb` image of `kind` in `parent` and mounts it at `parent/<kind>-mount`. */
export async function mountVolume(kind: VolumeKind, parent: string, sizeMb = 64): Promise<Volume> {
  const missing = TOOLS[kind].filter((t) => !onPath(t));
  if (missing.length > 0) throw new Error(`cannot mount a ${kind} volume: ${missing.join(', ')} not installed (apt-get install fusefat exfat-fuse dosfstools exfatprogs)`);
  const image = join(parent, `${kind}.img`);
  const dir = join(parent, `${kind}-mount`);
  mkdirSync(dir, { recursive: true });
  // A sparse image file: only what is written takes space.
  writeFileSync(image, '');
  execFileSync('truncate', ['-s', `${sizeMb}M`, image]);
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  if (kind === 'fat') {
    run('mkfs.vfat', ['-F', '32', '-n', 'QMSTICK', image]);
    // In the foreground, as a child: its unmount is asynchronous (fuse, not fuseblk), so the image
    // is complete only once the process has written it out and exited.
    // fusefat logs every cluster it reads: through a pipe it stops whenever this process is slow to
    // read (a busy test), so its log is not kept; a failure to start is told by its exit code.
    const daemon = spawn('fusefat', ['-f', '-o', 'rw+', image, dir], { stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => daemon.on('exit', () => resolve()));
    await waitForMount(dir, () => (daemon.exitCode !== null ? `fusefat exited with code ${daemon.exitCode}` : null));
    return {
      kind,
      dir,
      async unmount() {
        await unmountFolder(dir, [onPath('fusermount') ? 'fusermount' : 'fusermount3', '-u', dir]);
        await exited;
        return check('fsck.fat', image);
      },
    };
  }
  run('mkfs.exfat', ['-L', 'QMSTICK', image]);
  const loop = run('losetup', ['--find', '--show', image]).trim();
  try {
    run('mount.exfat-fuse', [loop, dir]);
  } catch (e) {
    spawnSync('losetup', ['-d', loop]);
    throw e;
  }
  return {
    kind,
    dir,
    async unmount() {
      await unmountFolder(dir, ['umount', dir]);
      spawnSync('losetup', ['-d', loop]);
      return check('fsck.exfat', image);
    },
  };
}

/** Waits until `dir` is a mount point (in /proc/mounts); `failed` says why it never will be. */
async function waitForMount(dir: string, failed: () => string | null): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mounts = readFileSync('/proc/mounts', 'utf8').split('\n').map((l) => l.split(' ')[1]);
    if (mounts.includes(dir)) return;
    const why = failed();
    if (why) throw new Error(`cannot mount ${dir}: ${why}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`cannot mount ${dir}: not mounted after 5 seconds`);
}

/** Unmounts, retrying while the volume is busy (a child killed a moment ago may still hold a file). */
async function unmountFolder(dir: string, command: string[]): Promise<void> {
  let last = '';
  for (let attempt = 0; attempt < 50; attempt++) {
    const r = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
    if (r.status === 0) return;
    last = `${r.stderr}${r.stdout}`;
    await new Promise((res) => setTimeout(res, 100));
  }
  // Lazy unmount as the last resort, so a failing test never leaves a mount behind.
  spawnSync('umount', ['-l', dir]);
  throw new Error(`could not unmount ${dir}: ${last}`);
}

function check(tool: string, image: string): { clean: boolean; report: string } {
  const r = spawnSync(tool, ['-n', image], { encoding: 'utf8' });
  return { clean: r.status === 0, report: `${r.stdout}${r.stderr}`.trim() };
}
