// Files handed over on the command line: paths as the desktop passes them with %F, and file: URLs
// as it passes them with %U (and as some file managers always do).
import { describe, expect, it } from 'vitest';
import { filesFromArgv, pathOfFileUrl } from './argv';

describe('files from the command line', () => {
  it('turns file: URLs into paths, decoding escapes (spaces, Cyrillic, #, %)', () => {
    const argv = [
      '/opt/Quartermaster/quartermaster',
      'file:///home/sam/LARP/Ayla%20Brightwater.character.json',
      'file:///home/sam/%D0%91%D0%BE%D1%80%D0%B8%D1%81%D0%BB%D0%B0%D0%B2.character.json',
      'file://localhost/home/sam/Team%20%231%20100%25.character.json',
      'FILE:///home/sam/Upper.Character.JSON',
    ];
    expect(filesFromArgv(argv, '/tmp', 'linux')).toEqual([
      '/home/sam/LARP/Ayla Brightwater.character.json',
      '/home/sam/Борислав.character.json',
      '/home/sam/Team #1 100%.character.json',
      '/home/sam/Upper.Character.JSON',
    ]);
  });

  it('skips URLs it cannot make a local path of, other schemes, switches and other files', () => {
    const argv = [
      'quartermaster',
      'file://fileserver/share/remote.character.json', // another host: no local path
      'file:///home/sam/a%2Fb.character.json', // an encoded slash
      'https://example.org/x.character.json',
      'smb://nas/share/x.character.json',
      '--enable-features=X',
      '-psn_0_12345',
      'notes.txt',
      '.',
      'file:///home/sam/notes.txt',
    ];
    expect(filesFromArgv(argv, '/home/sam', 'linux')).toEqual([]);
  });

  it('keeps plain paths as before: relative ones against the working folder, duplicates once', () => {
    const argv = ['quartermaster', 'a.character.json', '/abs/B.character.json', 'file:///abs/B.character.json', './a.character.json'];
    expect(filesFromArgv(argv, '/home/u', 'linux')).toEqual(['/home/u/a.character.json', '/abs/B.character.json']);
  });

  it('reads Windows file: URLs as Windows paths', () => {
    expect(pathOfFileUrl('file:///C:/Users/Sam/My%20Characters/Ayla.character.json', 'win32')).toBe('C:\\Users\\Sam\\My Characters\\Ayla.character.json');
    expect(pathOfFileUrl('file:///home/sam/x', 'linux')).toBe('/home/sam/x');
    expect(pathOfFileUrl('not a url', 'linux')).toBeNull();
  });
});
