import { JarvisError } from "../core/errors.js";
import type { KeyChord } from "./types.js";

const MODIFIERS: Record<string, KeyChord["modifiers"][number]> = {
  ctrl: "ctrl",
  control: "ctrl",
  alt: "alt",
  option: "alt",
  opt: "alt",
  shift: "shift",
  super: "super",
  win: "super",
  meta: "super",
  cmd: "super",
  command: "super",
};
const MODIFIER_ORDER: KeyChord["modifiers"] = ["ctrl", "alt", "shift", "super"];

/** Named keys in the neutral spelling the tools accept, with common aliases. */
const NAMED: Record<string, string> = {
  enter: "enter",
  return: "enter",
  tab: "tab",
  esc: "escape",
  escape: "escape",
  space: "space",
  backspace: "backspace",
  delete: "delete",
  del: "delete",
  insert: "insert",
  home: "home",
  end: "end",
  pageup: "pageup",
  page_up: "pageup",
  pgup: "pageup",
  pagedown: "pagedown",
  page_down: "pagedown",
  pgdn: "pagedown",
  up: "up",
  down: "down",
  left: "left",
  right: "right",
  plus: "+",
  minus: "-",
  comma: ",",
  period: ".",
};

/**
 * Parses "ctrl+shift+t", "Cmd+C", "alt+F4", "enter", "ctrl++". Unknown names are refused with
 * one line naming the bad part, so nothing half-typed reaches the keyboard.
 */
export function parseChord(text: string): KeyChord {
  const raw = text.trim().toLowerCase().replaceAll(" ", "");
  if (!raw) throw new JarvisError("ARGS_INVALID", 'keys is empty; say e.g. "ctrl+s"');
  const parts = raw.endsWith("++") ? [...raw.slice(0, -2).split("+").filter(Boolean), "+"] : raw.split("+");
  if (parts.some((part) => part === ""))
    throw new JarvisError("ARGS_INVALID", `"${text}" is not a key chord like "ctrl+s"`);
  const keyPart = parts[parts.length - 1] as string;
  const modifiers = new Set<KeyChord["modifiers"][number]>();
  for (const part of parts.slice(0, -1)) {
    const modifier = MODIFIERS[part];
    if (!modifier)
      throw new JarvisError(
        "ARGS_INVALID",
        `"${part}" in "${text}" is not a modifier (ctrl, alt, shift, super/cmd)`,
      );
    modifiers.add(modifier);
  }
  const key = normalizeKey(keyPart);
  if (!key) {
    throw new JarvisError(
      "ARGS_INVALID",
      `"${keyPart}" in "${text}" is not a key (letters, digits, enter, tab, esc, f1-f24, arrows …)`,
    );
  }
  return { modifiers: MODIFIER_ORDER.filter((m) => modifiers.has(m)), key };
}

function normalizeKey(part: string): string | undefined {
  if (NAMED[part]) return NAMED[part];
  if (/^f([1-9]|1\d|2[0-4])$/.test(part)) return part;
  if (part.length === 1 && part >= "!" && part <= "~") return part;
  return undefined;
}

export function chordText(chord: KeyChord): string {
  return [...chord.modifiers, chord.key].join("+");
}

const X_KEYSYMS: Record<string, string> = {
  enter: "Return",
  tab: "Tab",
  escape: "Escape",
  space: "space",
  backspace: "BackSpace",
  delete: "Delete",
  insert: "Insert",
  home: "Home",
  end: "End",
  pageup: "Prior",
  pagedown: "Next",
  up: "Up",
  down: "Down",
  left: "Left",
  right: "Right",
  "-": "minus",
  "=": "equal",
  "+": "plus",
  "[": "bracketleft",
  "]": "bracketright",
  "{": "braceleft",
  "}": "braceright",
  "\\": "backslash",
  "|": "bar",
  ";": "semicolon",
  ":": "colon",
  "'": "apostrophe",
  '"': "quotedbl",
  ",": "comma",
  ".": "period",
  "<": "less",
  ">": "greater",
  "/": "slash",
  "?": "question",
  "`": "grave",
  "~": "asciitilde",
  "!": "exclam",
  "@": "at",
  "#": "numbersign",
  $: "dollar",
  "%": "percent",
  "^": "asciicircum",
  "&": "ampersand",
  "*": "asterisk",
  "(": "parenleft",
  ")": "parenright",
  _: "underscore",
};

/** The xdotool spelling: `ctrl+shift+t`, `alt+F4`, `Return`. */
export function xdotoolChord(chord: KeyChord): string {
  const key = X_KEYSYMS[chord.key] ?? (/^f\d+$/.test(chord.key) ? chord.key.toUpperCase() : chord.key);
  return [...chord.modifiers, key].join("+");
}

/** macOS virtual key codes for keys AppleScript cannot `keystroke` as a character. */
const MAC_KEY_CODES: Record<string, number> = {
  enter: 36,
  tab: 48,
  space: 49,
  backspace: 51,
  escape: 53,
  delete: 117,
  home: 115,
  end: 119,
  pageup: 116,
  pagedown: 121,
  left: 123,
  right: 124,
  down: 125,
  up: 126,
  f1: 122,
  f2: 120,
  f3: 99,
  f4: 118,
  f5: 96,
  f6: 97,
  f7: 98,
  f8: 100,
  f9: 101,
  f10: 109,
  f11: 103,
  f12: 111,
};

/** For System Events: either a character to `keystroke` or a `key code`, plus modifier names. */
export function macChord(chord: KeyChord): { keyCode?: number; character?: string; modifiers: string[] } {
  const names: Record<KeyChord["modifiers"][number], string> = {
    ctrl: "control",
    alt: "option",
    shift: "shift",
    super: "command",
  };
  const modifiers = chord.modifiers.map((m) => names[m]);
  const keyCode = MAC_KEY_CODES[chord.key];
  if (keyCode !== undefined) return { keyCode, modifiers };
  if (chord.key.length !== 1)
    throw new JarvisError("ARGS_INVALID", `key ${chord.key} cannot be pressed on macOS`);
  return { character: chord.key, modifiers };
}
