import { describe, expect, it } from "vitest";
import type { NluContext, NluResult } from "../../src/brain/nlu/index.js";
import { holdsBack, moodOf } from "../../src/brain/nlu/text/mood.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * A sentence can hold every word of a command and not be one (decision 0031, "not a command"):
 * asking how it is done, wondering what would happen, asking whether to, saying not to, asking
 * what a thing is. Whatever reads it, it never acts at once; at most it is put as a question.
 * Asserted at three training seeds, since a classifier reading moves with the draw (0037).
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const SEEDS = [1, 3, 11];
const context: NluContext = { now: new Date("2026-03-04T10:00:00Z"), timezone: "UTC" };
const nlus = await Promise.all(SEEDS.map((seed) => createTestNlu({ seed })));
const acted = (r: NluResult) => r.kind === "action" && !r.missing?.length && r.confidence >= FAST_PATH;
const mood = (text: string) =>
  moodOf(
    stripFillers(tokenize(text))
      .map((t) => t.w)
      .join(" "),
  );

describe("the mood of a request", () => {
  it("reads asking how, wondering, advice, saying not to and asking what a thing is", () => {
    expect(mood("how would I turn the sound down")).toBe("how-to");
    expect(mood("could you show me how to start a stopwatch")).toBe("how-to");
    expect(mood("is there a way to empty the bin folder")).toBe("how-to");
    expect(mood("what if I wiped the grocery list")).toBe("hypothetical");
    expect(mood("what would happen if I stopped the music")).toBe("hypothetical");
    expect(mood("should we switch the sound off")).toBe("advice");
    expect(mood("is it worth putting a reminder in for the boiler")).toBe("advice");
    expect(mood("Don't silence the speakers")).toBe("negated");
    expect(mood("no need to ring at seven")).toBe("negated");
    expect(mood("what's an agenda")).toBe("definition");
  });

  it("leaves commands that open on a negation, or set a way of doing aside, as commands", () => {
    expect(mood("don't forget to water the tomatoes tonight")).toBeUndefined();
    expect(mood("don't let me forget the recycling on Tuesday")).toBeUndefined();
    expect(mood("do not disturb me until noon")).toBeUndefined();
    expect(mood("don't wake me up on Sunday")).toBeUndefined();
    expect(mood("don't say anything for twenty minutes")).toBeUndefined();
    expect(mood("don't print it, just save it to ~/letters/draft.txt")).toBeUndefined();
  });

  it("leaves plain requests and questions alone, and what to wear to the weather", () => {
    expect(mood("turn the sound down")).toBeUndefined();
    expect(mood("what's on my agenda tomorrow")).toBeUndefined();
    expect(mood("should I pack a jumper for Friday")).toBeUndefined();
    expect(mood("how many grams in a pound")).toBeUndefined();
  });

  it("lets asking how to see something, or whether to, show it; holds back everything else", () => {
    expect(holdsBack("how-to", true)).toBe(false);
    expect(holdsBack("advice", true)).toBe(false);
    expect(holdsBack("how-to", false)).toBe(true);
    expect(holdsBack("advice", false)).toBe(true);
    for (const m of ["hypothetical", "negated", "definition"] as const) {
      expect(holdsBack(m, true)).toBe(true);
      expect(holdsBack(m, false)).toBe(true);
    }
    expect(holdsBack(undefined, false)).toBe(false);
  });
});

describe.each(SEEDS.map((seed, i) => [seed, nlus[i]!] as const))(
  "at training seed %i",
  (_seed, { parse }) => {
    it("never acts at once on a request said as no command", () => {
      for (const text of [
        "how do I turn the sound down",
        "how can you mute the speakers",
        "how to grab a screenshot",
        "what happens if I stop the timer",
        "what if I muted everything",
        "what would happen if I emptied my shopping list",
        "do you think I should lower the volume",
        "should I put an alarm on for 6",
        "don't mute the sound",
        "do not switch the volume off",
        "what is a reminder",
        "what's an alarm clock",
      ])
        expect(acted(parse(text, context)), text).toBe(false);
    });

    it("still acts on the commands that open on a negation or ask about the weather", () => {
      const result = parse("don't let me forget to ring the vet tomorrow at 5pm", context);
      expect(result).toMatchObject({ kind: "action", tool: "reminders_create" });
    });

    it("never sets or stops a timer or alarm on another device", () => {
      for (const text of [
        "cancel the timer on the kitchen speaker",
        "stop the alarm on the Google Home",
        "set a 10 minute timer on the living room Alexa",
      ])
        expect(acted(parse(text, context)), text).toBe(false);
    });
  },
);
