import { describe, expect, it } from "vitest";
import { FakeBarge, settle, silentFrames, speechFrames } from "../testing/voice-fakes.js";
import { pipelineHarness as harness } from "../testing/voice-pipeline.js";
import { confirmationQuestion } from "./confirm.js";

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
  it("says the call in words and why it asks; never the tool's name or the preview", () => {
    const question = confirmationQuestion({
      ask: "Clear the shopping list?",
      why: "It deletes something, so I check with you first.",
    });
    expect(question).toBe(
      "Clear the shopping list? It deletes something, so I check with you first. Yes or no?",
    );
    const long = confirmationQuestion({ ask: `Send ${"a very long message ".repeat(20)}?`, why: "" });
    expect(long.length).toBeLessThan(175);
    expect(long).toMatch(/…\? Yes or no\?$/);
  });
});
