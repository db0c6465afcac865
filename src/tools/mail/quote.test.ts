import { describe, expect, it } from "vitest";
import { foldQuoted, quoteForReply } from "./quote.js";
import { extractiveSummary, leadSentences } from "./summarize.js";

describe("foldQuoted", () => {
  it("folds > blocks with their attribution, keeps what the person wrote", () => {
    const text =
      "Sounds good.\n\nOn Mon, 3 Mar 2025 at 10:00, Alice <a@x.example> wrote:\n> Lunch?\n>\n> > older\nThanks";
    expect(foldQuoted(text)).toBe("Sounds good.\n\n[… 4 quoted lines folded]\nThanks");
  });

  it("handles Gmail's wrapped attribution and the German one", () => {
    expect(
      foldQuoted("Ja.\n\nOn Mon, 3 Mar 2025 at 10:00, Alice Martin <alice@example.com>\nwrote:\n> Hi"),
    ).toBe("Ja.\n\n[… 3 quoted lines folded]");
    expect(foldQuoted("Gern.\nAm 03.03.2025 um 10:00 schrieb Alice:\n> Hallo")).toBe(
      "Gern.\n[… 2 quoted lines folded]",
    );
  });

  it("folds Outlook's original message tail and signatures, but not an attribution without a quote", () => {
    expect(foldQuoted("Yes.\n-----Original Message-----\nFrom: x\nSent: y\n\nold text")).toBe(
      "Yes.\n[… 5 lines of earlier messages folded]",
    );
    expect(foldQuoted("Body\n-- \nAlice\nCEO")).toBe("Body\n[signature folded]");
    expect(foldQuoted("On Monday I wrote: the plan is fine.")).toBe("On Monday I wrote: the plan is fine.");
  });

  it("quotes for a reply, nesting existing quotes and bounding length", () => {
    expect(quoteForReply("a\n> b")).toBe("> a\n>> b");
    expect(quoteForReply("x\n".repeat(5), 2)).toBe("> x\n> x\n> […]");
  });
});

describe("extractive summaries", () => {
  it("keeps the first real sentences: no greeting, quote or sign-off; URLs and times stay whole", () => {
    expect(
      leadSentences(
        "Hi Ada,\n\nAny day after 12:00 works. See https://x.example/a.b first. Third.\n\nBest,\nAlice",
      ),
    ).toBe("Any day after 12:00 works. See https://x.example/a.b first.");
  });

  it("groups today's inbox by sender", () => {
    const text = extractiveSummary("inbox", [
      { from: "Bob", date: "d", subject: "Report", text: "The report is ready. More later." },
      { from: "Bob", date: "d", subject: "Again", text: "One more thing." },
    ]);
    expect(text).toBe(
      '2 messages today from 1 sender:\n- Bob (2):\n  · "Report" — The report is ready.\n  · "Again" — One more thing.',
    );
    expect(extractiveSummary("inbox", [])).toBe("Nothing arrived today.");
  });
});
