import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { createWebTools } from "../../src/tools/web/index.js";
import type { ProgramRunner } from "../../src/tools/web/youtube/ytdlp.js";
import { youtubeWatchUrl } from "../../src/tools/web/youtube/ytdlp.js";
import { createHarness } from "./harness.js";

const fixture = (name: string) => readFileSync(join(REPO_ROOT, "test", "browser", "fixtures", name), "utf8");

/** Replays what yt-dlp does: writes the caption files it was asked for and prints the info line. */
function fakeYtDlp(files: Record<string, string>, result: { code?: number; stderr?: string } = {}) {
  const calls: Array<{ program: string; args: string[] }> = [];
  const runner: ProgramRunner = async (program, args) => {
    calls.push({ program, args });
    const dir = args[args.indexOf("--paths") + 1]!;
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const info = { id: "dQw4w9WgXcQ", title: "Building a robot", channel: "Workshop", duration: 754 };
    return { code: result.code ?? 0, stdout: `${JSON.stringify(info)}\n`, stderr: result.stderr ?? "" };
  };
  return { runner, calls };
}

function harness(runner: ProgramRunner, ytDlp: string | null = "/opt/bin/yt-dlp") {
  return createHarness("{}\n", (deps) => createWebTools(deps, { runner, ytDlp }));
}

describe("youtube_transcript", () => {
  it("accepts YouTube links and ids only", () => {
    for (const input of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "dQw4w9WgXcQ",
    ]) {
      expect(youtubeWatchUrl(input), input).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    }
    for (const input of [
      "https://vimeo.com/123",
      "http://169.254.169.254/",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "file:///etc/passwd",
    ]) {
      expect(youtubeWatchUrl(input), input).toBeUndefined();
    }
  });

  it("runs yt-dlp with an argv array and prefers json3 captions in the asked language", async () => {
    const fake = fakeYtDlp({
      "dQw4w9WgXcQ.en.json3": fixture("captions.en.json3"),
      "dQw4w9WgXcQ.en.vtt": fixture("auto-captions.en.vtt"),
      "dQw4w9WgXcQ.de.vtt": "WEBVTT\n\n00:00.000 --> 00:01.000\nHallo\n",
    });
    const h = harness(fake.runner);
    try {
      const url = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
      const out = await h.call("youtube_transcript", { url }, h.turn(`summarize ${url}`));
      expect(out.status, out.observation).toBe("ok");
      expect(fake.calls[0]?.program).toBe("/opt/bin/yt-dlp");
      const args = fake.calls[0]!.args;
      expect(args.slice(-2)).toEqual(["--", url]);
      expect(args).toEqual(
        expect.arrayContaining([
          "--skip-download",
          "--write-subs",
          "--write-auto-subs",
          "--no-playlist",
          "--ignore-config",
        ]),
      );
      expect(args[args.indexOf("--sub-langs") + 1]).toBe("en.*,en");
      expect(out.observation).toContain("# Building a robot — Workshop, 13 min\nCaptions: en (json3)");
      expect(out.observation).toContain("[00:00] hello everyone and welcome back to the channel");
      expect(out.observation).toContain("[00:34] first the motors & wheels");
      expect(out.observation.startsWith('<untrusted source="youtube_transcript">')).toBe(true);
    } finally {
      await h.close();
    }
  });

  it("falls back to another format and reports missing captions and yt-dlp errors in one line", async () => {
    const vttOnly = harness(fakeYtDlp({ "dQw4w9WgXcQ.en-US.vtt": fixture("auto-captions.en.vtt") }).runner);
    try {
      const out = await vttOnly.call(
        "youtube_transcript",
        { url: "dQw4w9WgXcQ" },
        vttOnly.turn("transcript dQw4w9WgXcQ"),
      );
      expect(out.observation).toContain("Captions: en-US (vtt)");
      expect(out.observation).toContain("today we build a robot");
      const none = await vttOnly.call(
        "youtube_transcript",
        { url: "dQw4w9WgXcQ", language: "fr" },
        vttOnly.turn("in french"),
      );
      expect(none.observation).toContain("en-US (vtt)"); // only English exists: it says which language it used
    } finally {
      await vttOnly.close();
    }
    const empty = harness(fakeYtDlp({}).runner);
    try {
      const out = await empty.call("youtube_transcript", { url: "dQw4w9WgXcQ" }, empty.turn("transcript"));
      expect(out.observation).toBe(
        'ERROR NOT_FOUND: this video has no "en" captions (manual or automatic) (try another language code, e.g. language: "de")',
      );
    } finally {
      await empty.close();
    }
    const broken = harness(
      fakeYtDlp({}, { code: 1, stderr: "WARNING: x\nERROR: [youtube] dQw4w9WgXcQ: Video unavailable\n" })
        .runner,
    );
    try {
      const out = await broken.call("youtube_transcript", { url: "dQw4w9WgXcQ" }, broken.turn("transcript"));
      expect(out.observation).toBe(
        "ERROR TOOL_FAILED: yt-dlp failed: ERROR: [youtube] dQw4w9WgXcQ: Video unavailable",
      );
    } finally {
      await broken.close();
    }
  });

  it("says clearly when yt-dlp is missing and refuses non-YouTube URLs before running anything", async () => {
    const fake = fakeYtDlp({});
    const missing = harness(fake.runner, null);
    try {
      expect(await missing.runtime.registry.get("youtube_transcript")?.definition.available?.()).toBe(
        "yt-dlp is not installed (install it with `pipx install yt-dlp` or `apt-get install yt-dlp`)",
      );
      const out = await missing.call(
        "youtube_transcript",
        { url: "dQw4w9WgXcQ" },
        missing.turn("transcript"),
      );
      expect(out.code).toBe("UNAVAILABLE");
    } finally {
      await missing.close();
    }
    const present = harness(fake.runner);
    try {
      const turn = present.turn("transcript of https://vimeo.com/123");
      const out = await present.call("youtube_transcript", { url: "https://vimeo.com/123" }, turn);
      expect(out.observation).toBe("ERROR ARGS_INVALID: not a YouTube video URL or id");
      const lang = await present.call(
        "youtube_transcript",
        { url: "dQw4w9WgXcQ", language: "english please" },
        turn,
      );
      expect(lang.code).toBe("ARGS_INVALID");
      expect(fake.calls).toEqual([]);
    } finally {
      await present.close();
    }
  });
});
