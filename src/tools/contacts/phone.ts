import { spawn } from "node:child_process";
import { JarvisError } from "../../core/errors.js";
import { firstLine } from "../../platform/runner.js";
import type { Contact } from "./vcard.js";

/** Which of a contact's numbers the user asked for ("sarah's work number"). */
export type PhoneKind = "mobile" | "work" | "home";

const KIND_WORDS: Record<PhoneKind, readonly string[]> = {
  mobile: ["mobile", "cell", "cellphone", "cell phone", "iphone", "handy"],
  work: ["work", "office", "business"],
  home: ["home", "landline", "house"],
};
/** The vCard TEL types that count as each kind. */
const KIND_TYPES: Record<PhoneKind, readonly string[]> = {
  mobile: ["cell", "mobile", "iphone"],
  work: ["work"],
  home: ["home"],
};

/** "cell" → mobile, "Office" → work; undefined for words that name no kind. */
export function phoneKind(word: string): PhoneKind | undefined {
  const w = word.trim().toLowerCase().replace(/\s+/g, " ");
  return (Object.keys(KIND_WORDS) as PhoneKind[]).find((kind) => KIND_WORDS[kind].includes(w));
}

const KIND_PATTERN = Object.values(KIND_WORDS).flat().join("|");
const TRAILING_KIND = new RegExp(
  `^(.+?)(?:'s|’s|s')?\\s+(?:(?:at|on)\\s+(?:(?:his|her|their|the)\\s+)?)?(${KIND_PATTERN})(?:\\s+(?:number|phone|line|no\\.?))?$`,
  "i",
);
const TRAILING_NUMBER = /^(.+?)(?:'s|’s|s')\s*(?:number|phone|phone number|line)?$/i;

/**
 * The names a query may stand for, best first: as said, then without "my", a possessive and a
 * number kind ("my sister's work number" → "sister" + work). Names are tried in order and the
 * first that matches a contact wins, so a contact really called "Home Depot" still matches.
 */
export function queryCandidates(query: string): Array<{ name: string; kind?: PhoneKind }> {
  const said = query.trim().replace(/\s+/g, " ");
  const out: Array<{ name: string; kind?: PhoneKind }> = [{ name: said }];
  const add = (name: string, kind?: PhoneKind) => {
    const bare = name.trim();
    if (!bare) return;
    for (const n of bare.toLowerCase().startsWith("my ") ? [bare, bare.slice(3).trim()] : [bare]) {
      if (n && !out.some((c) => c.name === n && c.kind === kind))
        out.push(kind ? { name: n, kind } : { name: n });
    }
  };
  const withKind = TRAILING_KIND.exec(said);
  if (withKind) add(withKind[1]!, phoneKind(withKind[2]!));
  const possessive = TRAILING_NUMBER.exec(said);
  add(possessive ? possessive[1]! : said);
  return out;
}

/**
 * The number as the `tel:`/`sms:` URI carries it: visual separators (spaces, dashes, dots,
 * parentheses, slashes) removed; what remains may only be digits, `*`, `#` and one leading `+`.
 * Undefined for anything else (letters, extensions, shell characters).
 */
export function normaliseNumber(raw: string): string | undefined {
  const text = raw.trim().replace(/^tel:/i, "");
  // a space is a separator, a newline or tab is not (nothing that could end an argument line)
  if (!/^\+?[\d \u00a0().\-/*#]+$/.test(text)) return undefined;
  const compact = text.replace(/[ \u00a0().\-/]/g, "");
  return /^\+?[\d*#]{3,24}$/.test(compact) && /\d/.test(compact) ? compact : undefined;
}

/** Does the query read as a phone number rather than a name? */
export function looksLikeNumber(query: string): boolean {
  return /^[+\d \u00a0\t().\-/*#]+$/.test(query.trim()) && query.replace(/\D/g, "").length >= 3;
}

/** RFC 3966 `tel:` / RFC 5724 `sms:` URI; `#` is escaped (it would start a fragment). */
export function phoneUri(via: "call" | "text", number: string, message?: string): string {
  const normalised = normaliseNumber(number);
  if (!normalised) throw new JarvisError("ARGS_INVALID", `"${number}" is not a phone number`);
  const target = normalised.replaceAll("#", "%23");
  if (via === "call") return `tel:${target}`;
  return message ? `sms:${target}?body=${encodeURIComponent(message)}` : `sms:${target}`;
}

export interface PhoneChoice {
  number: string;
  type: string;
}

const typesOf = (phone: { type: string }) =>
  phone.type
    .split(/[,;\s]+/)
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
const isKind = (phone: { type: string }, kind: PhoneKind) =>
  typesOf(phone).some((t) => KIND_TYPES[kind].includes(t));

/** Numbers a person can be called or texted on (fax and pager lines are not). */
export function callableNumbers(contact: Contact): PhoneChoice[] {
  return contact.phones.filter((p) => {
    const types = typesOf(p);
    return (
      normaliseNumber(p.number) !== undefined &&
      !types.some((t) => t === "fax" || t === "pager") &&
      p.number.replace(/\D/g, "").length >= 3
    );
  });
}

/** A readable kind for messages: "mobile", "work", "home", or the card's own type. */
export function kindLabel(phone: { type: string }): string {
  const kind = (Object.keys(KIND_TYPES) as PhoneKind[]).find((k) => isKind(phone, k));
  return kind ?? typesOf(phone).find((t) => t !== "voice" && t !== "pref") ?? "";
}

/**
 * The number to use: the kind the user named (refused when the contact has none of that kind),
 * else the card's preferred one, else mobile (texts need one; calls usually go there too), else
 * the first.
 */
export function pickNumber(
  contact: Contact,
  kind: PhoneKind | undefined,
  via: "call" | "text",
): PhoneChoice | { missing: PhoneChoice[] } {
  const numbers = callableNumbers(contact);
  const preferred = (list: PhoneChoice[]) => list.find((p) => typesOf(p).includes("pref")) ?? list[0];
  if (kind) {
    const ofKind = numbers.filter((p) => isKind(p, kind));
    return preferred(ofKind) ?? { missing: numbers };
  }
  const mobile = numbers.filter((p) => isKind(p, "mobile"));
  const choice =
    via === "text"
      ? (preferred(mobile) ?? preferred(numbers))
      : (numbers.find((p) => typesOf(p).includes("pref")) ?? mobile[0] ?? numbers[0]);
  return choice ?? { missing: [] };
}

/** Hands a `tel:`/`sms:` URI to the desktop, which passes it to the phone app the user set up. */
export interface UriOpener {
  /** The argv that hands `uri` over here, or undefined where Jarvis knows no handler. */
  argv(uri: string): string[] | undefined;
  /** Runs it; resolves once the handler took the URI, throws a one-line JarvisError when not. */
  run(argv: readonly string[]): Promise<void>;
}

/** `xdg-open <uri>` on Linux and the BSDs, `open <uri>` on macOS; nothing on Windows. */
export function openerArgv(platform: NodeJS.Platform, uri: string): string[] | undefined {
  if (platform === "darwin") return ["open", uri];
  if (platform === "win32" || platform === "android" || platform === "cygwin") return undefined;
  return ["xdg-open", uri];
}

/**
 * The real opener: spawned with an argv array (never a shell), detached so the phone app
 * outlives Jarvis. Handlers normally return at once; one still running after `waitMs` has the
 * URI (some xdg-open fallbacks run the app in the foreground), so that counts as handed over.
 */
export function systemUriOpener(options: {
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  waitMs?: number;
}): UriOpener {
  const platform = options.platform ?? process.platform;
  const waitMs = options.waitMs ?? 10_000;
  return {
    argv: (uri) => openerArgv(platform, uri),
    run: (argv) =>
      new Promise<void>((resolve, reject) => {
        const [file, ...args] = argv;
        if (!file) return reject(new JarvisError("INTERNAL", "empty opener command"));
        const child = spawn(file, args, {
          env: options.env,
          detached: true,
          stdio: ["ignore", "ignore", "pipe"],
        });
        let stderr = "";
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
          if (stderr.length < 4096) stderr += chunk;
        });
        const timer = setTimeout(() => {
          child.stderr.destroy();
          child.unref();
          resolve();
        }, waitMs);
        child.once("error", (error: NodeJS.ErrnoException) => {
          clearTimeout(timer);
          reject(
            error.code === "ENOENT"
              ? new JarvisError("UNAVAILABLE", `${file} is not installed`)
              : new JarvisError("TOOL_FAILED", `${file}: ${error.message}`),
          );
        });
        child.once("close", (code) => {
          clearTimeout(timer);
          if (code === 0) return resolve();
          const why = firstLine(stderr);
          reject(
            new JarvisError(
              "UNAVAILABLE",
              `${file} exited with code ${code ?? "?"}${why ? ` (${why})` : ""}`,
            ),
          );
        });
      }),
  };
}
