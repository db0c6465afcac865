/**
 * Files no tool may read or write, whatever the roots say: credentials, keys, tokens, shell
 * histories, password stores and browser profiles. Two lists, both applied to the canonical path
 * (after realpath, so a symlink in ~/Documents pointing at ~/.git-credentials is caught):
 *
 * - `PROTECTED_PATHS`: locations under home (a directory protects everything inside it);
 * - `PROTECTED_NAMES`: names matched against every component of the path, anywhere (`*` is any
 *   run of characters, case-insensitive): a project's `.env`, a key copied to a USB stick.
 *
 * A credential file that may sit anywhere (`.npmrc`, `.netrc`) is a name only, so one
 * `files.unprotect` entry lifts it. `files.deny` adds to them; only `files.unprotect` (an explicit, warned opt-out naming the exact
 * entry) removes one.
 */
export const PROTECTED_PATHS: readonly string[] = [
  // keys and agents
  "~/.ssh",
  "~/.gnupg",
  "~/.password-store",
  "~/.local/share/keyrings",
  "~/.local/share/kwalletd",
  "~/Library/Keychains",
  "~/.config/keepassxc",
  "~/.config/Bitwarden",
  "~/.config/1Password",
  "~/.config/op",
  // cloud, cluster and registry credentials
  "~/.aws",
  "~/.azure",
  "~/.config/gcloud",
  "~/.oci",
  "~/.kube",
  "~/.docker",
  "~/.config/doctl",
  "~/.config/hcloud",
  "~/.terraform.d",
  "~/.config/rclone",
  "~/.s3cfg",
  "~/.boto",
  "~/.config/gh",
  "~/.config/hub",
  "~/.config/glab-cli",
  "~/.config/git/credentials",
  "~/.yarnrc.yml",
  "~/.config/pip/pip.conf",
  "~/.my.cnf",
  "~/.cargo/credentials",
  "~/.cargo/credentials.toml",
  "~/.gem/credentials",
  "~/.m2/settings.xml",
  "~/.m2/settings-security.xml",
  "~/.gradle/gradle.properties",
  "~/.config/ngrok",
  "~/.ngrok2",
  // browsers, mail clients and messengers (cookies, saved passwords, session tokens)
  "~/.mozilla",
  "~/.thunderbird",
  "~/snap/firefox",
  "~/.var/app/org.mozilla.firefox",
  "~/.config/google-chrome",
  "~/.config/chromium",
  "~/.config/BraveSoftware",
  "~/.config/microsoft-edge",
  "~/.config/vivaldi",
  "~/.config/opera",
  "~/.config/Signal",
  "~/.local/share/TelegramDesktop",
  "~/Library/Application Support/Google/Chrome",
  "~/Library/Application Support/Firefox",
  "~/Library/Application Support/BraveSoftware",
  "~/Library/Cookies",
  "~/Library/Messages",
  "~/Library/Mail",
  // wallets
  "~/.bitcoin",
  "~/.electrum",
  "~/.ethereum",
];

export const PROTECTED_NAMES: readonly string[] = [
  ".ssh",
  ".gnupg",
  "id_rsa*",
  "id_dsa*",
  "id_ecdsa*",
  "id_ed25519*",
  "*.pem",
  "*.p12",
  "*.pfx",
  "*.kdbx",
  "*.keychain",
  "*.keychain-db",
  ".env",
  ".env.*",
  ".git-credentials",
  ".netrc",
  "_netrc",
  ".npmrc",
  ".pypirc",
  ".pgpass",
  ".vault-token",
  // shell and REPL histories (commands typed with passwords and tokens in them)
  ".*_history",
  "fish_history",
  ".history",
  ".zhistory",
  ".histfile",
  "credentials.json",
  "service-account*.json",
  "wallet.dat",
];

/** A name pattern (`*` any run of characters) as a case-insensitive whole-name regex. */
export function namePattern(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`, "i");
}

/** Why an entry of `files.unprotect` is not accepted, or undefined when it names a built-in entry. */
export function unprotectProblem(entry: string): string | undefined {
  if (PROTECTED_PATHS.includes(entry) || PROTECTED_NAMES.includes(entry)) return undefined;
  return `"${entry}" is not on the built-in protected list; write it exactly as listed (\`jarvis doctor\` shows it)`;
}

/** The built-in lists minus what the user explicitly unprotected. */
export function protectedLists(unprotect: readonly string[]): { paths: string[]; names: string[] } {
  const removed = new Set(unprotect);
  return {
    paths: PROTECTED_PATHS.filter((entry) => !removed.has(entry)),
    names: PROTECTED_NAMES.filter((entry) => !removed.has(entry)),
  };
}
