import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join } from "node:path";
import { writeFileAtomic } from "../../config/atomic.js";

const MAX_FILES = 600;

/**
 * Names of the installed desktop applications (freedesktop `.desktop` entries), so "open
 * inkscape" is understood only where Inkscape exists. Reads a few small files; never throws.
 */
export function desktopAppNames(env: NodeJS.ProcessEnv = process.env): string[] {
  return namesOf(desktopEntries(env));
}

/**
 * `desktopAppNames`, kept in `cacheDir` for the next start, keyed on every entry file's path,
 * size, modification time and inode (a stat each instead of a read and three patterns: a desktop
 * with ~300 entries spent 15-30 ms of a one-shot `jarvis ask` reading them). An entry added,
 * removed, replaced or edited reads them all again. Never throws.
 */
export function keptDesktopAppNames(env: NodeJS.ProcessEnv, cacheDir: string): string[] {
  const entries = desktopEntries(env);
  const hash = createHash("sha256").update(APPS_MAGIC);
  for (const path of entries) {
    try {
      const stat = statSync(path);
      hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\0${stat.ino}\n`);
    } catch {
      hash.update(`${path}\0-\n`);
    }
  }
  const key = hash.digest("hex").slice(0, 32);
  const file = join(cacheDir, "apps.json");
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { key?: unknown; names?: unknown };
    if (kept.key === key && Array.isArray(kept.names) && kept.names.every((n) => typeof n === "string"))
      return kept.names as string[];
  } catch {
    // None kept, or not readable: read the entries
  }
  const names = namesOf(entries);
  try {
    writeFileAtomic(file, JSON.stringify({ key, names }));
  } catch {
    // A read-only or full disk only means reading the entries again next time
  }
  return names;
}

const APPS_MAGIC = "jarvis-apps/1";

/** The `.desktop` files to read, in reading order, at most MAX_FILES of them. */
function desktopEntries(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? homedir();
  const dirs = [
    env.XDG_DATA_HOME ?? join(home, ".local", "share"),
    ...(env.XDG_DATA_DIRS ?? "/usr/local/share:/usr/share").split(":"),
  ].map((d) => join(d, "applications"));
  const paths: string[] = [];
  for (const dir of dirs) {
    let entries: string[];
    try {
      entries = readdirSync(dir).filter((f) => f.endsWith(".desktop"));
    } catch {
      continue;
    }
    for (const file of entries) {
      if (paths.length === MAX_FILES) return paths;
      paths.push(join(dir, file));
    }
  }
  return paths;
}

function namesOf(paths: readonly string[]): string[] {
  const names = new Set<string>();
  for (const path of paths) {
    try {
      const text = readFileSync(path, "utf8").slice(0, 20_000);
      if (/^NoDisplay\s*=\s*true/m.test(text) || /^Type\s*=\s*(?!Application)/m.test(text)) continue;
      const name = /^Name\s*=\s*(.+)$/m.exec(text)?.[1];
      const exec = /^Exec\s*=\s*"?([^\s"]+)/m.exec(text)?.[1];
      for (const value of [name, exec && basename(exec), basename(path, ".desktop").split(".").at(-1)]) {
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
