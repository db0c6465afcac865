import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { JarvisError } from "../core/errors.js";

export interface PathRoots {
  home: string;
  readRoots: string[];
  writeRoots: string[];
  /** Canonical locations no tool touches (a directory protects everything inside it). */
  deny: string[];
  /** Names no component of a canonical path may have (a project's `.env`, a copied `id_rsa`). */
  denyNames?: RegExp[];
}

/**
 * Canonical path of `input`: `~` expanded, relative paths taken from home, every existing
 * component resolved with realpath so a symlink cannot point the call outside its roots.
 * For a path that does not exist yet, the nearest existing ancestor is resolved.
 */
export function canonicalPath(input: string, home: string): string {
  if (/[\u0000-\u001f]/.test(input)) {
    throw new JarvisError("ARGS_INVALID", "a path contains control characters", { fix: "pass a plain path" });
  }
  let expanded = input === "~" ? home : input.startsWith("~/") ? join(home, input.slice(2)) : input;
  if (!isAbsolute(expanded)) expanded = resolve(home, expanded);
  expanded = resolve(expanded);
  const missing: string[] = [];
  let current = expanded;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return missing.length === 0 ? real : join(real, ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") {
        throw new JarvisError("PATH_DENIED", `cannot resolve ${input}: ${code ?? "error"}`);
      }
      const parent = dirname(current);
      if (parent === current) return expanded;
      missing.push(basename(current));
      current = parent;
    }
  }
}

export function isWithin(path: string, root: string): boolean {
  if (path === root) return true;
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

/**
 * The protected location or name a canonical path falls under, or undefined. Names are matched
 * on every component below the filesystem root, so `~/Documents/app/.env/x` and
 * `/media/usb/.ssh/id_rsa` are both caught.
 */
export function protectedBy(path: string, roots: PathRoots): string | undefined {
  const denied = roots.deny.find((root) => isWithin(path, root));
  if (denied) return denied;
  if (!roots.denyNames || roots.denyNames.length === 0) return undefined;
  for (const component of path.split(sep)) {
    if (component === "") continue;
    const name = roots.denyNames.find((pattern) => pattern.test(component));
    if (name) return component;
  }
  return undefined;
}

/** Canonicalizes and checks `input` against the roots for `access`; returns the canonical path. */
export function checkPath(input: string, access: "read" | "write", roots: PathRoots): string {
  const path = canonicalPath(input, roots.home);
  const denied = protectedBy(path, roots);
  if (denied) {
    throw new JarvisError("PATH_DENIED", `${input} is inside a protected location (${denied})`, {
      fix: "Jarvis never touches credentials, keys or histories; pick another path (files.unprotect in config.yaml lifts a built-in protection, at your own risk)",
    });
  }
  const allowed = access === "write" ? roots.writeRoots : roots.readRoots;
  if (!allowed.some((root) => isWithin(path, root))) {
    throw new JarvisError("PATH_DENIED", `${input} is outside the allowed ${access} roots`, {
      fix: `add a root under files.${access}_roots in config.yaml`,
    });
  }
  return path;
}

/** Resolves configured roots once (they may themselves be symlinks). */
export function canonicalRoots(paths: string[], home: string): string[] {
  return paths.map((p) => canonicalPath(p, home));
}
