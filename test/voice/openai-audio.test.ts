import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAiAudioServer } from "../../src/testing/fake-openai-audio-server.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { decodeWav } from "../../src/voice/audio/wav.js";
import { OpenAiStt } from "../../src/voice/stt/openai.js";
import { transcribe } from "../../src/voice/stt/types.js";
import { OpenAiTts } from "../../src/voice/tts/openai.js";

const ok = hasPrograms(["espeak-ng"], "espeak-ng");
const signal = () => new AbortController().signal;

describe.skipIf(!ok)("OpenAI-compatible audio backends against a fake server", () => {
  const server = new FakeOpenAiAudioServer();
  beforeAll(async () => {
    await server.start();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("posts the utterance as a 16 kHz WAV and returns the text", async () => {
    server.transcribeAs(" Search the web for the best pizza in Naples. ");
    const stt = new OpenAiStt({ baseUrl: `${server.url}/`, model: "whisper-large-v3", apiKey: "sk-test" });
    const samples = new Int16Array(16_000).fill(100);
    const result = await transcribe(
      stt,
      { sampleRate: 16_000, samples },
      { mode: "command", signal: signal() },
    );
    expect(result).toEqual({
      text: "Search the web for the best pizza in Naples.",
      backend: "openai-compatible",
    });
    const request = server.requests.at(-1);
    expect(request?.path).toBe("/v1/audio/transcriptions");
    expect(request?.authorization).toBe("Bearer sk-test");
    expect(request?.fields).toMatchObject({
      model: "whisper-large-v3",
      response_format: "json",
      file: { type: "audio/wav" },
    });
    const wav = decodeWav(request?.audio ?? Buffer.alloc(0));
    expect(wav.sampleRate).toBe(16_000);
    expect(wav.samples.length).toBe(16_000);
  });

  it("streams frames into one request and hints yes/no for confirmations", async () => {
    server.transcribeAs("Yes.");
    const session = new OpenAiStt({ baseUrl: server.url }).start({ mode: "dialog", signal: signal() });
    session.write(new Int16Array(1280));
    session.write(new Int16Array(1280));
    expect(await session.finish()).toMatchObject({ text: "Yes." });
    expect(server.requests.at(-1)?.fields.prompt).toBe("Yes. No.");
    expect(decodeWav(server.requests.at(-1)?.audio ?? Buffer.alloc(0)).samples.length).toBe(2560);
  });

  it("reports a server error in one line", async () => {
    server.failNext();
    const stt = new OpenAiStt({ baseUrl: server.url });
    await expect(
      transcribe(
        stt,
        { sampleRate: 16_000, samples: new Int16Array(10) },
        { mode: "command", signal: signal() },
      ),
    ).rejects.toThrow("transcription server answered 500: ");
  });

  it("reports an unreachable server with a fix", async () => {
    const stt = new OpenAiStt({ baseUrl: "http://127.0.0.1:9" });
    await expect(
      transcribe(
        stt,
        { sampleRate: 16_000, samples: new Int16Array(10) },
        { mode: "command", signal: signal() },
      ),
    ).rejects.toMatchObject({ code: "UNAVAILABLE", fix: expect.stringContaining("stt_base_url") });
  });

  it("speech: asks for WAV and decodes the audio it gets", async () => {
    const tts = new OpenAiTts({ baseUrl: server.url, model: "kokoro", voice: "af_bella" });
    const audio = await tts.synthesize("Your timer is done.", signal());
    expect(server.requests.at(-1)?.fields).toEqual({
      model: "kokoro",
      voice: "af_bella",
      input: "Your timer is done.",
      response_format: "wav",
    });
    expect(audio.sampleRate).toBe(22_050);
    expect(audio.samples.length).toBeGreaterThan(22_050 / 2);
    expect(Math.max(...audio.samples.subarray(0, 20_000))).toBeGreaterThan(1000);
  });

  it("speech: a server error is one line", async () => {
    server.failNext();
    await expect(new OpenAiTts({ baseUrl: server.url }).synthesize("hi", signal())).rejects.toThrow(
      /^speech server answered 500/,
    );
  });
});
