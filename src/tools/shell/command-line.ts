/**
 * Renders argv the way a POSIX shell would need it typed, so the confirmation shows exactly
 * what runs: plain words bare, anything else single-quoted, control characters as $'\n'.
 */
export function quoteArg(arg: string): string {
  if (arg !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  if (/[\u0000-\u001f\u007f]/.test(arg)) {
    const escaped = arg.replace(/[\\'\u0000-\u001f\u007f]/g, (char) => {
      if (char === "\\") return "\\\\";
      if (char === "'") return "\\'";
      const named: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r" };
      return named[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`;
    });
    return `$'${escaped}'`;
  }
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

export function commandLine(program: string, args: readonly string[]): string {
  return [program, ...args].map(quoteArg).join(" ");
}

/** Variable names that usually hold credentials; such variables never reach a spawned program. */
const SECRET_NAME =
  /pass(word|wd|phrase)?|secret|token|api_?key|access_?key|private_?key|auth|credential|cookie|session|signing|_pat$|^jarvis_/i;
const SECRET_VALUE =
  /\b(sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abpr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.)/;

/** A copy of `env` without secret-looking names or values (and without Jarvis's own settings). */
export function scrubEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || SECRET_NAME.test(name) || SECRET_VALUE.test(value)) continue;
    out[name] = value;
  }
  return out;
}
