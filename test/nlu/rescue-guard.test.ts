import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A look-up rescue runs the group's leading look-up; a sibling look-up of the same group may
 * stand in only with a value the leader has no place for. The domain's nouns alone never move
 * an alarm question to the timers.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("a look-up rescue keeps the group's leading reading", () => {
  it("asking whether an alarm was set never lists the timers", () => {
    for (const said of [
      "did i set an alarm for friday morning? i forget",
      "do i set an alarm for the weekend or not, can you check",
    ]) {
      const r = nlu.parse(said, base);
      expect(r.tool, said).not.toBe("timer_list");
    }
  });

  it("a plain question about the alarms still reads them", () => {
    expect(nlu.parse("did i set an alarm for tomorrow", base)).toMatchObject({ tool: "alarm_list" });
  });
});

describe("a guessed send is asked as the send, not acted as a draft", () => {
  it("an email said in one breath with its parts is a question about sending it", () => {
    for (const said of [
      "email gran, subject the garden, say the roses are out",
      "mail my landlord subject boiler say it broke again",
    ]) {
      const r = nlu.parse(said, base);
      expect(r.tool, said).not.toBe("mail_draft");
      if (r.tool === "mail_send") expect(r.confidence, said).toBeLessThan(0.9);
    }
  });

  it("a draft asked for is still drafted", () => {
    expect(nlu.parse("draft an email to omar saying the invoice is late", base)).toMatchObject({
      tool: "mail_draft",
    });
  });
});
