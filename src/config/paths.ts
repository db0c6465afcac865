import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/** Everything Jarvis keeps lives under one directory (`JARVIS_HOME`, default `~/.jarvis`). */
export interface JarvisPaths {
  home: string;
  config: string;
  database: string;
  logs: string;
  token: string;
  trash: string;
  skills: string;
  tools: string;
  browserProfile: string;
  /** Things that can be rebuilt any time (the NLU's trained weights). */
  cache: string;
}

export function resolveHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.JARVIS_HOME?.trim();
  return fromEnv ? resolve(expandTilde(fromEnv)) : join(homedir(), ".jarvis");
}

export function pathsFor(home: string): JarvisPaths {
  return {
    home,
    config: join(home, "config.yaml"),
    database: join(home, "jarvis.db"),
    logs: join(home, "logs"),
    token: join(home, "token"),
    trash: join(home, "trash"),
    skills: join(home, "skills"),
    tools: join(home, "tools"),
    browserProfile: join(home, "browser-profile"),
    cache: join(home, "cache"),
  };
}

/** `~` and `~/x` expand to the user's home directory; other paths resolve against it. */
export function expandTilde(path: string, home = homedir()): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return join(home, path.slice(2));
  return path;
}

export function expandPath(path: string, home = homedir()): string {
  const expanded = expandTilde(path, home);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(home, expanded);
}
