import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import { createRunScope } from "../../gate/scope.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { FakeOpenAiAudioServer } from "../../testing/fake-openai-audio-server.js";
import { createTempHome } from "../../testing/home.js";
import { hasPrograms } from "../../testing/programs.js";
import { createTranscribeTools, ffmpegArgs } from "./index.js";

const ready = hasPrograms(["espeak-ng", "sox"], "espeak-ng sox");
const withFfmpeg = hasPrograms(["espeak-ng", "ffmpeg"], "espeak-ng ffmpeg");
const temp = createTempHome();
const server = new FakeOpenAiAudioServer();
afterAll(async () => {
  await server.stop();
  temp.cleanup();
});

function open(config: string): Runtime {
  temp.writeConfig(config);
  return createRuntime({ env: temp.env, tools: (deps) => createTranscribeTools(deps) });
}

function call(runtime: Runtime, path: string) {
  return runtime.gate.call(
    { tool: "media_transcribe", args: { path } },
    createRunScope({
      runId: "run_t",
      userText: [path],
      broker: new FixedConfirmationBroker("deny"),
    }),
  );
}

describe.skipIf(!ready)("media_transcribe", () => {
  let wav: string;
  let flac: string;
  beforeAll(async () => {
    await server.start();
    wav = join(temp.home, "Documents", "memo.wav");
    flac = join(temp.home, "Documents", "memo.flac");
    execFileSync("espeak-ng", ["-w", wav, "call the dentist on monday"]);
    execFileSync("sox", [wav, flac]);
  });

  it("posts WAV and converted audio to the transcription server and returns untrusted text", async () => {
    const runtime = open(`voice:\n  stt: openai-compatible\n  stt_base_url: ${server.url}\n`);
    server.transcribeAs("Call the dentist on Monday.", "Call the dentist on Monday.");
    const fromWav = await call(runtime, wav);
    const fromFlac = await call(runtime, flac);
    await runtime.close();
    expect(fromWav.status).toBe("ok");
    expect(fromWav.result?.output).toContain("Call the dentist on Monday.");
    expect(fromWav.observation).toContain("<untrusted");
    expect(fromFlac.status).toBe("ok");
    const posted = server.requests.filter((r) => r.path === "/v1/audio/transcriptions");
    expect(posted).toHaveLength(2);
    expect(posted[1]?.audio?.subarray(0, 4).toString()).toBe("RIFF");
  });

  it("says clearly what is missing without a transcription server, and refuses non-audio", async () => {
    const offline = open("voice:\n  stt: pocketsphinx\n");
    const refused = await call(offline, wav);
    await offline.close();
    expect(refused.status).toBe("failed");
    expect(refused.observation).toContain("voice.stt_base_url");

    const runtime = open(`voice:\n  stt: openai-compatible\n  stt_base_url: ${server.url}\n`);
    const text = join(temp.home, "Documents", "notes.txt");
    writeFileSync(text, "hello\n");
    const notAudio = await call(runtime, text);
    await runtime.close();
    expect(notAudio.status).toBe("failed");
    expect(notAudio.observation).toContain("cannot read");
  });
});

/** 16 kHz mono 16-bit WAV → seconds of audio, from the header and the data size. */
function wavSeconds(wav: Buffer): { rate: number; channels: number; seconds: number } {
  const rate = wav.readUInt32LE(24);
  const channels = wav.readUInt16LE(22);
  const data = wav.indexOf("data");
  return { rate, channels, seconds: wav.readUInt32LE(data + 4) / (rate * channels * 2) };
}

describe.skipIf(!withFfmpeg)("media_transcribe of a video file", () => {
  let speech: string;
  let video: string;
  let silent: string;
  const stt = new FakeOpenAiAudioServer();
  afterAll(() => stt.stop());
  beforeAll(async () => {
    await stt.start();
    const dir = join(temp.home, "Videos");
    mkdirSync(dir, { recursive: true });
    speech = join(dir, "speech.wav");
    video = join(dir, "clip -1.mp4"); // a space and a dash: the path is one argv entry, never parsed
    silent = join(dir, "silent.webm");
    execFileSync("espeak-ng", ["-w", speech, "remember to water the plants on friday"]);
    const quiet = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"];
    // A blue test picture with the speech as its soundtrack, muxed like a phone recording.
    execFileSync("ffmpeg", [
      ...quiet,
      ...["-f", "lavfi", "-i", "color=c=blue:s=160x120:r=10", "-i", speech, "-shortest"],
      ...["-c:v", "mpeg4", "-c:a", "aac", video],
    ]);
    execFileSync("ffmpeg", [
      ...quiet,
      "-f",
      "lavfi",
      "-i",
      "color=c=red:s=64x48:d=1",
      "-c:v",
      "libvpx",
      silent,
    ]);
  });

  it("names the input with the file: protocol and lets ffmpeg open local files only", () => {
    const args = ffmpegArgs("/home/u/pipe:x.mp4", "/tmp/out.wav");
    expect(args.slice(args.indexOf("-i"), args.indexOf("-i") + 2)).toEqual(["-i", "file:/home/u/pipe:x.mp4"]);
    expect(args[args.indexOf("-protocol_whitelist") + 1]).toBe("file");
    expect(args.at(-1)).toBe("file:/tmp/out.wav");
  });

  it("extracts the soundtrack (16 kHz mono WAV) and transcribes it; a video without sound says so", async () => {
    const runtime = open(`voice:\n  stt: openai-compatible\n  stt_base_url: ${stt.url}\n`);
    stt.transcribeAs("Remember to water the plants on Friday.");
    const before = stt.requests.length;
    const out = await call(runtime, video);
    const mute = await call(runtime, silent);
    await runtime.close();
    expect(out.status, out.observation).toBe("ok");
    expect(out.result?.output).toContain("Remember to water the plants on Friday.");
    expect(out.observation).toContain("<untrusted");
    const posted = stt.requests.slice(before).filter((r) => r.path === "/v1/audio/transcriptions");
    expect(posted).toHaveLength(1);
    const sent = wavSeconds(posted[0]!.audio!);
    const original = wavSeconds(readFileSync(speech));
    expect([sent.rate, sent.channels]).toEqual([16_000, 1]);
    // The soundtrack, not silence or the whole container: about as long as the speech.
    expect(Math.abs(sent.seconds - original.seconds)).toBeLessThan(0.3);
    expect([mute.status, mute.observation]).toEqual([
      "failed",
      expect.stringContaining("has no audio track"),
    ]);
    expect(stt.requests.length - before).toBe(1);
  });
});
