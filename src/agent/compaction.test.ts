import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { CHAPTER_TURNS, splitHistory, summarize, userStatements } from "./compaction.js";
import type { SessionMessage } from "./types.js";
import { fitTranscript } from "./window.js";

const conversation = (turns: number, size = 400): SessionMessage[] =>
  Array.from({ length: turns }, (_, i) => [
    {
      id: 2 * i + 1,
      role: "user" as const,
      text: `request ${i + 1} ${"x".repeat(size)}`,
      createdAt: i,
      runId: `run_${i}`,
    },
    { id: 2 * i + 2, role: "assistant" as const, text: `answer ${i + 1}`, createdAt: i },
  ]).flat();

describe("splitting a conversation", () => {
  it("keeps everything while it fits, and starts the live part at a chapter boundary when it does not", () => {
    const short = conversation(4);
    expect(splitHistory(short, 10_000)).toEqual({ live: short, older: [], leaving: [] });
    const long = conversation(40);
    const { live, older } = splitHistory(long, 2_000);
    expect(older.length + live.length).toBe(long.length);
    const firstLiveTurn = Number(live[0]!.text.split(" ")[1]) - 1;
    expect(firstLiveTurn % CHAPTER_TURNS).toBe(0);
    expect(live[0]!.role).toBe("user");
  });

  it("says which turns leave the live part with this request (their facts go to memory first)", () => {
    const messages = conversation(40);
    // Find the turn at which the boundary moves, then check `leaving` is exactly the chapter that left
    let previous = splitHistory(conversation(1), 2_000).older.length;
    for (let turns = 2; turns <= 40; turns++) {
      const split = splitHistory(messages.slice(0, 2 * turns), 2_000);
      if (split.older.length !== previous) {
        expect(split.leaving).toEqual(split.older.slice(previous));
        expect(split.leaving.filter((m) => m.role === "user")).toHaveLength(CHAPTER_TURNS);
        return;
      }
      expect(split.leaving).toEqual([]);
      previous = split.older.length;
    }
    throw new Error("the boundary never moved");
  });
});

describe("the summary of older turns", () => {
  it("keeps every fact the user stated, the plan in progress, what waits for the user, and the handles", () => {
    const older: SessionMessage[] = [
      {
        id: 1,
        role: "user",
        text: "My daughter is called Mia. Her school is on Elm Road. What's the weather?",
        createdAt: 0,
      },
      { id: 2, role: "assistant", text: "Sunny, 21°C.", createdAt: 0 },
      { id: 3, role: "user", text: "send #f2 to my teacher", createdAt: 0 },
    ];
    const summary = summarize(older, {
      plan: [
        { id: "1", title: "find the form", status: "done" },
        { id: "2", title: "fill it in", status: "pending" },
      ],
      unconfirmed: ["mail_send (declined)"],
      handles: [
        {
          handle: "#f2",
          kind: "f",
          value: "/home/u/form.pdf",
          label: "form.pdf",
          trust: "trusted",
          tool: "files_list",
        },
      ],
    })!;
    const facts = summary.split("Asked earlier")[0]!;
    expect(facts).toContain("- My daughter is called Mia.\n- Her school is on Elm Road.");
    expect(facts).not.toContain("weather");
    expect(summary).toContain(
      '- "My daughter is called Mia. Her school is on Elm Road. What\'s the weather?"\n',
    );
    expect(summary).not.toContain("Sunny"); // an answer's words may be a page's: left out
    expect(summary).toMatch(/Plan still in progress:\n- \[done\] find the form\n- \[pending\] fill it in/);
    expect(summary).toContain("waiting for the user's OK");
    expect(summary).toContain("#f2 (form.pdf)");
  });

  it("stays within its budget, giving up old requests before facts", () => {
    const older = conversation(60, 200).map((m) =>
      m.role === "user" ? { ...m, text: `I have a cat named Tom${m.id}. ${m.text}` } : m,
    );
    const summary = summarize(older, {}, 600)!;
    expect(summary.length / 3.6).toBeLessThan(600);
    expect(summary).toContain("Tom119");
  });

  it("tells statements from questions and commands", () => {
    expect(
      userStatements("My boss is Sarah. Send her the report. Who is my dentist? I live in Porto"),
    ).toEqual(["My boss is Sarah.", "I live in Porto"]);
  });
});

describe("a long run in a small window", () => {
  it("cuts older tool results first, keeps the newest whole, and leaves a run that fits alone", () => {
    const result = (id: string, value: string): ModelMessage =>
      ({
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: id, toolName: "files_read", output: { type: "text", value } },
        ],
      }) as ModelMessage;
    const messages: ModelMessage[] = [
      { role: "user", content: "read three files" },
      result("a", "A".repeat(4_000)),
      result("b", "B".repeat(4_000)),
      result("c", "C".repeat(4_000)),
    ];
    expect(fitTranscript(messages, 100_000)).toBe(messages);
    const fitted = fitTranscript(messages, 2_500);
    const values = fitted
      .slice(1)
      .map((m) => (m.content as Array<{ output: { value: string } }>)[0]!.output.value);
    expect(values[0]).toMatch(/^A{300}\n\[… the rest of this earlier result was left out/);
    expect(values[1]).toBe("B".repeat(4_000));
    expect(values[2]).toBe("C".repeat(4_000));
  });
});
