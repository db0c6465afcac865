import { describe, expect, it } from "vitest";
import { defaultConfig } from "../config/schema.js";
import { ManualClock } from "../core/clock.js";
import { silentLogger } from "../core/logger.js";
import { FakeStt } from "../testing/voice-fakes.js";
import * as voice from "../voice/index.js";
import type { ServerContext } from "./context.js";
import { VoiceChannel, type VoiceServices } from "./voice-channel.js";
import { VOICE_LIMITS, VOICE_PROTOCOL } from "./voice-socket.js";

type Message = Record<string, unknown>;

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("VoiceChannel", () => {
  it("audio of a first press that waits for the voice models to load is not refused as a backlog", async () => {
    const config = defaultConfig().voice;
    const clock = new ManualClock(1_000_000);
    const messages: Message[] = [];
    let loaded: (services: VoiceServices) => void = () => {};
    const services = new Promise<VoiceServices>((resolve) => {
      loaded = resolve;
    });
    const context = { logger: silentLogger, turns: {} } as unknown as ServerContext;
    const channel = new VoiceChannel({
      context,
      socket: { send: (data) => messages.push(JSON.parse(String(data)) as Message) },
      services: () => services,
      limits: { ...VOICE_LIMITS, maxUtteranceMs: 30_000 },
      protocol: VOICE_PROTOCOL,
      onClose: () => {},
      clock,
    });
    const vad = await voice.loadVadModel(config);
    try {
      channel.handle(Buffer.from(JSON.stringify({ id: "1", type: "voice_start", v: 1 })), false);
      // 10 s of a quiet room in 40 ms messages, in real time, while the models load: more
      // than the 8 s a server that is not keeping up may queue.
      for (let i = 0; i < 250; i++) {
        clock.advance(40);
        channel.handle(Buffer.alloc(1280), true);
      }
      loaded({
        voice,
        stt: new FakeStt({ command: [], dialog: [] }),
        tts: undefined,
        vad,
        settings: voice.voiceSettings(config),
      });
      channel.handle(Buffer.from(JSON.stringify({ id: "2", type: "voice_end" })), false);
      const event = (type: string) =>
        messages.find((m) => m.type === "voice" && (m.event as Message).type === type);
      await until(() => event("listen_timeout") !== undefined);
      expect(messages.filter((m) => m.type === "voice_error")).toEqual([]);
      expect(messages.find((m) => m.id === "1")).toMatchObject({ type: "ack" });
      // All of it was listened to: nobody spoke, so nothing was heard.
      expect(event("listen_timeout")).toBeDefined();
    } finally {
      channel.close();
      await vad.release();
    }
  });
});
