import { realpathSync, statSync } from "node:fs";
import { JarvisError } from "../../core/errors.js";
import { DEFAULT_LIMITS, type SandboxLimits } from "./types.js";

export function normalizeLimits(given: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(given) as Array<[keyof SandboxLimits, number | undefined]>) {
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) {
      throw new JarvisError("USAGE", `the ${key} limit must be a positive number`, {
        fix: "give a positive value",
      });
    }
    limits[key] = Math.ceil(value);
  }
  return limits;
}

/** A granted path as the sandbox binds it: canonical (symlinks resolved here, not inside). */
export function grant(path: string, access: "read" | "write"): string {
  let canonical: string;
  try {
    canonical = realpathSync(path);
    statSync(canonical);
  } catch {
    throw new JarvisError("USAGE", `cannot grant ${access} access to ${path}: it does not exist`, {
      fix: "create it first or fix the path",
    });
  }
  if (canonical === "/") {
    throw new JarvisError("USAGE", `granting ${access} access to / would undo the sandbox`, {
      fix: "grant the folder the program needs",
    });
  }
  return canonical;
}

/** The hidden paths that exist inside some grant (others are not visible anyway). */
export function hiddenWithin(
  hide: readonly string[],
  grants: readonly string[],
): Array<{ path: string; directory: boolean }> {
  const out: Array<{ path: string; directory: boolean }> = [];
  for (const path of hide) {
    let real: string;
    let directory: boolean;
    try {
      real = realpathSync(path);
      directory = statSync(real).isDirectory();
    } catch {
      continue;
    }
    const inside = grants.some((grant) => real !== grant && (real.startsWith(`${grant}/`) || grant === "/"));
    const covers = grants.some((grant) => grant === real || grant.startsWith(`${real}/`));
    if (covers) {
      throw new JarvisError("PATH_DENIED", `${path} may not be granted to a sandbox`, {
        fix: "grant a folder that does not hold secrets",
      });
    }
    if (inside) out.push({ path: real, directory });
  }
  return out;
}
