import { describe, expect, it } from "vitest";
import type { JarvisEvent } from "../core/events.js";
import { EventPrinter } from "./commands/agent-support.js";
import { styleFor } from "./style.js";

const event = (type: JarvisEvent["type"], data: unknown) =>
  ({ type, runId: "r", seq: 1, ts: 0, data }) as JarvisEvent;

function printed(isTTY: boolean, env: NodeJS.ProcessEnv): string {
  let text = "";
  const write = (chunk: string) => {
    text += chunk;
    return true;
  };
  const stream = { isTTY, write } as unknown as NodeJS.WritableStream;
  const printer = new EventPrinter({ stdout: stream, stderr: stream, env });
  printer.print(event("tool_started", { callId: "c", tool: "files_read" }));
  printer.print(
    event("tool_finished", { callId: "c", tool: "files_read", ok: true, output: "", durationMs: 3 }),
  );
  printer.print(event("run_failed", { code: "TOOL_FAILED", message: "it broke" }));
  return text;
}

describe("colour and symbols", () => {
  it("on a terminal: colour and symbols", () => {
    const text = printed(true, {});
    expect(text).toContain("⚙ files_read");
    expect(text).toContain("\u001b[");
  });

  it("with NO_COLOR (any value): symbols, no colour", () => {
    const text = printed(true, { NO_COLOR: "" });
    expect(text).toContain("✓");
    expect(text).not.toContain("\u001b[");
  });

  it("piped or TERM=dumb: plain ASCII, no colour", () => {
    for (const text of [printed(false, {}), printed(true, { TERM: "dumb" })]) {
      expect(text).toBe("  -> files_read\n  ok files_read (3 ms)\nTOOL_FAILED: it broke\n");
    }
  });

  it("FORCE_COLOR colours even a pipe", () => {
    expect(styleFor({ isTTY: false }, { FORCE_COLOR: "1" }).color).toBe(true);
    expect(styleFor({ isTTY: false }, { FORCE_COLOR: "0" }).color).toBe(false);
  });
});
