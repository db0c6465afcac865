import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import WebSocket from "ws";
import { decodeWav } from "../../src/voice/audio/wav.js";
import { CHROMIUM, CHROMIUM_ARGS, TOKEN } from "./harness.js";

export type Message = Record<string, unknown>;

/**
 * A push-to-talk client as the page is one: the token as a subprotocol, JSON messages and
 * binary ones (PCM up; WAV clips down, each right after its `voice_audio` header).
 */
export class VoiceClient {
  readonly messages: Message[] = [];
  /** Clips received: the header and the WAV bytes that followed it. */
  readonly clips: Array<{ header: Message; wav: Buffer }> = [];
  private header: Message | undefined;
  private waiters: Array<{ test: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  private nextId = 1;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data, isBinary) => {
      if (isBinary) {
        if (this.header) this.clips.push({ header: this.header, wav: data as Buffer });
        this.header = undefined;
        this.notify({ type: "_binary" });
        return;
      }
      const message = JSON.parse(data.toString()) as Message;
      if (message.type === "voice_audio") this.header = message;
      this.messages.push(message);
      this.notify(message);
    });
  }

  private notify(message: Message): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(message)) return true;
      w.resolve(message);
      return false;
    });
  }

  static open(url: string, token = TOKEN): Promise<VoiceClient> {
    const socket = new WebSocket(`${url.replace(/^http/, "ws")}/ws`, ["jarvis", `token.${token}`]);
    const client = new VoiceClient(socket);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(client));
      socket.once("unexpected-response", (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
      socket.once("error", reject);
    });
  }

  /** The first message (already received or future) that passes `test`. */
  next(test: (m: Message) => boolean, timeoutMs = 20_000, what = "message"): Promise<Message> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no ${what} within ${timeoutMs} ms; got ${this.messages.map((m) => JSON.stringify(m).slice(0, 160)).join("\n")}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** A voice pipeline event (`{type:"voice", event}`) passing `test`. */
  voiceEvent(type: string, test: (e: Message) => boolean = () => true, timeoutMs?: number): Promise<Message> {
    return this.next(
      (m) => m.type === "voice" && (m.event as Message).type === type && test(m.event as Message),
      timeoutMs,
      `voice event ${type}`,
    ).then((m) => m.event as Message);
  }

  /** The pipeline listening again after `event` (a spoken question waits for its answer). */
  listeningAfter(event: Message): Promise<Message> {
    const asked = this.messages.findIndex((m) => m.type === "voice" && m.event === event);
    return this.next(
      (m) =>
        this.messages.indexOf(m) > asked && m.type === "voice" && (m.event as Message).state === "listening",
      20_000,
      "listening after the question",
    );
  }

  /** An agent event from the hub. */
  agentEvent(type: string, test: (e: Message) => boolean = () => true): Promise<Message> {
    return this.next(
      (m) => m.type === "event" && (m.event as Message).type === type && test(m.event as Message),
      20_000,
      `agent event ${type}`,
    ).then((m) => m.event as Message);
  }

  /** Sends a request and resolves with its `ack` (or rejects with the `error`). */
  async request(message: Message): Promise<Message> {
    const id = `v${this.nextId++}`;
    this.socket.send(JSON.stringify({ ...message, id }));
    const reply = await this.next((m) => m.id === id, 20_000, `reply to ${String(message.type)}`);
    if (reply.type === "error") throw Object.assign(new Error(JSON.stringify(reply.error)), { reply });
    return reply;
  }

  sendAudio(bytes: Buffer): void {
    this.socket.send(bytes, { binary: true });
  }

  /** PCM in `chunkMs` messages paced at `speed` × real time. */
  async stream(pcm: Int16Array, options: { chunkMs?: number; speed?: number } = {}): Promise<void> {
    const chunk = (options.chunkMs ?? 100) * 16;
    const pause = (options.chunkMs ?? 100) / (options.speed ?? 2);
    for (let start = 0; start < pcm.length; start += chunk) {
      const part = pcm.subarray(start, Math.min(pcm.length, start + chunk));
      this.sendAudio(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * One press: `voice_start`, the PCM in `chunkMs` messages paced at `speed` × real time, then
   * `voice_end`. Resolves with the start's ack.
   */
  async press(
    pcm: Int16Array,
    options: { sessionId?: string; chunkMs?: number; speed?: number } = {},
  ): Promise<Message> {
    const ack = await this.request({
      type: "voice_start",
      v: 1,
      ...(options.sessionId ? { sessionId: options.sessionId } : {}),
    });
    await this.stream(pcm, options);
    await this.request({ type: "voice_end" });
    return ack;
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Loads the server's voice models (onnxruntime, Silero, the recognition grammar) with one empty
 * press, as any server that has been talked to has them. The first press pays for loading
 * them: about a second, 6-11 s on a 2-core machine shared with other builds, during which the
 * page's microphone runs on in real time while the server is still behind — tests that time
 * speech against Jarvis's answer (the fake microphone plays a fixed recording) warm up first.
 */
export async function warmUpVoice(url: string): Promise<void> {
  const client = await VoiceClient.open(url);
  try {
    await client.next((m) => m.type === "hello");
    await client.request({ type: "voice_start", v: 1 });
    await client.request({ type: "voice_end" });
    await client.voiceEvent("state", (e) => e.state === "idle", 60_000);
  } finally {
    client.close();
  }
}

/** espeak-ng speech as 16 kHz mono s16 PCM (converted by sox), with silence around it. */
export function spokenPcm(
  dir: string,
  text: string,
  name: string,
  voice = "en-us",
): { file: string; pcm: Int16Array } {
  const raw = join(dir, `${name}.espeak.wav`);
  const file = join(dir, `${name}.wav`);
  execFileSync("espeak-ng", ["-v", voice, "-s", "150", "-w", raw, "--", text]);
  // 16 kHz mono 16-bit, 0.3 s of silence before and 0.8 s after (the VAD's hangover).
  execFileSync("sox", [raw, "-r", "16000", "-c", "1", "-b", "16", file, "pad", "0.3", "0.8"]);
  return { file, pcm: decodeWav(readFileSync(file)).samples };
}

/** sox pink noise as 16 kHz mono s16 PCM (repeatable: -R). */
export function pinkNoisePcm(dir: string, ms: number, volume: number): Int16Array {
  const file = join(dir, `pink-${ms}-${volume}.wav`);
  execFileSync("sox", [
    "-R",
    "-n",
    "-r",
    "16000",
    "-c",
    "1",
    "-b",
    "16",
    file,
    "synth",
    String(ms / 1000),
    "pinknoise",
    "vol",
    String(volume),
  ]);
  return decodeWav(readFileSync(file)).samples;
}

export function silencePcm(ms: number): Int16Array {
  return new Int16Array(ms * 16);
}

/** Headless Chromium whose microphone plays `wav` (in a loop) and whose page may autoplay. */
export function launchWithFakeMic(wav: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
}
