import { describe, expect, it } from "vitest";
import { buildNeighbourReader, packNeighbourReader, unpackNeighbourReader } from "./neighbours.js";
import { ToolIndex } from "./tool-index.js";

// A tiny labelled set, written for this test: two kinds of request, each needing two tools
const examples = [
  { text: "find the quarterly report and send it to the team", tools: ["files_search", "mail_send"] },
  { text: "look up the budget sheet then mail it to my boss", tools: ["files_search", "mail_send"] },
  { text: "locate the slides and email them to the client", tools: ["files_search", "mail_send"] },
  { text: "what is on my calendar tomorrow morning", tools: ["calendar_list"] },
  { text: "show my meetings for friday", tools: ["calendar_list"] },
  { text: "which appointments do I have next week", tools: ["calendar_list"] },
];

describe("the neighbour reader", () => {
  it("carries the whole tool set of the requests most alike over to a new one", () => {
    const reader = buildNeighbourReader(examples, { k: 3, floor: 0.05 });
    const votes = reader.read("find the contract and send it to the lawyer");
    expect(votes.get("files_search")).toBeGreaterThan(0.5);
    expect(votes.get("mail_send")).toBeGreaterThan(0.5);
    expect(votes.get("calendar_list") ?? 0).toBeLessThan(votes.get("mail_send")!);
  });

  it("gives no votes when nothing is alike enough", () => {
    const reader = buildNeighbourReader(examples, { k: 3, floor: 0.9 });
    expect(reader.read("find the contract and send it to the lawyer").size).toBe(0);
  });

  it("votes are shares: each at most 1, the nearest requests weigh most", () => {
    const reader = buildNeighbourReader(examples, { k: 6, floor: 0 });
    const votes = reader.read("what is on my calendar for friday");
    for (const vote of votes.values()) expect(vote).toBeLessThanOrEqual(1 + 1e-9);
    expect(votes.get("calendar_list")!).toBeGreaterThan(votes.get("mail_send") ?? 0);
  });

  it("counts the votes less when even the closest request is only a little alike", () => {
    const loose = buildNeighbourReader(examples, { k: 3, floor: 0.01 });
    const text = "send the slides from yesterday";
    const whole = loose.read(text);
    const closest = loose.with({ k: 1, floor: 0.01 }).read(text).get("mail_send")!;
    expect(closest).toBe(1);
    // The closest is alike by some share below `sure`: every vote is scaled by that share
    const sure = loose.with({ k: 3, floor: 0.01, sure: 0.99 }).read(text);
    const share = sure.get("mail_send")! / whole.get("mail_send")!;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
    for (const [tool, vote] of whole) expect(sure.get(tool)).toBeCloseTo(vote * share, 5);
    // …and a request alike enough keeps its votes whole
    expect(loose.with({ k: 3, floor: 0.01, sure: 0.01 }).read(text)).toEqual(whole);
  });

  it("lets a tool no labelled request needed (an MCP server's) take the vote its words earn", () => {
    const index = new ToolIndex([
      { name: "mail_send", group: "mail", description: "Send an email" },
      { name: "mcp_wiki_search", group: "mcp:wiki", description: "Search the team wiki pages" },
    ]);
    const text = "search the team wiki";
    const neighbours = new Map([["mail_send", 0.6]]);
    const votable = new Set(["mail_send"]);
    const ranked = index.rank({ text, neighbours, votable, neighbourWeight: 3 });
    expect(ranked[0]!.name).toBe("mcp_wiki_search");
    // Without knowing which tools could be voted for, the newcomer gets nothing
    const blind = index.rank({ text, neighbours, neighbourWeight: 3 });
    expect(blind[0]!.name).toBe("mail_send");
  });

  it("reads the same once packed for shipping and read back", () => {
    const reader = buildNeighbourReader(examples, { k: 3, floor: 0.05 });
    const back = unpackNeighbourReader(packNeighbourReader(reader), { k: 3, floor: 0.05 });
    const text = "locate the invoice and mail it to accounts";
    const a = reader.read(text);
    const b = back.read(text);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [tool, vote] of a) expect(b.get(tool)).toBeCloseTo(vote, 2);
  });

  it("lifts the tools the votes name in the ranking, by the weight given", () => {
    const index = new ToolIndex([
      { name: "files_search", group: "files", description: "Find files by name" },
      { name: "mail_send", group: "mail", description: "Send an email" },
      { name: "calendar_list", group: "calendar", description: "List events" },
    ]);
    const text = "the quarterly numbers";
    const without = index.rank({ text });
    const score = (ranked: typeof without, name: string) => ranked.find((t) => t.name === name)!.score;
    const neighbours = new Map([["mail_send", 1]]);
    const lifted = index.rank({ text, neighbours, neighbourWeight: 0.5 });
    expect(score(lifted, "mail_send") - score(without, "mail_send")).toBeCloseTo(0.5, 5);
    expect(score(lifted, "calendar_list")).toBeCloseTo(score(without, "calendar_list"), 5);
  });
});
