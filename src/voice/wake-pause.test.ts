import { describe, expect, it } from "vitest";
import { FakeBarge, frame, settle, silentFrames, speechFrames } from "../testing/voice-fakes.js";
import { pipelineHarness as harness } from "../testing/voice-pipeline.js";
import { wakeEarcon } from "./earcon.js";
import { commandLeadIn } from "./utterance.js";

const quiet = (n: number) => Array.from({ length: n }, () => 0);
const voiced = (n: number) => Array.from({ length: n }, () => 0.9);

/** Listening after the wake word: a pause before the command, a command in one breath, nothing. */
describe("after the wake word", () => {
  it("a pause before the command reaches the recogniser only as a short pre-roll", async () => {
    const earcon = wakeEarcon();
    const h = harness({ command: ["what time is it"] }, undefined, {
      earcon,
      settings: { listenTimeoutMs: 5000 },
    });
    // 2 s of quiet: longer than the end-of-speech hangover, which must not fire before speech.
    await h.feed([frame({ wake: true }), ...silentFrames(25), ...speechFrames(6), ...silentFrames(4)]);
    expect(h.types()).toEqual(["wake", "earcon", "speech_start", "speech_end", "transcript"]);
    expect(h.turns).toEqual(["what time is it"]);
    // 320 ms of the quiet (4 frames), then the speech and the hangover that ended it.
    expect(h.stt.heard).toEqual([[...quiet(4), ...voiced(6), ...quiet(3)]]);
  });

  it("the chime plays at once and the answer waits for it", async () => {
    const earcon = wakeEarcon();
    const h = harness({ command: ["what time is it"] }, undefined, { earcon });
    await h.feed([frame({ wake: true })]);
    expect(h.sink.clips.map((c) => c.audio)).toEqual([earcon]);
    expect(h.pipeline.state).toBe("listening");
    await h.feed([...speechFrames(6), ...silentFrames(4)]);
    expect(h.turns).toEqual(["what time is it"]);
    expect(h.sink.clips).toHaveLength(1); // the answer is queued behind the chime
    await h.finishSpeech();
    expect(h.sink.clips.map((c) => [c.audio === earcon, c.finished])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(h.tts.spoken).toEqual(["You said: what time is it."]);
    expect(h.pipeline.state).toBe("idle");
  });

  it("a command begun before the wake word was decided starts at the breath after the phrase", async () => {
    const h = harness({ command: ["what time is it"] });
    await h.feed([
      ...silentFrames(3),
      ...speechFrames(8), // "hey jarvis"
      frame(), // the breath
      ...speechFrames(2), // the command's first word, before the decision
      frame({ speech: 0.9, wake: true }),
      ...speechFrames(3),
      ...silentFrames(4),
    ]);
    expect(h.types()).toEqual(["wake", "speech_start", "speech_end", "transcript", "speak"]);
    expect(h.stt.heard).toEqual([[...quiet(1), ...voiced(6), ...quiet(3)]]);
    expect(h.turns).toEqual(["what time is it"]);
  });

  it("with no breath within reach, nothing before the decision is taken", async () => {
    const h = harness({ command: ["what time is it"] });
    await h.feed([
      ...silentFrames(3),
      ...speechFrames(12),
      frame({ speech: 0.9, wake: true }),
      ...speechFrames(3),
      ...silentFrames(4),
    ]);
    expect(h.stt.heard).toEqual([[...voiced(3), ...quiet(3)]]);
  });

  it("'hey Jarvis' over the answer, a pause, then the command: the command is what runs", async () => {
    const earcon = wakeEarcon();
    const h = harness({ command: ["what time is it", "set a timer for ten minutes"] }, undefined, {
      earcon,
      barge: new FakeBarge(),
      settings: { listenTimeoutMs: 3000 },
    });
    await h.feed([frame({ wake: true }), ...speechFrames(4), ...silentFrames(4)]);
    h.sink.finishAll(); // the chime; the answer starts after it
    await settle();
    expect(h.pipeline.state).toBe("speaking");
    // "hey jarvis" interrupts the answer; the wake word is decided in the quiet after it.
    await h.feed([...speechFrames(6), frame({ wake: true }), ...silentFrames(8)]);
    expect(h.pipeline.state).toBe("listening");
    await h.feed([...speechFrames(5), ...silentFrames(4)]);
    expect(h.types()).toEqual([
      ...["wake", "earcon", "speech_start", "speech_end", "transcript", "speak"],
      ...["barge_in", "turn_text", "speech_start", "wake", "earcon"],
      ...["speech_start", "speech_end", "transcript"], // the answer waits for the chime
    ]);
    expect(h.turns).toEqual(["what time is it", "set a timer for ten minutes"]);
    expect(h.stt.heard.at(-1)).toEqual([...quiet(4), ...voiced(5), ...quiet(3)]);
  });

  it("'hey Jarvis' said again while listening starts the command afresh after it", async () => {
    const h = harness({ command: ["what time is it"] });
    await h.feed([frame({ wake: true }), ...speechFrames(3), frame({ wake: true }), ...silentFrames(6)]);
    await h.feed([...speechFrames(5), ...silentFrames(4)]);
    expect(h.types()).toEqual([
      "wake",
      "speech_start",
      "wake",
      "speech_start",
      "speech_end",
      "transcript",
      "speak",
    ]);
    expect(h.stt.sessions.map((s) => s.cancelled)).toEqual([true, false]);
    expect(h.stt.heard[1]).toEqual([...quiet(4), ...voiced(5), ...quiet(3)]);
  });

  it("the wake word followed by nothing ends listening quietly: no turn, nothing said", async () => {
    const earcon = wakeEarcon();
    const h = harness({ command: ["what time is it"] }, undefined, { earcon });
    await h.feed([frame({ wake: true }), ...silentFrames(12)]);
    h.sink.finishAll();
    await settle();
    expect(h.types()).toEqual(["wake", "earcon", "listen_timeout"]);
    expect(h.turns).toEqual([]);
    expect(h.tts.spoken).toEqual([]);
    expect(h.stt.sessions).toEqual([{ mode: "command", frames: 0, cancelled: true }]);
    expect(h.sink.clips.map((c) => c.audio)).toEqual([earcon]);
    expect(h.pipeline.state).toBe("idle");
  });
});

describe("commandLeadIn", () => {
  const heard = (...vads: number[]) => vads.map((vad) => ({ frame: new Int16Array(0), vad }));

  it("starts at the last quiet frame within reach", () => {
    expect(commandLeadIn(heard(0.9, 0.1, 0.9, 0.2, 0.8, 0.9), 0.35, 6).map((f) => f.vad)).toEqual([
      0.2, 0.8, 0.9,
    ]);
  });

  it("takes nothing when every frame within reach is speech, or when reach is 0", () => {
    expect(commandLeadIn(heard(0.1, 0.9, 0.9, 0.9), 0.35, 3)).toEqual([]);
    expect(commandLeadIn(heard(0.9, 0.1), 0.35, 0)).toEqual([]);
  });
});
