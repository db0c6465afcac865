/** How the CLI marks things: colour and symbols on a terminal, plain words elsewhere. */
export interface Style {
  readonly color: boolean;
  readonly unicode: boolean;
  /** The marks in front of activity lines. */
  readonly mark: Record<"run" | "ok" | "fail" | "deny" | "unapproved" | "info" | "warn", string>;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

const UNICODE_MARKS: Style["mark"] = {
  run: "⚙",
  ok: "✓",
  fail: "✗",
  deny: "⛔",
  unapproved: "✋",
  info: "·",
  warn: "!",
};
const ASCII_MARKS: Style["mark"] = {
  run: "->",
  ok: "ok",
  fail: "x",
  deny: "denied:",
  unapproved: "-",
  info: "-",
  warn: "!",
};

/**
 * The style for one output stream: colour only on a terminal, never with `NO_COLOR` set (any
 * value, see no-color.org) or `TERM=dumb`, always with `FORCE_COLOR` (not "0"); symbols only on
 * a terminal, so piped output and logs stay plain ASCII.
 */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Style {
  const tty = stream.isTTY === true && env.TERM !== "dumb";
  const forced = env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0";
  const color = forced || (tty && env.NO_COLOR === undefined);
  const paint = (code: number, reset: number) => (text: string) =>
    color ? `\u001b[${code}m${text}\u001b[${reset}m` : text;
  return {
    color,
    unicode: tty,
    mark: tty ? UNICODE_MARKS : ASCII_MARKS,
    bold: paint(1, 22),
    dim: paint(2, 22),
    red: paint(31, 39),
    green: paint(32, 39),
    yellow: paint(33, 39),
  };
}
