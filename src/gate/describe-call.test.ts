import { describe, expect, it } from "vitest";
import type { IntentSpec } from "../core/language.js";
import { describeCall, doingWords } from "./describe-call.js";

const env = { now: new Date(0), timezone: "UTC", zones: {} as never };

describe("a call in words", () => {
  it("is the tool's own describe (the middle band's question), the first that answers", () => {
    const language = [
      { describe: () => undefined },
      { describe: ({ path }: Record<string, unknown>) => `Read ${String(path)}` },
    ] as unknown as IntentSpec[];
    expect(describeCall({ language }, { path: "~/notes.txt" }, env)).toBe("Read ~/notes.txt");
    expect(describeCall({}, { path: "x" }, env)).toBeUndefined();
    const broken = [
      {
        describe: () => {
          throw new Error("no zones");
        },
      },
    ] as unknown as IntentSpec[];
    expect(describeCall({ language: broken }, {}, env)).toBeUndefined();
  });

  it("becomes what is being done", () => {
    expect(
      [
        "Read ~/notes.txt",
        "Set a timer for 5 minutes",
        "Tell you the time",
        "Write the file a.txt",
        "Forget memory f2",
        "Open Firefox",
        "Stop the music",
        "See it",
        "Take a screenshot",
      ].map(doingWords),
    ).toEqual([
      "Reading ~/notes.txt",
      "Setting a timer for 5 minutes",
      "Telling you the time",
      "Writing the file a.txt",
      "Forgetting memory f2",
      "Opening Firefox",
      "Stopping the music",
      "Seeing it",
      "Taking a screenshot",
    ]);
  });
});
