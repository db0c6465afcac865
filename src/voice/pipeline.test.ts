import { describe, expect, it } from "vitest";
import { frame, settle, silentFrames, speechFrames } from "../testing/voice-fakes.js";
import { commandFrames as command, pipelineHarness as harness } from "../testing/voice-pipeline.js";

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
    expect(h.tts.spoken.join(" ")).toContain("Delete notes.txt? It deletes something");
    expect(h.tts.spoken.join(" ")).not.toContain("files_delete");
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
