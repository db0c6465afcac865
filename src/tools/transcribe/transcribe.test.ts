import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryHandleStore } from "../../core/handles.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { FakeOpenAiAudioServer } from "../../testing/fake-openai-audio-server.js";
import { createTempHome } from "../../testing/home.js";
import { hasPrograms } from "../../testing/programs.js";
import { createTranscribeTools } from "./index.js";

const ready = hasPrograms(["espeak-ng", "sox"], "espeak-ng sox");
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
    {
      runId: "run_t",
      userText: [path],
      handles: new MemoryHandleStore(),
      taint: { tainted: false, sources: [] },
      grants: new Set(),
      broker: new FixedConfirmationBroker("deny"),
    },
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
