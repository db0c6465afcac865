import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Folders whose files are secrets on their own (keys) or carry what the user said (logs). */
const FILE_FOLDERS = new Set(["keys", "logs"]);

export interface Loosened {
  path: string;
  /** The permission bits found, e.g. "755". */
  was: string;
  /**
   * A folder inside the home (Jarvis makes some with the default umask): unreachable by others
   * while the home itself is private, so worth tightening but not worth a warning.
   */
  unreachable: boolean;
}

/**
 * Makes JARVIS_HOME readable by its owner only: no group or other bits on the folder, the
 * folders and files in it, and the files in `keys/` and `logs/` (0700 and 0600 as created).
 * Deeper files need no change: no one else can reach them through a 0700 folder. Symbolic links are left alone (chmod would follow them out).
 * Returns what was looser than that, so the caller can say it fixed it (`fix: false` only looks).
 */
export function makeHomePrivate(home: string, options: { fix: boolean } = { fix: true }): Loosened[] {
  if (options.fix) mkdirSync(home, { recursive: true, mode: 0o700 });
  else if (!existsSync(home)) return [];
  const fixed: Loosened[] = [];
  let homeLoose = false;
  const tighten = (path: string, folder = false) => {
    const mode = lstatSync(path).mode & 0o777;
    if ((mode & 0o077) === 0) return;
    if (options.fix) chmodSync(path, mode & 0o700);
    fixed.push({ path, was: mode.toString(8), unreachable: folder && !homeLoose });
  };
  tighten(home);
  homeLoose = fixed.length > 0;
  for (const entry of readdirSync(home, { withFileTypes: true })) {
    const path = join(home, entry.name);
    if (entry.isFile()) tighten(path);
    if (!entry.isDirectory()) continue;
    tighten(path, true);
    if (!FILE_FOLDERS.has(entry.name)) continue;
    for (const inner of readdirSync(path, { withFileTypes: true })) {
      if (inner.isFile()) tighten(join(path, inner.name));
    }
  }
  return fixed;
}
