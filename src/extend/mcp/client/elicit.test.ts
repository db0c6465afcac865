import { describe, expect, it } from "vitest";
import { relayElicitation } from "./elicit.js";

const form = (properties: Record<string, { type: string; title?: string }>) => ({
  mode: "form" as const,
  message: "Go ahead?\u202e now",
  requestedSchema: { type: "object" as const, properties },
});

describe("relayElicitation", () => {
  it("asks a plain question with no fields; yes accepts with no content", async () => {
    const asked: string[] = [];
    const result = await relayElicitation("files", form({}) as never, async (q) => {
      asked.push(q);
      return true;
    });
    expect(result).toEqual({ action: "accept", content: {} });
    expect(asked[0]).toContain("Go ahead?  now"); // direction overrides are not shown
  });

  it("declines without asking: two yes/no fields (one yes cannot mean both), a URL, or no one to ask", async () => {
    let asked = 0;
    const ask = async () => {
      asked++;
      return true;
    };
    const two = form({ a: { type: "boolean" }, b: { type: "boolean" } });
    expect(await relayElicitation("s", two as never, ask)).toEqual({ action: "decline" });
    const url = { mode: "url", message: "open", url: "https://x.example", elicitationId: "1" };
    expect(await relayElicitation("s", url as never, ask)).toEqual({ action: "decline" });
    expect(await relayElicitation("s", form({}) as never, undefined)).toEqual({ action: "decline" });
    expect(asked).toBe(0);
  });
});
