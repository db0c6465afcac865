/**
 * Push-to-talk over the real WebSocket of a real server: espeak-ng speech (converted to 16 kHz
 * s16 by sox) streamed as binary frames → Silero VAD → pocketsphinx → the agent (same session,
 * events and confirmations as the chat) → espeak-ng answer back as WAV over the socket.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeTools, readProbeLog } from "../../src/testing/probe-tools.js";
import { hasPrograms } from "../../src/testing/programs.js";
import type { TableNlu } from "../../src/testing/table-nlu.js";
import { builtinTools } from "../../src/tools/index.js";
import { decodeWav } from "../../src/voice/audio/wav.js";
import { action, type ServerHarness, startServerHarness } from "./harness.js";
import { type Message, pinkNoisePcm, silencePcm, spokenPcm, VoiceClient } from "./voice-client.js";

const ok = hasPrograms(
  ["espeak-ng", "sox", "pocketsphinx_continuous"],
  "espeak-ng sox pocketsphinx pocketsphinx-en-us",
);

/** A chat reply long enough (≈ 8 s spoken) to talk over. */
const LONG_REPLY =
  "Once upon a time there was a small robot who lived in a lighthouse. Every night it counted the ships that passed. One stormy night it counted one ship too many, and went to look.";

describe.skipIf(!ok)("push-to-talk over the WebSocket", () => {
  let h: ServerHarness;
  let dir: string;
  const clients: VoiceClient[] = [];
  const open = async (harness = h) => {
    const client = await VoiceClient.open(harness.url);
    clients.push(client);
    await client.next((m) => m.type === "hello");
    return client;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "jarvis-ptt-"));
    h = await startServerHarness({
      uiDir: null,
      nlu: {
        "set a timer for five minutes": action("timer_set", { duration_s: 300 }),
        "clear my shopping list": action("probe_danger", { key: "shopping" }),
        "pause the music": { kind: "chat", reply: LONG_REPLY, confidence: 0.97 },
        "what time is it": action("timer_list", {}),
        // Yes/no come from the NLU's dialog kind (the keyword list is only a fallback).
        yes: { kind: "dialog", dialog: "yes", confidence: 0.99 },
        no: { kind: "dialog", dialog: "no", confidence: 0.99 },
      },
      // The whole catalog, as a real server has: its examples are in the recognition grammar.
      tools: (deps) => [...builtinTools(deps), ...probeTools(deps)],
    });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a spoken command → transcript → timer_set in the chat's session → a spoken answer as WAV", async () => {
    const client = await open();
    const { pcm } = spokenPcm(dir, "set a timer for five minutes", "timer");
    const ack = await client.press(pcm);
    expect(ack.voice).toMatchObject({
      v: 1,
      sampleRate: 16_000,
      format: "s16le",
      maxUtteranceMs: 30_000,
      speaks: true,
    });
    const transcript = await client.voiceEvent("transcript");
    expect(transcript).toMatchObject({
      text: "set a timer for five minutes",
      backend: "pocketsphinx",
      mode: "command",
    });
    const turn = await client.next((m) => m.type === "voice_turn");
    const runId = String(turn.runId);
    const proposed = await client.agentEvent("tool_proposed", (e) => e.runId === runId);
    expect(proposed.data).toMatchObject({ tool: "timer_set", args: { duration_s: 300 } });
    const finished = await client.agentEvent("tool_finished", (e) => e.runId === runId);
    expect(finished.data).toMatchObject({ tool: "timer_set", ok: true });
    // The turn is a voice turn of a session, as the chat shows it.
    expect(h.agent.getRun(runId)).toMatchObject({ input: "set a timer for five minutes", source: "voice" });
    // The answer comes back as audio the page can play.
    await client.next((m) => m.type === "voice" && (m.event as Message).type === "speak");
    await client.next(() => client.clips.length > 0, 10_000, "a WAV clip");
    const clip = client.clips[0]!;
    expect(clip.header).toMatchObject({ type: "voice_audio", v: 1, clip: 1, format: "audio/wav" });
    expect(clip.wav.length).toBe(clip.header.bytes);
    const audio = decodeWav(clip.wav);
    expect(audio.sampleRate).toBe(clip.header.sampleRate);
    expect(audio.samples.length).toBeGreaterThan(audio.sampleRate / 2);
    await client.voiceEvent("state", (e) => e.state === "idle");

    // The next press continues the session it is given (the chat's).
    const again = spokenPcm(dir, "set a timer for five minutes", "timer2", "en-gb");
    await client.press(again.pcm, { sessionId: String(turn.sessionId) });
    const second = await client.next((m) => m.type === "voice_turn" && m.runId !== runId);
    expect(second.sessionId).toBe(turn.sessionId);
    // Without one ("New chat"), the next voice turn starts a new session.
    const after = (m: Message) => client.messages.indexOf(m) > client.messages.indexOf(second);
    await client.next((m) => after(m) && m.type === "voice" && (m.event as Message).state === "idle");
    await client.press(spokenPcm(dir, "set a timer for five minutes", "timer3").pcm);
    const third = await client.next(
      (m) => m.type === "voice_turn" && m.runId !== runId && m.runId !== second.runId,
    );
    expect(third.sessionId).not.toBe(turn.sessionId);
  });

  it("a press, a pause in a noisy room, then the command: the command is what is heard", async () => {
    const client = await open();
    const { pcm } = spokenPcm(dir, "set a timer for five minutes", "after-pause");
    // 2 s of room noise before speaking (people press, then think): longer than the VAD's
    // hangover, and enough noise in front of a command to derail the recogniser if it heard it.
    const room = pinkNoisePcm(dir, 2000 + pcm.length / 16, 0.015);
    const speech = new Int16Array(room.length);
    speech.set(pcm, 2000 * 16);
    const mixed = room.map((x, i) => Math.max(-32768, Math.min(32767, x + (speech[i] ?? 0))));
    await client.press(mixed, { chunkMs: 40, speed: 1.5 });
    const transcript = await client.voiceEvent("transcript");
    expect(transcript.text).toBe("set a timer for five minutes");
    const turn = await client.next((m) => m.type === "voice_turn");
    const proposed = await client.agentEvent("tool_proposed", (e) => e.runId === turn.runId);
    expect(proposed.data).toMatchObject({ tool: "timer_set", args: { duration_s: 300 } });
    await client.voiceEvent("state", (e) => e.state === "idle");
  });

  it("a confirmation is asked aloud and answered by voice (the web modal waits meanwhile)", async () => {
    const client = await open();
    const before = readProbeLog(h.temp.jarvisHome).length;
    await client.press(spokenPcm(dir, "clear my shopping list", "clear").pcm);
    const prompt = await client.voiceEvent("confirm_prompt");
    expect(prompt.tool).toBe("probe_danger");
    const requested = await client.agentEvent("confirm_requested");
    const confirmationId = (requested.data as Message).confirmationId;
    // The web broker holds it too: any tab's modal may answer instead.
    expect(h.server.context.broker.list().map((p) => p.confirmationId)).toContain(confirmationId);
    // The question is spoken, then Jarvis listens for the answer: press and say "yes".
    await client.listeningAfter(prompt);
    await client.press(spokenPcm(dir, "yes", "yes").pcm);
    const answer = await client.voiceEvent("confirm_answer");
    expect(answer).toMatchObject({ heard: "yes", answer: "approve", reason: "yes" });
    // Read by the agent's NLU (its dialog kind), as `jarvis listen` does.
    expect((h.agent.deps.nlu as TableNlu).seen.map((s) => s.text)).toContain("yes");
    const resolved = await client.agentEvent(
      "confirm_resolved",
      (e) => (e.data as Message).confirmationId === confirmationId,
    );
    expect((resolved.data as Message).answer).toBe("approve");
    await client.agentEvent("tool_finished", (e) => (e.data as Message).tool === "probe_danger");
    expect(readProbeLog(h.temp.jarvisHome).slice(before)).toEqual(["danger shopping"]);
    expect(h.server.context.broker.list()).toEqual([]);
  });

  it('a confirmation answered "no" by voice is denied and the tool does not run', async () => {
    const client = await open();
    const before = readProbeLog(h.temp.jarvisHome).length;
    await client.press(spokenPcm(dir, "clear my shopping list", "clear-no").pcm);
    const prompt = await client.voiceEvent("confirm_prompt");
    await client.listeningAfter(prompt);
    await client.press(spokenPcm(dir, "no", "no").pcm);
    const answer = await client.voiceEvent("confirm_answer");
    expect(answer).toMatchObject({ heard: "no", answer: "deny", reason: "no" });
    const resolved = await client.agentEvent("confirm_resolved");
    expect((resolved.data as Message).answer).toBe("deny");
    await client.voiceEvent("state", (e) => e.state === "idle");
    expect(readProbeLog(h.temp.jarvisHome).slice(before)).toEqual([]);
    expect((h.agent.deps.nlu as TableNlu).seen.map((s) => s.text)).toContain("no");
  });

  it("hands-free: speech streamed over the answer stops it and is heard as the next command", async () => {
    const client = await open();
    const ack = await client.press(spokenPcm(dir, "pause the music", "story").pcm);
    expect((ack.voice as Message).bargeIn).toBe(true);
    await client.voiceEvent("transcript", (e) => e.text === "pause the music");
    await client.voiceEvent("speak");
    const first = await client.next((m) => m.type === "voice_turn");
    // The page's microphone over the answer: 1 s of quiet room, then the user talks.
    const over = await client.request({ type: "voice_start", v: 1, bargeIn: true });
    expect(over.voice).toMatchObject({ monitoring: true });
    const talk = spokenPcm(dir, "what time is it", "over").pcm;
    await client.stream(new Int16Array([...silencePcm(1000), ...talk]), { chunkMs: 40, speed: 1 });
    const barge = await client.voiceEvent("barge_in");
    expect(Number(barge.t)).toBeGreaterThan(0);
    await client.next((m) => m.type === "voice_stop", 5000, "voice_stop");
    const heard = await client.voiceEvent("transcript", (e) => e.text === "what time is it");
    expect(heard.mode).toBe("command");
    const second = await client.next((m) => m.type === "voice_turn" && m.runId !== first.runId);
    expect(h.agent.getRun(String(second.runId))).toMatchObject({ input: "what time is it", source: "voice" });
    await client.request({ type: "voice_end" });
    await client.voiceEvent("state", (e) => e.state === "idle" && Number(e.t) > Number(barge.t));
    expect(client.messages.filter((m) => m.type === "voice_error")).toEqual([]);
  });

  it("hands-free: noise and quiet over the answer do not stop it", async () => {
    const client = await open();
    await client.press(spokenPcm(dir, "pause the music", "story2").pcm);
    await client.voiceEvent("transcript", (e) => e.text === "pause the music"); // the long answer
    await client.voiceEvent("speak");
    await client.request({ type: "voice_start", v: 1, bargeIn: true });
    const noisy = pinkNoisePcm(dir, 3000, 0.05);
    await client.stream(new Int16Array([...silencePcm(500), ...noisy]), { chunkMs: 40, speed: 1 });
    await client.request({ type: "voice_end" });
    await client.voiceEvent("state", (e) => e.state === "idle", 30_000);
    expect(client.messages.some((m) => m.type === "voice" && (m.event as Message).type === "barge_in")).toBe(
      false,
    );
    expect(client.messages.some((m) => m.type === "voice_stop")).toBe(false);
  });

  it("caps audio: an oversized message, audio faster than real time, audio outside a press — one error each", async () => {
    const client = await open();
    const errors = () =>
      client.messages.filter((m) => m.type === "voice_error").map((m) => (m.error as Message).code);

    client.sendAudio(Buffer.alloc(3200));
    await client.next((m) => m.type === "voice_error");
    client.sendAudio(Buffer.alloc(3200)); // still outside a press: no second error
    expect(errors()).toEqual(["USAGE"]);

    await client.request({ type: "voice_start", v: 1 });
    client.sendAudio(Buffer.alloc(64_000));
    await client.next((m) => m.type === "voice_error" && (m.error as Message).code === "PAYLOAD_TOO_LARGE");
    client.sendAudio(Buffer.alloc(3200)); // the press is over: dropped silently
    await client.request({ type: "voice_end" });
    await client.voiceEvent("state", (e) => e.state === "idle");

    await client.request({ type: "voice_start", v: 1 });
    for (let i = 0; i < 5; i++) client.sendAudio(Buffer.from(silencePcm(1000).buffer)); // 5 s at once
    await client.next((m) => m.type === "voice_error" && (m.error as Message).code === "TOO_MANY_REQUESTS");
    await client.request({ type: "voice_end" });
    expect(errors()).toEqual(["USAGE", "PAYLOAD_TOO_LARGE", "TOO_MANY_REQUESTS"]);
    await client.voiceEvent("state", (e) => e.state === "idle" && Number(e.t) > 0);
  });

  it("refuses bad voice messages with one clear line", async () => {
    const client = await open();
    await expect(client.request({ type: "voice_start", v: 2 })).rejects.toThrow(
      /voice protocol v2 is not supported/,
    );
    await expect(client.request({ type: "voice_start", sampleRate: 44_100 })).rejects.toThrow(/sampleRate/);
    await expect(client.request({ type: "voice_shout" })).rejects.toThrow(/invalid request message/);
    // Ordinary messages still work on the same socket.
    await expect(client.request({ type: "ping" })).resolves.toMatchObject({ type: "ack" });
  });

  it("needs the token: without it there is no socket to talk into", async () => {
    await expect(VoiceClient.open(h.url, "f".repeat(64))).rejects.toThrow("refused: 401");
  });

  describe("with a 1 s cap and without speech recognition", () => {
    let capped: ServerHarness;
    let deaf: ServerHarness;
    beforeAll(async () => {
      capped = await startServerHarness({
        uiDir: null,
        config: 'voice:\n  push_to_talk_max_s: 1\n  barge_in: "off"\n',
      });
      deaf = await startServerHarness({ uiDir: null, config: "voice:\n  stt: none\n" });
    });
    afterAll(async () => {
      await capped?.close();
      await deaf?.close();
    });

    it("a press longer than voice.push_to_talk_max_s is cut there", async () => {
      const client = await open(capped);
      const ack = await client.request({ type: "voice_start", v: 1 });
      expect((ack.voice as Message).maxUtteranceMs).toBe(1000);
      for (let i = 0; i < 3; i++) client.sendAudio(Buffer.from(silencePcm(500).buffer));
      const error = await client.next((m) => m.type === "voice_error");
      expect(error.error).toMatchObject({
        code: "LIMIT_REACHED",
        message: expect.stringMatching(/at most 1 s/),
      });
      await client.request({ type: "voice_end" });
      // What came before the cap was still listened to: 1 s of silence → nothing heard.
      await client.voiceEvent("listen_timeout");
      expect(client.messages.filter((m) => m.type === "voice_error")).toHaveLength(1);
    });

    it("with voice.barge_in off, listening over an answer is refused and the page is told not to", async () => {
      const client = await open(capped);
      const ack = await client.request({ type: "voice_start", v: 1 });
      expect((ack.voice as Message).bargeIn).toBe(false);
      await client.request({ type: "voice_end" });
      await expect(client.request({ type: "voice_start", v: 1, bargeIn: true })).rejects.toThrow(
        /barge-in by voice is off here/,
      );
    });

    it("refuses push-to-talk when speech recognition is off, with one error and nothing else", async () => {
      const client = await open(deaf);
      const refused = await client
        .request({ type: "voice_start", v: 1 })
        .catch((e: { reply: Message }) => e.reply);
      expect(refused.error).toMatchObject({
        code: "UNAVAILABLE",
        message: "speech recognition is off (voice.stt: none)",
        fix: "jarvis config set voice.stt pocketsphinx",
      });
      for (let i = 0; i < 5; i++) client.sendAudio(Buffer.from(silencePcm(100).buffer));
      await client.request({ type: "voice_end" });
      await expect(client.request({ type: "ping" })).resolves.toMatchObject({ type: "ack" });
      expect(client.messages.filter((m) => m.type === "error" || m.type === "voice_error")).toHaveLength(1);
      expect(client.messages.some((m) => m.type === "voice")).toBe(false);
    });
  });
});
