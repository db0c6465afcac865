import { homedir } from "node:os";
import { expandPath } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import { canonicalPath, type PathRoots } from "../gate/paths.js";

/** Secrets no tool may read or write, whatever the configured roots say. */
export const DEFAULT_DENY = [
  "~/.ssh",
  "~/.gnupg",
  "~/.aws",
  "~/.azure",
  "~/.kube",
  "~/.docker",
  "~/.netrc",
  "~/.password-store",
  "~/.config/gcloud",
  "~/.local/share/keyrings",
  "~/Library/Keychains",
  "~/.mozilla",
  "~/.config/google-chrome",
  "~/.config/chromium",
  "~/.config/BraveSoftware",
  "~/.config/microsoft-edge",
  "~/Library/Application Support/Google/Chrome",
  "~/Library/Application Support/Firefox",
  "~/Library/Cookies",
];

export function rootsFromConfig(config: JarvisConfig, jarvisHome: string, home = homedir()): PathRoots {
  const canonical = (list: string[]) => list.map((p) => canonicalPath(expandPath(p, home), home));
  return {
    home,
    readRoots: canonical(config.files.read_roots),
    writeRoots: canonical(config.files.write_roots),
    deny: [...canonical([...DEFAULT_DENY, ...config.files.deny]), canonicalPath(jarvisHome, home)],
  };
}
