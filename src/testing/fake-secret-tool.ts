import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A stand-in for libsecret's secret-tool with the same argv, keeping secrets in files. */
export const FAKE_SECRET_TOOL = `#!/bin/sh
cmd="$1"; shift
key=""
while [ $# -gt 0 ]; do
  case "$1" in
    --label) shift 2;;
    account) key="$2"; shift 2;;
    *) shift;;
  esac
done
file="$FAKE_KEYRING/$(printf %s "$key" | tr '/' '_')"
case "$cmd" in
  store) cat > "$file";;
  lookup) if [ -f "$file" ]; then cat "$file"; else exit 1; fi;;
  clear) rm -f "$file";;
  search) exit 1;;
esac
`;

/**
 * Installs the stand-in as `<dir>/bin/secret-tool` with its store in `<dir>/keyring`; returns the
 * env that makes the OS keychain use it.
 */
export function installFakeSecretTool(
  dir: string,
  env: NodeJS.ProcessEnv,
): { env: NodeJS.ProcessEnv; keyring: string } {
  const bin = join(dir, "bin");
  const keyring = join(dir, "keyring");
  mkdirSync(bin, { recursive: true });
  mkdirSync(keyring, { recursive: true });
  writeFileSync(join(bin, "secret-tool"), FAKE_SECRET_TOOL);
  chmodSync(join(bin, "secret-tool"), 0o755);
  return { env: { ...env, PATH: `${bin}:${env.PATH ?? ""}`, FAKE_KEYRING: keyring }, keyring };
}
