import { describe, expect, it } from "vitest";
import type { JarvisEvent } from "../core/events.js";
import { EventPrinter } from "./commands/agent-support.js";
import { styleFor } from "./style.js";

const event = (type: JarvisEvent["type"], data: unknown) =>
  ({ type, runId: "r", seq: 1, ts: 0, data }) as JarvisEvent;

function printed(isTTY: boolean, env: NodeJS.ProcessEnv, verbose = false): string {
  let text = "";
  const write = (chunk: string) => {
    text += chunk;
    return true;
  };
  const stream = { isTTY, write } as unknown as NodeJS.WritableStream;
  const printer = new EventPrinter({ stdout: stream, stderr: stream, env }, false, verbose);
  printer.print(event("tool_started", { callId: "c", tool: "files_read", doing: "Reading ~/notes.txt" }));
  printer.print(
    event("tool_finished", { callId: "c", tool: "files_read", ok: true, output: "", durationMs: 3 }),
  );
  printer.print(event("run_failed", { code: "TOOL_FAILED", message: "it broke" }));
  return text;
}

describe("colour and symbols", () => {
  it("on a terminal: colour and symbols", () => {
    const text = printed(true, {});
    expect(text).toContain("⚙ Reading ~/notes.txt");
    expect(text).toContain("\u001b[");
  });

  it("with NO_COLOR (any value): symbols, no colour", () => {
    const text = printed(true, { NO_COLOR: "" });
    expect(text).toContain("✓");
    expect(text).not.toContain("\u001b[");
  });

  it("piped or TERM=dumb: plain ASCII, no colour", () => {
    for (const text of [printed(false, {}), printed(true, { TERM: "dumb" })]) {
      expect(text).toBe("  -> Reading ~/notes.txt\n  ok Reading ~/notes.txt (3 ms)\nTOOL_FAILED: it broke\n");
    }
  });

  it("--verbose names the tool instead", () => {
    expect(printed(false, {}, true)).toBe("  -> files_read\n  ok files_read (3 ms)\nTOOL_FAILED: it broke\n");
  });
});

describe("progress lines speak to the person", () => {
  const lines = (events: Array<[JarvisEvent["type"], unknown]>, verbose = false) => {
    let text = "";
    const stream = {
      isTTY: false,
      write: (chunk: string) => (text += chunk),
    } as unknown as NodeJS.WritableStream;
    const printer = new EventPrinter({ stdout: stream, stderr: stream, env: {} }, false, verbose);
    for (const [type, data] of events) printer.print(event(type, data));
    return text;
  };

  it("a failure says what was being done and why, without tool names or codes; a denial is left to the answer", () => {
    const events: Array<[JarvisEvent["type"], unknown]> = [
      [
        "tool_decided",
        {
          callId: "d",
          tool: "shell_run",
          tier: "dangerous",
          decision: "deny",
          reason: "policy.tools.shell_run is deny",
        },
      ],
      ["tool_started", { callId: "c", tool: "files_read", doing: "Reading ~/missing.txt" }],
      [
        "tool_finished",
        {
          callId: "c",
          tool: "files_read",
          ok: false,
          error: { code: "NOT_FOUND", message: "there is no ~/missing.txt" },
          durationMs: 1,
        },
      ],
      ["tool_started", { callId: "m", tool: "weather__forecast" }],
      ["tool_finished", { callId: "m", tool: "weather__forecast", ok: true, durationMs: 2 }],
    ];
    const text = lines(events);
    expect(text).toBe(
      "  -> Reading ~/missing.txt\n  x Reading ~/missing.txt: there is no ~/missing.txt\n  -> Working on it\n  ok Working on it (2 ms)\n",
    );
    expect(text).not.toMatch(/files_read|shell_run|weather__|NOT_FOUND|policy\./);
    expect(lines(events, true)).toContain("  x files_read: NOT_FOUND there is no ~/missing.txt");
    expect(lines(events, true)).toContain("denied: shell_run: policy.tools.shell_run is deny");
  });

  it("a call done without asking is told in words after it ran; the gate's notify reason only when verbose", () => {
    const told =
      "Write the file ~/a.txt: done without asking, as your settings allow. To be asked first, change it in Settings.";
    const events: Array<[JarvisEvent["type"], unknown]> = [
      [
        "tool_decided",
        {
          callId: "w",
          tool: "files_write",
          tier: "caution",
          decision: "notify",
          reason: "files_write is caution; caution under smart → notify",
        },
      ],
      ["notice", { level: "info", message: told, callId: "w" }],
    ];
    expect(lines(events)).toBe(`  - ${told}\n`);
    expect(lines(events, true)).toContain(
      "files_write: files_write is caution; caution under smart → notify",
    );
  });

  it("FORCE_COLOR colours even a pipe", () => {
    expect(styleFor({ isTTY: false }, { FORCE_COLOR: "1" }).color).toBe(true);
    expect(styleFor({ isTTY: false }, { FORCE_COLOR: "0" }).color).toBe(false);
  });
});
