import { findProgram } from "../platform/programs.js";

/**
 * For tests that need system programs: true when all are present. Locally a missing program
 * skips the test with a line saying what to install; under CI=true nothing may be skipped,
 * so a missing program fails loudly instead.
 */
export function hasPrograms(programs: string[], install: string): boolean {
  const missing = programs.filter((p) => !findProgram(p));
  if (missing.length === 0) return true;
  const message = `missing ${missing.join(", ")}: install with \`apt-get install ${install}\``;
  if (process.env.CI === "true") throw new Error(`CI requires ${message}`);
  console.warn(`skipping: ${message}`);
  return false;
}
