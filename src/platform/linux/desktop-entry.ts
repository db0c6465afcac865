/**
 * Freedesktop `.desktop` files: the parts needed to list and launch apps. Exec lines are
 * split into argv by the spec's quoting rules and never handed to a shell.
 */

export interface DesktopEntry {
  /** Desktop-file id: `org.xfce.mousepad` for `applications/org.xfce.mousepad.desktop`. */
  id: string;
  file: string;
  name: string;
  genericName?: string | undefined;
  comment?: string | undefined;
  keywords: string[];
  exec: string[];
  tryExec?: string | undefined;
  terminal: boolean;
  startupWmClass?: string | undefined;
  noDisplay: boolean;
}

/** Reads the `[Desktop Entry]` group; returns undefined for anything that is not a launchable app. */
export function parseDesktopEntry(
  id: string,
  file: string,
  text: string,
  locale?: string,
): DesktopEntry | undefined {
  const values = new Map<string, string>();
  let inEntry = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith("#")) continue;
    if (line.startsWith("[")) {
      inEntry = line === "[Desktop Entry]";
      continue;
    }
    if (!inEntry) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    if (!values.has(key)) values.set(key, line.slice(eq + 1).trim());
  }
  const localized = (key: string) => {
    if (locale) {
      const lang = locale.split(/[.@]/)[0] ?? "";
      const short = lang.split("_")[0] ?? "";
      for (const candidate of [lang, short]) {
        const value = candidate ? values.get(`${key}[${candidate}]`) : undefined;
        if (value) return unescapeString(value);
      }
    }
    const value = values.get(key);
    return value === undefined ? undefined : unescapeString(value);
  };
  if ((values.get("Type") ?? "Application") !== "Application") return undefined;
  if (values.get("Hidden") === "true") return undefined;
  const name = localized("Name");
  const execLine = values.get("Exec");
  if (!name || !execLine) return undefined;
  let exec: string[];
  try {
    exec = parseExec(execLine, { name, file, icon: values.get("Icon") });
  } catch {
    return undefined;
  }
  if (exec.length === 0) return undefined;
  return {
    id,
    file,
    name,
    genericName: localized("GenericName"),
    comment: localized("Comment"),
    keywords: (localized("Keywords") ?? "")
      .split(";")
      .map((k) => k.trim())
      .filter(Boolean),
    exec,
    tryExec: values.get("TryExec"),
    terminal: values.get("Terminal") === "true",
    startupWmClass: values.get("StartupWMClass"),
    noDisplay: values.get("NoDisplay") === "true",
  };
}

/** The spec's escapes for string values: \s \n \t \r \\. */
function unescapeString(value: string): string {
  return value.replace(
    /\\([sntr\\])/g,
    (_, c: string) => ({ s: " ", n: "\n", t: "\t", r: "\r", "\\": "\\" })[c] ?? c,
  );
}

/**
 * Splits an Exec value into argv: double quotes group, backslash escapes `"` `` ` `` `$` `\`
 * inside quotes, and field codes are expanded (%i %c %k %%) or dropped (%f %F %u %U …),
 * since Jarvis launches apps without files.
 */
export function parseExec(
  value: string,
  context: { name: string; file: string; icon?: string | undefined },
): string[] {
  const text = unescapeString(value);
  const words: Array<{ text: string; quoted: boolean }> = [];
  let current = "";
  let quoted = false;
  let inWord = false;
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inQuotes) {
      if (c === "\\" && i + 1 < text.length && '"`$\\'.includes(text[i + 1] as string)) {
        current += text[i + 1];
        i++;
      } else if (c === '"') {
        inQuotes = false;
      } else {
        current += c;
      }
    } else if (c === '"') {
      inQuotes = true;
      quoted = true;
      inWord = true;
    } else if (c === " " || c === "\t" || c === "\n") {
      if (inWord) words.push({ text: current, quoted });
      current = "";
      quoted = false;
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (inQuotes) throw new Error("unterminated quote in Exec");
  if (inWord) words.push({ text: current, quoted });
  const argv: string[] = [];
  for (const word of words) {
    if (word.text === "%i") {
      if (context.icon) argv.push("--icon", context.icon);
      continue;
    }
    if (/^%[fFuUdDnNvm]$/.test(word.text)) continue;
    const expanded = word.text.replace(/%(.)/g, (_, code: string) => {
      if (code === "%") return "%";
      if (code === "c") return context.name;
      if (code === "k") return context.file;
      return "";
    });
    if (expanded === "" && !word.quoted) continue;
    argv.push(expanded);
  }
  return argv;
}
