import { readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join } from "node:path";

const MAX_FILES = 600;

/**
 * Names of the installed desktop applications (freedesktop `.desktop` entries), so "open
 * inkscape" is understood only where Inkscape exists. Reads a few small files; never throws.
 */
export function desktopAppNames(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME ?? homedir();
  const dirs = [
    env.XDG_DATA_HOME ?? join(home, ".local", "share"),
    ...(env.XDG_DATA_DIRS ?? "/usr/local/share:/usr/share").split(":"),
  ].map((d) => join(d, "applications"));
  const names = new Set<string>();
  let files = 0;
  for (const dir of dirs) {
    let entries: string[];
    try {
      entries = readdirSync(dir).filter((f) => f.endsWith(".desktop"));
    } catch {
      continue;
    }
    for (const file of entries) {
      if (++files > MAX_FILES) return [...names];
      try {
        const text = readFileSync(join(dir, file), "utf8").slice(0, 20_000);
        if (/^NoDisplay\s*=\s*true/m.test(text) || /^Type\s*=\s*(?!Application)/m.test(text)) continue;
        const name = /^Name\s*=\s*(.+)$/m.exec(text)?.[1];
        const exec = /^Exec\s*=\s*"?([^\s"]+)/m.exec(text)?.[1];
        for (const value of [name, exec && basename(exec), basename(file, ".desktop").split(".").at(-1)]) {
          const clean = value
            ?.toLowerCase()
            .replace(/[^\p{L}\p{N} +-]/gu, "")
            .trim();
          if (clean && clean.length >= 2 && clean.length <= 40) names.add(clean);
        }
      } catch {
        // unreadable entry: skip it
      }
    }
  }
  return [...names];
}

const FOLDERS = ["Documents", "Desktop", "Downloads"];
const MAX_NAMES = 1000;

/**
 * The user's own file names (the top of Documents, Desktop and Downloads), lower case → path,
 * so "read budget.xlsx" finds the one they have. A few directory reads; never throws.
 */
export function userFileNames(env: NodeJS.ProcessEnv = process.env): Map<string, string> {
  const home = env.HOME ?? homedir();
  const names = new Map<string, string>();
  for (const folder of FOLDERS) {
    let entries: string[];
    try {
      entries = readdirSync(join(home, folder));
    } catch {
      continue;
    }
    for (const name of entries) {
      if (names.size >= MAX_NAMES) return names;
      if (!name.startsWith(".") && name.length <= 120)
        names.set(name.toLowerCase(), join(home, folder, name));
    }
  }
  return names;
}
