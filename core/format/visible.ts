// Control characters in text people read (names, player names, desk names, file names). A terminal
// obeys them: "\r\x1b[2K" in a name printed by `quartermaster check` wiped the line's "RULE ERROR".
// Names are refused with them at validation (core/model/plain-text.ts), and every command prints
// user text through `visible`, since files and documents from elsewhere may still hold them.
// No zod here: the command line loads this before it knows it needs zod.

/** The characters a name may not hold: C0 controls, DEL, C1 controls. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Also escaped on a terminal: the bidi overrides and isolates, which reorder what follows, and the line separators. */
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSHOWN_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Control characters become spaces (a host name taken as a desk's name, which nobody checked). */
export function withoutControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text as a terminal may be given it: every control character (line breaks included) written as
 * `\uXXXX`. The escape is JSON's, so JSON output stays JSON and decodes to the original text.
 */
export function visible(text: string): string {
  UNSHOWN.lastIndex = 0;
  return UNSHOWN.test(text) ? text.replace(UNSHOWN, escape) : text;
}

/** `visible` for output made of lines: the line breaks between them are kept, everything else escaped. */
export function visibleLines(text: string): string {
  UNSHOWN_BUT_NEWLINE.lastIndex = 0;
  return UNSHOWN_BUT_NEWLINE.test(text) ? text.replace(UNSHOWN_BUT_NEWLINE, escape) : text;
}
