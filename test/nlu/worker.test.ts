import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";

const run = promisify(execFile);

/**
 * The compiled build trains the classifier in a worker thread (the server keeps answering while
 * it trains). Its readings must be exactly those of training in-process.
 */
describe("NLU trained in a worker thread", () => {
  it("reads every utterance exactly as the in-process build does", async () => {
    const entry = pathToFileURL(join(REPO_ROOT, "dist", "brain", "nlu", "index.js")).href;
    const testing = pathToFileURL(join(REPO_ROOT, "dist", "testing", "nlu.js")).href;
    const script = `
      const m = await import(${JSON.stringify(entry)});
      const tools = await (await import(${JSON.stringify(testing)})).builtinToolsForNlu();
      const context = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
      const a = await m.createNluInWorker(tools, { timezone: "UTC" });
      const b = m.createNlu(tools, { timezone: "UTC" });
      const lines = ["set a timer for 5 minutes", "play some jazz", "delete my meeting", "hello", "take the bins out", "what's 2 plus 2"];
      console.log(JSON.stringify({
        same: lines.every((l) => JSON.stringify(a.parse(l, context)) === JSON.stringify(b.parse(l, context))),
        classes: [a.stats.classes, b.stats.classes],
        trainedIn: [a.stats.trainedIn, b.stats.trainedIn],
        timer: a.parse(lines[0], context).tool,
      }));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim()) as {
      same: boolean;
      classes: number[];
      trainedIn: string[];
      timer: string;
    };
    expect(result.trainedIn).toEqual(["worker", "process"]);
    expect(result.same).toBe(true);
    expect(result.classes[0]).toBe(result.classes[1]);
    expect(result.timer).toBe("timer_set");
  });
});
