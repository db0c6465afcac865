import { describe, expect, it } from "vitest";
import { SpeechSegmenter } from "./vad.js";

describe("SpeechSegmenter", () => {
  const run = (probabilities: number[]) => {
    const segmenter = new SpeechSegmenter({ minSpeechFrames: 2, endSilenceFrames: 3 });
    return probabilities.map((p) => segmenter.push(p) ?? "-").join(" ");
  };

  it("starts after consecutive speech frames and ends after the hangover", () => {
    expect(run([0.1, 0.9, 0.9, 0.8, 0.1, 0.1, 0.1, 0.1])).toBe("- - start - - - end -");
  });

  it("ignores a single click", () => {
    expect(run([0.9, 0.1, 0.9, 0.1])).toBe("- - - -");
  });

  it("a pause shorter than the hangover does not end the utterance (hysteresis)", () => {
    expect(run([0.9, 0.9, 0.1, 0.1, 0.4, 0.1, 0.1, 0.1])).toBe("- start - - - - - end");
  });
});
