import type { SystemProbe } from "./requirements.js";
import type { CommandOptions, CommandResult, CommandRunner } from "./types.js";

/** One recorded call of the fake runner. */
export interface RecordedCall {
  file: string;
  args: string[];
  input?: string | undefined;
  env?: Record<string, string> | undefined;
}

type Reply = Partial<CommandResult> | ((call: RecordedCall) => Partial<CommandResult>);

/**
 * A command runner for argv-contract tests: records every call and answers from rules matched
 * on `file` plus an argv prefix; anything unmatched succeeds with empty output.
 */
export class FakeRunner {
  readonly calls: RecordedCall[] = [];
  private readonly rules: Array<{ file: string; prefix: string[]; reply: Reply }> = [];

  on(file: string, prefix: string[], reply: Reply): this {
    this.rules.unshift({ file, prefix, reply });
    return this;
  }

  readonly run: CommandRunner = async (file, args, options: CommandOptions = {}) => {
    const call: RecordedCall = { file, args: [...args], input: options.input, env: options.env };
    this.calls.push(call);
    const rule = this.rules.find((r) => r.file === file && r.prefix.every((value, i) => args[i] === value));
    const reply = typeof rule?.reply === "function" ? rule.reply(call) : (rule?.reply ?? {});
    return { stdout: reply.stdout ?? "", stderr: reply.stderr ?? "", code: reply.code ?? 0 };
  };

  /** Calls as `file arg arg …` lines, for compact assertions. */
  argv(): string[][] {
    return this.calls.map((c) => [c.file, ...c.args]);
  }
}

/** A machine where the listed programs exist (at /usr/bin) and the listed paths exist. */
export function fakeProbe(
  programs: string[],
  env: NodeJS.ProcessEnv = { DISPLAY: ":9" },
  paths: string[] = [],
): SystemProbe {
  const present = new Set(programs);
  const existing = new Set([...paths, ...programs.map((p) => `/usr/bin/${p}`)]);
  return {
    which: (program) => (present.has(program) ? `/usr/bin/${program}` : undefined),
    exists: (path) => existing.has(path),
    env,
  };
}

/**
 * A pretend X11 desktop behind a FakeRunner: wmctrl/xdotool calls see and change its windows,
 * and typed text lands in whichever window is active — so lock behaviour is observable.
 */
export class FakeX11Desktop {
  readonly runner = new FakeRunner();
  readonly typed: Array<{ windowId: string; text: string }> = [];
  windows: Array<{
    id: string;
    pid: number;
    cls: string;
    title: string;
    x: number;
    y: number;
    w: number;
    h: number;
  }> = [];
  activeId: string | undefined;
  /** Called after each typed piece: lets a test move focus mid-typing. */
  afterType?: (() => void) | undefined;

  constructor() {
    this.runner
      .on("wmctrl", ["-lpGx"], () => ({
        stdout: this.windows
          .map((w) => `${w.id}  0 ${w.pid}  ${w.x} ${w.y} ${w.w} ${w.h}  ${w.cls}  host ${w.title}`)
          .join("\n"),
      }))
      .on("xdotool", ["getactivewindow"], () =>
        this.activeId
          ? { stdout: `${Number.parseInt(this.activeId, 16)}\n` }
          : { code: 1, stderr: "no active window" },
      )
      .on("wmctrl", ["-i", "-a"], (call) => {
        this.activeId = call.args[2];
        return {};
      })
      .on("wmctrl", ["-d"], { stdout: "0  * DG: 1280x800  VP: 0,0  WA: 0,0 1280x800  desktop\n" })
      .on("xdotool", ["type"], (call) => {
        this.typed.push({ windowId: this.activeId ?? "none", text: call.input ?? "" });
        this.afterType?.();
        return {};
      });
  }

  add(id: string, cls: string, title: string, pid: number, rect = { x: 0, y: 0, w: 640, h: 480 }): this {
    this.windows.push({ id, pid, cls, title, ...rect });
    return this;
  }

  typedInto(id: string): string {
    return this.typed
      .filter((t) => t.windowId === id)
      .map((t) => t.text)
      .join("");
  }
}
