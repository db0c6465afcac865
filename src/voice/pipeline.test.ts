import { describe, expect, it } from "vitest";
import { FakeBarge, frame, settle, silentFrames, speechFrames } from "../testing/voice-fakes.js";
import { voicePipelineHarness as harness } from "../testing/voice-harness.js";
import { confirmationQuestion } from "./confirm.js";

const command = () => [frame({ wake: true }), ...silentFrames(2), ...speechFrames(6), ...silentFrames(4)];

describe("VoicePipeline", () => {
  it("goes idle → wake → listening → transcribing → turn → speaking → idle", async () => {
    const h = harness({ command: ["what time is it"] });
    await h.feed(command());
    expect(h.pipeline.state).toBe("speaking");
    h.sink.finishAll();
    await settle();
    expect(h.pipeline.state).toBe("idle");
    expect(h.turns).toEqual(["what time is it"]);
    expect(h.tts.spoken).toEqual(["You said: what time is it."]);
    expect(h.types()).toEqual(["wake", "speech_start", "speech_end", "transcript", "speak", "turn_text"]);
    const states = h.events.filter((e) => e.type === "state").map((e) => (e as { state: string }).state);
    expect(states).toEqual(["listening", "transcribing", "turn", "speaking", "idle"]);
    expect(h.wake.resets).toBe(1);
  });

  it("speaks a streamed answer sentence by sentence", async () => {
    const h = harness({ command: ["tell me"] }, () => "First sentence. Second one! Third?");
    await h.feed(command());
    expect(h.tts.spoken).toEqual(["First sentence.", "Second one!", "Third?"]);
    for (let i = 0; i < 3; i++) {
      h.sink.finishAll();
      await settle();
    }
    expect(h.sink.clips).toHaveLength(3);
    expect(h.pipeline.state).toBe("idle");
  });

  it("goes back to idle when no command follows the wake word", async () => {
    const h = harness({ command: ["never used"] });
    await h.feed([frame({ wake: true }), ...silentFrames(12)]);
    expect(h.pipeline.state).toBe("idle");
    expect(h.types()).toEqual(["wake", "listen_timeout"]);
    expect(h.stt.sessions[0]?.cancelled).toBe(true);
    expect(h.turns).toEqual([]);
  });

  it("says it did not understand an empty transcript, and runs no turn", async () => {
    const h = harness({ command: [""] });
    await h.feed(command());
    h.sink.finishAll();
    await settle();
    expect(h.turns).toEqual([]);
    expect(h.tts.spoken).toEqual(["Sorry, I didn't catch that."]);
  });

  it("ignores the wake word while busy, and speech while idle", async () => {
    const h = harness({ command: ["what time is it"] });
    await h.feed([...speechFrames(10), ...silentFrames(3)]);
    expect(h.types()).toEqual([]);
    await h.feed(command());
    await h.feed([frame({ wake: true, speech: 0.1 })]);
    expect(h.types().filter((t) => t === "wake")).toHaveLength(1);
  });

  it("barge-in: speech during playback stops it on that frame and listens for the next command", async () => {
    const h = harness({ command: ["tell me a long story", "set a timer for five minutes"] }, (t) =>
      t.startsWith("tell") ? "Once upon a time there was a very long story." : "Timer set.",
    );
    await h.feed(command());
    expect(h.pipeline.state).toBe("speaking");
    expect(h.sink.playing).toBe(true);
    await h.feed(silentFrames(2));
    await h.pipeline.processFrame(frame({ speech: 0.9 }));
    // The same frame that carried the speech stops playback.
    expect(h.sink.clips[0]?.stopped).toBe(true);
    expect(h.pipeline.state).toBe("listening");
    await h.feed([...speechFrames(5), ...silentFrames(4)]);
    expect(h.turns).toEqual(["tell me a long story", "set a timer for five minutes"]);
    const bargeIndex = h.types().indexOf("barge_in");
    expect(bargeIndex).toBeGreaterThan(0);
    expect(h.events.find((e) => e.type === "turn_text")).toMatchObject({ interrupted: true });
    h.sink.finishAll();
    await settle();
    expect(h.tts.spoken.at(-1)).toBe("Timer set.");
    expect(h.pipeline.state).toBe("idle");
  });

  it("does not barge in when barge-in is off", async () => {
    const h = harness({ command: ["tell me"] });
    (h.pipeline as unknown as { options: { settings: { bargeIn: string } } }).options.settings.bargeIn =
      "off";
    await h.feed(command());
    await h.feed(speechFrames(5));
    expect(h.sink.clips[0]?.stopped).toBe(false);
    expect(h.types()).not.toContain("barge_in");
  });

  it.each([
    ["yes", "approve", "Deleted."],
    ["no", "deny", "Kept it."],
    ["cancel", "deny", "Kept it."],
  ] as const)("a spoken %s answers the confirmation (%s)", async (said, answer, reply) => {
    const h = harness({ command: ["delete notes"], dialog: [said] });
    await h.feed(command());
    expect(h.events.find((e) => e.type === "confirm_prompt")).toMatchObject({ tool: "files_delete" });
    expect(h.tts.spoken.join(" ")).toContain("delete notes.txt. Should I go ahead?");
    await h.finishSpeech();
    expect(h.pipeline.state).toBe("listening");
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.answers).toEqual([answer]);
    expect(h.events.find((e) => e.type === "confirm_answer")).toMatchObject({ heard: said, answer });
    await h.finishSpeech();
    expect(h.tts.spoken.at(-1)).toBe(reply);
    expect(h.pipeline.state).toBe("idle");
  });

  it("silence after a confirmation question is a denial", async () => {
    const h = harness({ command: ["delete notes"], dialog: [] });
    await h.feed(command());
    await h.finishSpeech();
    await h.feed(silentFrames(12));
    expect(h.answers).toEqual(["deny"]);
    expect(h.events.find((e) => e.type === "confirm_answer")).toMatchObject({
      reason: "silence",
      answer: "deny",
    });
  });

  it("asks again once when the answer is 'repeat'", async () => {
    const h = harness({ command: ["delete notes"], dialog: ["say again", "yes"] });
    await h.feed(command());
    await h.finishSpeech();
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.events.filter((e) => e.type === "confirm_prompt")).toHaveLength(2);
    await h.finishSpeech();
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.answers).toEqual(["approve"]);
  });

  it("an answer spoken over the question (barge-in) still answers it", async () => {
    const h = harness({ command: ["delete notes"], dialog: ["yes"] });
    await h.feed(command());
    expect(h.sink.playing).toBe(true);
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.sink.clips[0]?.stopped).toBe(true);
    expect(h.answers).toEqual(["approve"]);
  });

  it("push-to-talk: activate() listens without the wake word; a second press goes on listening", async () => {
    const h = harness({ command: ["what time is it"] });
    expect(h.pipeline.activate()).toBe(true);
    expect(h.pipeline.activate()).toBe(true);
    await h.feed([...speechFrames(6), ...silentFrames(4)]);
    await h.finishSpeech();
    expect(h.turns).toEqual(["what time is it"]);
    expect(h.types()).toEqual([
      "activated",
      "speech_start",
      "speech_end",
      "transcript",
      "speak",
      "turn_text",
    ]);
  });

  it("drain ends an utterance cut off by the end of the input", async () => {
    const h = harness({ command: ["what time is it"] });
    await h.feed([frame({ wake: true }), ...speechFrames(6)]);
    const drained = h.pipeline.drain();
    await settle();
    h.sink.finishAll();
    await drained;
    expect(h.turns).toEqual(["what time is it"]);
  });
});

describe("VoicePipeline push-to-talk and barge-in timing", () => {
  it("pressing while Jarvis speaks interrupts it and listens for the next command", async () => {
    const h = harness({ command: ["tell me a story", "what time is it"] }, (t) =>
      t.startsWith("tell") ? "Once upon a time there was a very long story." : "Ten o'clock.",
    );
    expect(h.pipeline.activate()).toBe(true);
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.pipeline.state).toBe("speaking");
    expect(h.pipeline.activate()).toBe(true);
    expect(h.sink.clips[0]?.stopped).toBe(true);
    expect(h.pipeline.state).toBe("listening");
    await h.feed(speechFrames(4));
    h.pipeline.release();
    await settle();
    await h.finishSpeech();
    expect(h.turns).toEqual(["tell me a story", "what time is it"]);
    expect(h.types()).toContain("barge_in");
  });

  it("release() ends the utterance at once, without waiting for the VAD's hangover", async () => {
    const h = harness({ command: ["what time is it"] });
    h.pipeline.activate();
    await h.feed(speechFrames(5));
    expect(h.pipeline.state).toBe("listening");
    h.pipeline.release();
    await settle();
    expect(h.turns).toEqual(["what time is it"]);
    await h.finishSpeech();
    expect(h.pipeline.state).toBe("idle");
  });

  it("a press released before any speech (a stray click) transcribes nothing", async () => {
    const h = harness({ command: ["what time is it"] });
    h.pipeline.activate();
    await h.feed(silentFrames(2));
    h.pipeline.release();
    await settle();
    // The recogniser heard none of it: quiet before speech is only kept as a pre-roll.
    expect(h.stt.sessions).toEqual([{ mode: "command", frames: 0, cancelled: true }]);
    expect(h.types()).toEqual(["activated", "listen_timeout"]);
    expect(h.pipeline.state).toBe("idle");
  });

  it("after a spoken confirmation question, a press answers it; nothing said is a denial", async () => {
    const h = harness({ command: ["delete notes"], dialog: [] });
    h.pipeline.activate();
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.pipeline.state).toBe("speaking"); // the question
    await h.finishSpeech();
    expect(h.pipeline.state).toBe("listening"); // for the answer: a press is welcome
    expect(h.pipeline.activate()).toBe(true);
    h.pipeline.release(); // nothing said
    await settle();
    expect(h.answers).toEqual(["deny"]);
  });

  it("a confirmation answered elsewhere (the web modal) stops listening for a spoken one", async () => {
    const elsewhere = new AbortController();
    const h = harness({ command: ["delete notes"], dialog: ["yes"] }, undefined, {
      confirmSignal: elsewhere.signal,
    });
    h.pipeline.activate();
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    await h.finishSpeech();
    expect(h.pipeline.state).toBe("listening");
    elsewhere.abort();
    await settle();
    expect(h.answers).toEqual(["timeout"]);
    expect(h.types()).not.toContain("confirm_answer");
    expect(h.stt.sessions.at(-1)).toMatchObject({ mode: "dialog", cancelled: true });
  });

  it("stop() drops the utterance being listened to and goes idle", async () => {
    const h = harness({ command: ["what time is it"] });
    h.pipeline.activate();
    await h.feed(speechFrames(3));
    h.pipeline.stop();
    await settle();
    expect(h.turns).toEqual([]);
    expect(h.pipeline.state).toBe("idle");
    expect(h.stt.sessions[0]?.cancelled).toBe(true);
  });

  it("with a windowed detector, barge-in stops playback mid-frame, on the chunk that carried speech", async () => {
    const barge = new FakeBarge();
    const h = harness({ command: ["tell me a story", "set a timer"] }, undefined, { barge });
    h.pipeline.activate();
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.pipeline.state).toBe("speaking");
    expect(barge.resets).toBe(1);
    const before = h.pipeline.t;
    const onset = new Int16Array(1280);
    onset[512] = 9000; // speech in the third 16 ms chunk of the frame
    for (let start = 0; start < 768; start += 256)
      await h.pipeline.processAudio(onset.subarray(start, start + 256));
    expect(h.sink.clips[0]?.stopped).toBe(true);
    expect(h.events.find((e) => e.type === "barge_in")).toEqual({ type: "barge_in", t: before + 48 });
    // The rest of the frame arrives; it starts the next utterance.
    await h.pipeline.processAudio(onset.subarray(768));
    await h.feed([...speechFrames(4), ...silentFrames(4)]);
    expect(h.turns).toEqual(["tell me a story", "set a timer"]);
  });

  it("a windowed detector is fed only while Jarvis speaks", async () => {
    const barge = new FakeBarge();
    const h = harness({ command: ["what time is it"] }, undefined, { barge });
    await h.feed(speechFrames(3)); // idle
    h.pipeline.activate();
    await h.feed([...speechFrames(4), ...silentFrames(3)]); // listening until the end of speech
    expect(h.pipeline.state).toBe("speaking");
    const whileListening = barge.pushed;
    await h.feed(silentFrames(2));
    expect(whileListening).toBe(0);
    expect(barge.pushed).toBe(2);
    expect(h.types()).not.toContain("barge_in");
  });
});

describe("confirmationQuestion", () => {
  it("reads a tool's own preview, or the call as words when the preview is the default JSON", () => {
    expect(
      confirmationQuestion({
        tool: "mail_send",
        args: {},
        reason: "",
        preview: "Send to bob@example.com: Hi\nbody…",
      }),
    ).toBe("Send to bob@example.com: Hi. Should I go ahead? Yes or no?");
    expect(
      confirmationQuestion({
        tool: "lists_clear",
        args: { list: "shopping" },
        reason: "",
        preview: 'lists_clear {\n  "list": "shopping"\n}',
      }),
    ).toBe("lists clear: list shopping. Should I go ahead? Yes or no?");
  });
});
