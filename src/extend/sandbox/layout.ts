import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { codeFile, codeLayout } from "../../core/package-root.js";
import { ETC_ENTRIES, type SyntheticEtc, type SystemEntry } from "./bwrap-args.js";

const SYSTEM_TOP = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/** The host side of every sandbox this process starts: a private directory and what it holds. */
export interface HostLayout {
  dir: string;
  system: SystemEntry[];
  etc: string[];
  synthetic: SyntheticEtc;
  dispose(): void;
}

/** Writes the synthetic /etc files once and looks at how this system lays out /bin and /lib. */
export function createHostLayout(): HostLayout {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-sandbox-"));
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const synthetic: SyntheticEtc = {
    passwd: join(dir, "passwd"),
    group: join(dir, "group"),
    hosts: join(dir, "hosts"),
  };
  const user = uid === 0 ? "root" : "sandbox";
  writeFileSync(
    synthetic.passwd,
    `${user}:x:${uid}:${gid}:sandbox:/tmp/home:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
  );
  writeFileSync(synthetic.group, `${user}:x:${gid}:\nnogroup:x:65534:\n`);
  writeFileSync(synthetic.hosts, "127.0.0.1 localhost\n::1 localhost\n");
  const system: SystemEntry[] = [];
  for (const path of SYSTEM_TOP) {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) system.push({ path, link: readlinkSync(path) });
      else if (stat.isDirectory()) system.push({ path });
    } catch {
      // absent on this system
    }
  }
  const python = readdirSafe("/etc")
    .filter((name) => /^python3\.\d+$/.test(name))
    .map((name) => `/etc/${name}`);
  return {
    dir,
    system,
    etc: [...ETC_ENTRIES, ...python].filter((path) => existsSync(path)),
    synthetic,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function readdirSafe(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

/**
 * A Node script that runs inside a sandbox (the network bridge, the QuickJS worker): the
 * compiled `.js` in dist/extend/sandbox/, or the `.ts` source under a Node that strips types.
 * `read` lists what must be bound in for it to start (the script, Node itself).
 */
export interface SandboxScript {
  argv: string[];
  read: string[];
}

export function sandboxScript(name: string, moduleUrl: string = import.meta.url): SandboxScript {
  // From the package's code tree, not beside `moduleUrl`: bundled, that is a chunk's directory
  const fromSource = codeLayout(moduleUrl).tree === "src";
  const script = codeFile(moduleUrl, `extend/sandbox/${name}`);
  const node = realpathSync(process.execPath);
  const read = [script];
  if (!node.startsWith("/usr/")) read.push(node);
  const flags = fromSource ? ["--experimental-strip-types", "--no-warnings"] : ["--no-warnings"];
  return { argv: [node, ...flags, script], read: [...new Set(read.map((path) => realOrSelf(path)))] };
}

/** The directory of a package as installed (for binding its files into a sandbox). */
export function packageDir(resolvedEntry: string, packageName: string): string {
  let dir = dirname(resolvedEntry);
  while (dir !== "/" && !dir.endsWith(`/node_modules/${packageName}`)) dir = dirname(dir);
  return dir === "/" ? dirname(resolvedEntry) : dir;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
