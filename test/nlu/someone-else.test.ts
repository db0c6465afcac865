import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { TimeZones } from "../../src/brain/nlu/slots/index.js";
import { configSchema } from "../../src/config/schema.js";
import type { LanguageEnv } from "../../src/core/language.js";
import { builtinToolsForNlu, createTestNlu, NLU_TEST_NOW } from "../../src/testing/index.js";

/**
 * Requests that would act for or through someone else (decision 0031): a reminder reaches only
 * the person Jarvis serves, and an appointment booked "for me" is booked in someone else's
 * diary. Both are declined with a sentence saying what Jarvis can do instead, whatever read them.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const catalog = compileCatalog(await builtinToolsForNlu());
const env = (text: string): LanguageEnv => ({
  text,
  now: NLU_TEST_NOW,
  timezone: "UTC",
  zones: new TimeZones(),
  apps: new Set(),
});
const beyond = (tool: string, text: string) =>
  (catalog.intentsOf.get(tool) ?? []).map((spec) => spec.beyond?.({}, env(text))).find(Boolean);

describe("acting for someone else", () => {
  it("reminds only the person Jarvis serves", () => {
    expect(beyond("reminders_create", "remind Gina to water the plants on Sunday")).toMatch(
      /only remind you/,
    );
    expect(beyond("reminders_create", "can you remind my flatmate about the rent")).toMatch(
      /only remind you/,
    );
    expect(beyond("reminders_create", "remind me to water the plants on Sunday")).toBeUndefined();
    expect(beyond("reminders_create", "please remind us that the bins go out")).toBeUndefined();
  });

  it("books nothing in someone else's diary, and still adds to the person's own", () => {
    expect(beyond("calendar_create_event", "book me an eye test for Thursday at 2")).toMatch(/can't book/);
    expect(beyond("calendar_create_event", "could you book us in at the vet on Monday")).toMatch(
      /can't book/,
    );
    expect(beyond("calendar_create_event", "book a call with Rhian on Thursday at 2")).toBeUndefined();
  });

  it("never acts on them at any training seed", async () => {
    for (const seed of [1, 3, 11]) {
      const { parse } = await createTestNlu({ seed });
      for (const text of [
        "remind Gina to water the plants on Sunday",
        "book me an eye test for Thursday at 2pm",
      ]) {
        const result = parse(text, { now: NLU_TEST_NOW, timezone: "UTC" });
        expect(
          result.kind === "action" && !result.missing?.length && result.confidence >= FAST_PATH,
          text,
        ).toBe(false);
      }
    }
  });
});
