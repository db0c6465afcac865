/**
 * The hardware path's argv contracts: the exact arguments Jarvis gives arecord/aplay and sox's
 * rec/play, and the real programs accepting them. There is no sound card here, so ALSA's default
 * device is its null device (an `.asoundrc` in a temp HOME): the programs parse the arguments,
 * open the device, and stream 16 kHz mono s16le in or raw PCM out, as they would on a laptop.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isJarvisError } from "../../src/core/errors.js";
import { hasPrograms } from "../../src/testing/programs.js";
import {
  CommandMicrophone,
  CommandSpeaker,
  defaultMicrophone,
  playerArgs,
  recorderArgs,
} from "../../src/voice/audio/devices.js";
import { CHUNK_SAMPLES } from "../../src/voice/audio/wav.js";

describe("recorder and player argv", () => {
  it("arecord records 16 kHz mono s16le raw to stdout with 16 ms periods (barge-in needs them short)", () => {
    expect(recorderArgs("arecord")).toEqual([
      "-q",
      "-t",
      "raw",
      "-f",
      "S16_LE",
      "-r",
      "16000",
      "-c",
      "1",
      "--period-time=16000",
      "--buffer-time=160000",
    ]);
  });

  it("sox's rec writes signed 16-bit 16 kHz mono raw to stdout with a one-chunk buffer", () => {
    expect(recorderArgs("rec")).toEqual([
      "-q",
      "--buffer",
      String(CHUNK_SAMPLES * 2),
      "-t",
      "raw",
      "-e",
      "signed",
      "-b",
      "16",
      "-r",
      "16000",
      "-c",
      "1",
      "-",
    ]);
    // Anything else is driven as sox's rec.
    expect(recorderArgs("sox-rec")).toEqual(recorderArgs("rec"));
  });

  it("players read raw mono s16le at the clip's own rate from stdin", () => {
    expect(playerArgs("aplay", 22_050)).toEqual([
      "-q",
      "-t",
      "raw",
      "-f",
      "S16_LE",
      "-r",
      "22050",
      "-c",
      "1",
      "-",
    ]);
    expect(playerArgs("play", 24_000)).toEqual([
      "-q",
      "-t",
      "raw",
      "-e",
      "signed",
      "-b",
      "16",
      "-r",
      "24000",
      "-c",
      "1",
      "-",
    ]);
  });

  it("without any recorder on PATH, says what to install", () => {
    try {
      defaultMicrophone({ PATH: "/nonexistent" });
      expect.unreachable();
    } catch (error) {
      expect(isJarvisError(error) && error.code).toBe("UNAVAILABLE");
      expect((error as Error).message).toBe("no microphone recorder found (arecord or sox's rec)");
    }
  });
});

const ok = hasPrograms(["arecord", "aplay", "sox", "rec", "play"], "alsa-utils sox");

describe.skipIf(!ok)("the real programs accept that argv (ALSA null device)", () => {
  let home: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "jarvis-alsa-"));
    writeFileSync(join(home, ".asoundrc"), "pcm.!default { type null }\n");
    env = { ...process.env, HOME: home };
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  for (const program of ["arecord", "rec"]) {
    it(`${program} streams 16 ms chunks of samples until stopped`, async () => {
      const controller = new AbortController();
      const chunks: Int16Array[] = [];
      for await (const chunk of new CommandMicrophone(program, env).frames(controller.signal)) {
        chunks.push(chunk);
        if (chunks.length === 20) controller.abort();
      }
      expect(chunks).toHaveLength(20);
      expect(chunks.every((c) => c.length === CHUNK_SAMPLES)).toBe(true);
    });
  }

  for (const program of ["aplay", "play"]) {
    it(`${program} plays a 22.05 kHz clip and exits cleanly`, async () => {
      const audio = { sampleRate: 22_050, samples: new Int16Array(2205) };
      await expect(new CommandSpeaker(program, env).play(audio, new AbortController().signal)).resolves.toBe(
        undefined,
      );
    });
  }

  it("a missing device is one clear error naming the player", async () => {
    const broken = mkdtempSync(join(tmpdir(), "jarvis-alsa-broken-"));
    writeFileSync(join(broken, ".asoundrc"), 'pcm.!default { type hw card "nosuchcard" }\n');
    try {
      const speaker = new CommandSpeaker("aplay", { ...process.env, HOME: broken });
      const audio = { sampleRate: 16_000, samples: new Int16Array(1600) };
      await expect(speaker.play(audio, new AbortController().signal)).rejects.toThrow(
        /^speaker \(aplay\) failed: /,
      );
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
