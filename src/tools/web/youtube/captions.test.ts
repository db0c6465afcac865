import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../testing/cli.js";
import { formatTranscript, parseJson3, parseSrt, parseTimestamp, parseVtt } from "./captions.js";

const fixture = (name: string) => readFileSync(join(REPO_ROOT, "test", "browser", "fixtures", name), "utf8");

describe("caption parsers", () => {
  it("reads timestamps in VTT and SRT forms", () => {
    expect(parseTimestamp("00:01:02.500")).toBe(62.5);
    expect(parseTimestamp("01:02.5")).toBe(62.5);
    expect(parseTimestamp("1:00:00,001")).toBe(3600.001);
    expect(parseTimestamp("nonsense")).toBeUndefined();
  });

  it("turns YouTube's rolling auto-captions into each line once", () => {
    const transcript = formatTranscript(parseVtt(fixture("auto-captions.en.vtt")));
    expect(transcript).toBe(
      "[00:00] hello everyone and welcome back to the channel today we build a robot\n\n[00:34] first the motors",
    );
  });

  it("reads SRT with tags and entities", () => {
    const cues = parseSrt(fixture("manual.en.srt"));
    expect(cues.map((c) => c.text)).toEqual([
      "Hello & welcome.",
      "Second line\ncontinues here.",
      "A minute later.",
    ]);
    expect(formatTranscript(cues)).toBe(
      "[00:00] Hello & welcome. Second line continues here.\n\n[01:05] A minute later.",
    );
  });

  it("reads json3 and skips the empty append events", () => {
    const cues = parseJson3(fixture("captions.en.json3"));
    expect(cues.map((c) => c.text)).toEqual([
      "hello everyone and welcome",
      "back to the channel",
      "first the motors & wheels",
    ]);
    expect(cues[1]?.start).toBe(2.8);
  });

  it("refuses files that are not captions", () => {
    expect(() => parseVtt("<html>")).toThrow(/WEBVTT/);
    expect(() => parseJson3("{}")).toThrow(/events/);
    expect(() => parseJson3("not json")).toThrow();
  });
});
