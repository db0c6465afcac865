import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Writes text next to the target then renames it over, so a crash never leaves half a file. */
export function writeFileAtomic(path: string, text: string, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = join(dirname(path), `.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(temp, text, { mode });
  renameSync(temp, path);
}
