import { basename } from "node:path";
import type { ToolDefinition } from "../core/tool.js";
import { siteOf } from "./mentions.js";
import type { ProvenanceFinding } from "./provenance.js";

/**
 * Words for information flow: what a run read (for people and for the audit) and where a call
 * would send things. The rules live in taint.ts; this file only names things.
 */

/** Untrusted text by the group of the tool that read it, as a person would say it. */
const UNTRUSTED_WORDS: Record<string, string> = {
  web: "a web page",
  browser: "a web page",
  mail: "an email",
  calendar: "a calendar invitation",
  contacts: "a contact card",
  reminders: "a shared reminder",
  files: "a file (or a file's name)",
  knowledge: "a document",
  docs: "a document",
  screen: "text on the screen",
  ui: "text on the screen",
  windows: "a window's title",
  clipboard: "the clipboard",
  media: "what is playing",
  shell: "a program's output",
  transcribe: "a recording",
  memory: "a note Jarvis did not get from you",
  mcp: "an extension's output",
  skills: "a skill's output",
};

/** Private data by group, when the call names nothing more precise (a file's name). */
const PRIVATE_WORDS: Record<string, string> = {
  files: "your files",
  mail: "your mail",
  calendar: "your calendar",
  contacts: "your contacts",
  reminders: "your reminders",
  lists: "your lists",
  memory: "what Jarvis remembers about you",
  clipboard: "your clipboard",
  screen: "your screen",
  ui: "your screen",
  windows: "your open windows",
  knowledge: "your documents",
  docs: "your documents",
  shell: "a command's output",
};

export function untrustedWords(groups: readonly string[]): string {
  const words = [...new Set(groups.map((group) => UNTRUSTED_WORDS[group] ?? "text from outside"))];
  return words.length <= 1
    ? (words[0] ?? "text from outside")
    : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

/** What a private read was, for people: the file's name when it has one, else the kind of data. */
export function privateWhat(tool: ToolDefinition, args: Record<string, unknown>): string {
  const path = [args.path, args.document, args.file].find((value) => typeof value === "string");
  if (typeof path === "string" && path.length > 0 && !path.startsWith("#")) return basename(path);
  return PRIVATE_WORDS[tool.group] ?? "your data";
}

/** Where an outgoing call would send things, for people: a site, an address, a number. */
export function destinationOf(tool: ToolDefinition, findings: readonly ProvenanceFinding[]): string {
  const places = findings.map((finding) =>
    finding.kind === "url" ? (siteOf(finding.value) ?? finding.value) : finding.value,
  );
  if (places.length > 0) return [...new Set(places)].slice(0, 3).join(", ");
  if (tool.group === "web") return "a search engine";
  if (tool.group === "browser") return "the page open in the browser";
  return "outside this computer";
}

/** Shingle length: a run of this many characters shared with private text counts as "part of it". */
const SHINGLE = 12;
const MAX_WINDOWS = 200_000;

/**
 * The private text a run holds, as hashes of its 12-character windows, so a confirmation can
 * say "it would send part of passwords.txt" — also when the value is base64, hex or URL-encoded.
 * Lives only in memory for the run (never stored): the rule does not depend on it, the words do.
 */
export class HeldText {
  private readonly windows = new Map<number, string>();

  add(text: string, what: string): void {
    for (const hash of windowsOf(text.slice(0, MAX_WINDOWS))) {
      if (this.windows.size >= MAX_WINDOWS) return;
      if (!this.windows.has(hash)) this.windows.set(hash, what);
    }
  }

  /** The private item some value carries part of, if any. */
  find(values: readonly string[]): string | undefined {
    if (this.windows.size === 0) return undefined;
    for (const value of values) {
      for (const form of decodedForms(value)) {
        for (const hash of windowsOf(form)) {
          const what = this.windows.get(hash);
          if (what) return what;
        }
      }
    }
    return undefined;
  }
}

function* windowsOf(text: string): Generator<number> {
  const normalized = text.toLowerCase();
  for (let i = 0; i + SHINGLE <= normalized.length; i++) {
    yield fnv1a(normalized, i, i + SHINGLE);
  }
}

function fnv1a(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A value as sent and as it decodes: URL escapes, base64 (also URL-safe) and hex runs. */
function decodedForms(value: string): string[] {
  const forms = [value];
  try {
    forms.push(decodeURIComponent(value.replace(/\+/g, " ")));
  } catch {
    // not URL-encoded
  }
  for (const match of value.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)) {
    const base64 = match[0].replace(/-/g, "+").replace(/_/g, "/");
    forms.push(Buffer.from(base64, "base64").toString("utf8"));
  }
  for (const match of value.matchAll(/(?:[0-9a-fA-F]{2}){8,}/g))
    forms.push(Buffer.from(match[0], "hex").toString("utf8"));
  return forms;
}
