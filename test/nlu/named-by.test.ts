import { describe, expect, it } from "vitest";
import { saidValues } from "../../src/brain/nlu/said-values.js";
import { labelSaid, windowSaid } from "../../src/brain/nlu/slots/named-by.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";

/**
 * Things named by what they are for or what they show (nlu44, issue 16): a timer "for the
 * pasta" that runs unnamed cannot be told from the others, and "the window with the invoice"
 * is the one to act on, not the one in front.
 */
describe("what a timer or an alarm is for", () => {
  it("the thing said after 'for the', not a length or a moment", () => {
    expect(labelSaid("put a ten minute timer on for the pasta, would you?")).toBe("pasta");
    expect(labelSaid("start a timer for 8 minutes please, it's for the rice.")).toBe("rice");
    expect(labelSaid("cancel the timer for the laundry")).toBe("laundry");
    expect(labelSaid("alarm at 7 for the school run")).toBe("school run");
  });

  it("a name given in words", () => {
    expect(labelSaid("timer 4 minutes, label it tea")).toBe("tea");
    expect(labelSaid("stop the alarm called recycling")).toBe("recycling");
  });

  it("a length, a moment or a person after 'for' is no name", () => {
    expect(labelSaid("set a timer for five minutes")).toBeUndefined();
    expect(labelSaid("an alarm for tomorrow at 6")).toBeUndefined();
    expect(labelSaid("set an alarm for the morning")).toBeUndefined();
    expect(labelSaid("timer for the next 10 minutes")).toBeUndefined();
  });
});

describe("a window named by what it shows", () => {
  it("its content or its title", () => {
    expect(windowSaid("bring the window with the tax form to the front")).toBe("tax form");
    expect(windowSaid("jump to the window with budget 2025 in the title")).toBe("budget 2025");
    expect(windowSaid("close the window titled Draft Notes")).toBe("Draft Notes");
  });

  it("a window not named by what it shows is left to the rest of the reading", () => {
    expect(windowSaid("close the window")).toBeUndefined();
    expect(windowSaid("move the window to the left")).toBeUndefined();
  });

  it("read for the arguments that hold such names", () => {
    const read = (properties: Record<string, Record<string, unknown>>, text: string) =>
      saidValues(properties, {}, tokenize(text), text);
    expect(read({ window: { type: "string" } }, "focus the window with the rota")).toEqual({
      window: "rota",
    });
    expect(read({ window: { type: "string" } }, "focus the chat window")).toEqual({ window: "chat" });
    expect(read({ label: { type: "string" } }, "a timer for the tea")).toEqual({ label: "tea" });
  });
});
