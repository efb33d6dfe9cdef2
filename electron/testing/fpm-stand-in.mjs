#!/usr/bin/env node
// Test support (not shipped): a stand-in for fpm, which electron-builder downloads to make a .deb
// and which cannot be fetched here. It takes the arguments electron-builder gives fpm
// (`-s dir -t deb --name … --after-install script … <from>=<to> …`) and makes the package with
// Debian's own dpkg-deb: the files where fpm would put them, a control file with the fields fpm
// writes, the after-install and after-remove scripts as postinst and postrm. What electron-builder
// generates (desktop entry, MIME types, icons, AppArmor profile, scripts, metadata) is therefore
// exactly what a real build puts in; only the packing itself is not fpm's.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const args = process.argv.slice(2);
const options = new Map();
const depends = [];
const recommends = [];
const mappings = [];
const FLAGS = new Set(['--force', '--debug']);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (FLAGS.has(a)) continue;
  if (a.startsWith('-')) {
    const value = args[++i];
    if (a === '-d' || a === '--depends') depends.push(value);
    else if (a === '--deb-recommends') recommends.push(value);
    else options.set(a, value);
    continue;
  }
  const eq = a.indexOf('=');
  if (eq < 0) throw new Error(`fpm stand-in: unexpected argument ${a}`);
  mappings.push([a.slice(0, eq), a.slice(eq + 1)]);
}
if (options.get('-s') !== 'dir' || options.get('-t') !== 'deb') throw new Error(`fpm stand-in: only -s dir -t deb (got -s ${options.get('-s')} -t ${options.get('-t')})`);
const need = (flag) => {
  const v = options.get(flag);
  if (v === undefined) throw new Error(`fpm stand-in: ${flag} is missing`);
  return v;
};

const root = mkdtempSync(join(tmpdir(), 'fpm-stand-in-'));
try {
  for (const [from, to] of mappings) {
    const target = join(root, to);
    if (statSync(from).isDirectory()) {
      mkdirSync(target, { recursive: true });
      cpSync(from.replace(/\/$/, ''), target, { recursive: true, verbatimSymlinks: true });
    } else {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(from, target);
    }
  }
  mkdirSync(join(root, 'DEBIAN'));
  // fpm's description: the first line is the synopsis, the rest indented by one space.
  const [synopsis, ...rest] = need('--description').split('\n');
  const long = rest.map((l) => ` ${l.trim() === '' ? '.' : l.trim()}`).join('\n');
  const installedKb = Math.ceil(Number(execFileSync('du', ['-sk', '--exclude=DEBIAN', root], { encoding: 'utf8' }).split('\t')[0]));
  const fields = [
    ['Package', need('--name')],
    ['Version', need('--version')],
    ['License', options.get('--license')],
    ['Vendor', options.get('--vendor')],
    ['Architecture', need('--architecture')],
    ['Maintainer', need('--maintainer')],
    ['Installed-Size', String(installedKb)],
    ['Depends', depends.join(', ') || undefined],
    ['Recommends', recommends.join(', ') || undefined],
    ['Section', options.get('--category')],
    ['Priority', options.get('--deb-priority')],
    ['Homepage', options.get('--url')],
    ['Description', `${synopsis}${long ? `\n${long}` : ''}`],
  ];
  writeFileSync(join(root, 'DEBIAN', 'control'), `${fields.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k}: ${v}`).join('\n')}\n`);
  for (const [flag, name] of [['--after-install', 'postinst'], ['--after-remove', 'postrm']]) {
    const script = options.get(flag);
    if (script === undefined) continue;
    writeFileSync(join(root, 'DEBIAN', name), readFileSync(script));
    chmodSync(join(root, 'DEBIAN', name), 0o755);
  }
  const compression = options.get('--deb-compression') ?? 'xz';
  execFileSync('dpkg-deb', ['--root-owner-group', `-Z${compression}`, '--build', root, need('--package')], { stdio: ['ignore', 'ignore', 'inherit'] });
} finally {
  rmSync(root, { recursive: true, force: true });
}
