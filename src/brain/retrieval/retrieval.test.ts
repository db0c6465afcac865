import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../core/tool.js";
import { fakeEmbedding } from "../../knowledge/embedders/fake-server.js";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { companionsOf, lookupsOf } from "./companions.js";
import { toolLanguage } from "./language.js";
import { type ToolEmbedder, ToolRetriever } from "./retriever.js";
import { type CatalogTool, ToolIndex } from "./tool-index.js";

const fixture = new CatalogIndexFixture();
let catalog: ToolDefinition[];
let index: ToolIndex;

beforeAll(() => {
  fixture.open("jarvis-retrieval-");
  ({ catalog, index } = fixture);
});
afterAll(() => fixture.close());

const top = fixture.top.bind(fixture);
const rankOf = fixture.rankOf.bind(fixture);

describe("ranking the catalog for a request", () => {
  it("puts every step of a multi-step request near the top, not only the first step's group", () => {
    const offered = top({ text: "read ~/notes/agenda.txt and email it to ana@example.com" }, 10);
    expect(offered).toEqual(expect.arrayContaining(["files_read", "mail_send"]));
    const second = top(
      { text: "what's the weather in Leeds tomorrow, and add an umbrella to my packing list" },
      10,
    );
    expect(second).toEqual(expect.arrayContaining(["weather_forecast", "lists_add"]));
  });

  it("brings a lookup tool with the tool that needs its handles (read from the descriptions)", () => {
    const links = companionsOf(catalog);
    expect([...links.get("calendar_update_event")!]).toContain("calendar_list_events");
    expect([...links.get("browser_click")!]).toContain("browser_snapshot");
    expect([...links.get("mail_reply")!]).toContain("mail_search");
    expect(top({ text: "move my dentist appointment to friday" }, 10)).toEqual(
      expect.arrayContaining(["calendar_update_event", "calendar_list_events"]),
    );
  });

  it("lets a handle in the session bring its tools: '#f' means files", () => {
    const vague = { text: "what does it say" };
    expect(rankOf({ ...vague, handleKinds: ["f"] }, "files_read")).toBeLessThan(rankOf(vague, "files_read"));
    expect(top({ text: "summarize #m2 for me" }, 6)).toContain("mail_summarize");
  });

  it("lifts tools used earlier in the session", () => {
    const again = { text: "do that again" };
    const ranked = top({ ...again, used: ["files_read", "lists_show"] }, 2);
    expect(ranked).toEqual(["lists_show", "files_read"]); // the last one used first
    expect(rankOf(again, "lists_show")).toBeGreaterThan(10);
  });

  it("takes the NLU's groups as one signal: its guess lifts tools, it does not hide the right ones", () => {
    const text = "what does my file m1.txt say";
    const wrongGuess = { text, groups: ["web", "calendar"] };
    expect(top(wrongGuess, 5)).toContain("files_read");
    expect(rankOf(wrongGuess, "calendar_list_events")).toBeLessThan(rankOf({ text }, "calendar_list_events"));
  });

  it("answers the requests the issue found narrowed to the wrong groups", () => {
    const cases: Array<[string, string[]]> = [
      ["read notes.txt and email it to bob", ["files_read", "mail_send"]],
      ["who emailed me about the invoice and when is that meeting", ["mail_search", "calendar_list_events"]],
      ["turn this web page into a checklist", ["lists_add"]],
    ];
    for (const [text, needed] of cases)
      expect(top({ text }, 18), text).toEqual(expect.arrayContaining(needed));
  });
});

describe("cues a tool declares in its language", () => {
  const parsec: CatalogTool = {
    name: "mcp_star_distance",
    group: "mcp:stars",
    description: "Distance to a named star.",
    language: [{ cues: /\d\s*(?:parsecs?|light ?years?)\b/i }],
  };
  const plain: CatalogTool = { ...parsec, name: "mcp_star_brightness", description: "Brightness of a star." };
  delete (plain as { language?: unknown }).language;

  it("lifts the tool whose shape the request has, even when none of its words are said", () => {
    const own = new ToolIndex([...catalog, parsec, plain], toolLanguage([...catalog, parsec, plain]));
    const place = (text: string, name: string) => own.rank({ text }).findIndex((t) => t.name === name);
    expect(place("is 4.2 light years a long way", parsec.name)).toBeLessThan(3);
    expect(place("is 4.2 light years a long way", plain.name)).toBeGreaterThan(10);
    // Without the shape the cue adds nothing: the tool is ranked by its words alone
    expect(place("is that a long way", parsec.name)).toBeGreaterThan(10);
  });

  it("brings the built-in tools by the shapes their groups declared", () => {
    const cases: Array<[string, string, number]> = [
      ["30 kg in pounds", "calc_evaluate", 3],
      ["me and two friends had a 127 dollar dinner, what does each of us owe", "calc_evaluate", 3],
      ["find the distance from Paris to Berlin and turn it into miles", "calc_evaluate", 15],
      ["alt tab to the previous window", "input_hotkey", 5],
      ["in the terminal type make test", "input_type", 5],
      ["who am i logged in as", "shell_run", 3],
      ["on this page fill the name field with Ana and submit", "browser_type", 8],
      ["in the settings window switch on bluetooth", "ui_action", 8],
      ["find out when the next train to Leeds leaves", "web_search", 5],
    ];
    for (const [text, tool, within] of cases) expect(top({ text }, within), text).toContain(tool);
  });

  it("a time is not a sum: 'in 5 minutes' does not bring the calculator", () => {
    expect(top({ text: "remind me to stretch in 5 minutes" }, 5)).not.toContain("calc_evaluate");
  });
});

describe("cues a tool group declares", () => {
  const ledger = (name: string, description: string): CatalogTool => ({
    name,
    group: "mcp:ledger",
    description,
    groupCues: { shapes: [{ pattern: /\binv-\d{4,}\b/i, weight: 2 }] },
  });
  const tools = [ledger("mcp_ledger_lookup", "Look up a bill."), ledger("mcp_ledger_pay", "Settle a bill.")];

  it("lifts every tool of the group whose shape the request has, counted once per group", () => {
    const own = new ToolIndex([...catalog, ...tools], toolLanguage([...catalog, ...tools]));
    const place = (text: string, name: string) => own.rank({ text }).findIndex((t) => t.name === name);
    for (const tool of tools) expect(place("what about INV-20931 then", tool.name)).toBeLessThan(3);
    expect(place("what about that one then", "mcp_ledger_pay")).toBeGreaterThan(10);
    // Two tools carrying the same cue lift their group as much as one would
    const single = new ToolIndex([...catalog, tools[0]!], toolLanguage([...catalog, tools[0]!]));
    const score = (ix: ToolIndex) =>
      ix.rank({ text: "INV-20931" }).find((t) => t.name === "mcp_ledger_lookup")!.score;
    expect(score(own)).toBeCloseTo(score(single), 5);
  });

  it("the engine brings no shapes of its own: without the groups' cues a bare path lifts nothing", () => {
    const bare = catalog.map(({ groupCues: _, ...tool }) => tool);
    const without = new ToolIndex(bare, toolLanguage(bare));
    const text = "~/projects/q3/plan.yaml please";
    const place = (ix: ToolIndex) => ix.rank({ text }).findIndex((t) => t.group === "files");
    expect(place(index)).toBe(0);
    expect(place(without)).toBeGreaterThan(place(index));
  });

  it("brings the built-in groups by the shapes they declared", () => {
    const cases: Array<[string, string]> = [
      ["show me ~/projects/notes/plan.yaml", "files"],
      ["have a look at https://example.org/pricing", "browser"],
      ["did lena@kowalski.family write back", "mail"],
      ["who is my landlord", "memory"],
      ["put oat milk on the weekly shop list", "lists"],
    ];
    for (const [text, group] of cases)
      expect(index.rank({ text })[0]!.group, text).toMatch(group === "browser" ? /web|browser/ : group);
  });
});

describe("words and shapes the groups declare, and finders with their readers", () => {
  it("expands a request by a group's everyday words, and only when the group declares them", () => {
    const tab: CatalogTool = {
      name: "mcp_ledger_settle",
      group: "mcp:ledger",
      description: "Settle an open bill.",
      groupCues: { words: { tab: ["bill"] } },
    };
    const { groupCues: _, ...mute } = tab;
    const place = (tool: CatalogTool) =>
      new ToolIndex([...catalog, tool], toolLanguage([...catalog, tool]))
        .rank({ text: "clear what I owe on the bar tab" })
        .findIndex((t) => t.name === tab.name);
    expect(place(tab)).toBeLessThan(place(mute));
    expect(top({ text: "get back the slides I binned on monday" }, 6)).toContain("files_restore");
  });

  it("matches a phrase a group declares whole, never its words apart", () => {
    const greenhouse: CatalogTool = {
      name: "mcp_greenhouse_vent",
      group: "mcp:greenhouse",
      description: "Open or shut the roof vents.",
      groupCues: { words: { "let some air in": ["vents", "roof"] } },
    };
    const own = new ToolIndex([...catalog, greenhouse], toolLanguage([...catalog, greenhouse]));
    const place = (text: string) => own.rank({ text }).findIndex((t) => t.name === greenhouse.name);
    expect(place("it's stuffy in the glasshouse, let some air in")).toBeLessThan(3);
    // The same words scattered are not the phrase
    expect(place("let me know if some friends drop in for air hockey")).toBeGreaterThan(10);
    // A verb and its particle hold a pronoun between them, never a clause
    const airing: CatalogTool = { ...greenhouse, groupCues: { words: { "air out": ["vents", "roof"] } } };
    const aired = new ToolIndex([...catalog, airing], toolLanguage([...catalog, airing]));
    const placeAired = (text: string) => aired.rank({ text }).findIndex((t) => t.name === airing.name);
    expect(placeAired("the glasshouse smells, air it out")).toBeLessThan(3);
    expect(placeAired("the hot air in the flat is stale so I am going out")).toBeGreaterThan(10);
    // The built-in groups' phrases: a window put aside, something that rings at a time
    expect(top({ text: "start slack and then get it out of the way" }, 12)).toContain("windows_minimize");
    expect(top({ text: "I want something to go off at 6:15 tomorrow" }, 5)).toContain("alarm_set");
  });

  it("reads lookups one way: what a tool acts on, declared by its group or read from its handles", () => {
    const greenhouse = (
      name: string,
      description: string,
      lookups?: Record<string, string[]>,
    ): CatalogTool => ({
      name,
      group: "mcp:greenhouse",
      description,
      ...(lookups ? { groupCues: { lookups } } : {}),
    });
    const tools = [
      greenhouse("mcp_greenhouse_beds", "Show the planting beds and what grows in each."),
      greenhouse("mcp_greenhouse_water", "Water one bed.", { mcp_greenhouse_water: ["mcp_greenhouse_beds"] }),
    ];
    const lookups = lookupsOf([...catalog, ...tools]);
    expect([...lookups.get("mcp_greenhouse_water")!]).toEqual(["mcp_greenhouse_beds"]);
    expect([...lookups.get("mcp_greenhouse_beds")!]).toEqual([]);
    // Built in: keys go to the window focused first; an event is changed by the handle its list returns
    expect([...lookups.get("input_hotkey")!]).toContain("windows_focus");
    expect([...lookups.get("windows_focus")!]).not.toContain("input_hotkey");
    expect([...lookups.get("calendar_update_event")!]).toContain("calendar_list_events");
    // …and from the refs a description speaks of: who hands them out, and where one comes from
    const kiln = [
      greenhouse("mcp_greenhouse_map", "Map of the vents with refs for mcp_greenhouse_open/shut."),
      greenhouse("mcp_greenhouse_open", "Open a vent by its ref."),
      greenhouse("mcp_greenhouse_shut", "Shut a vent by ref from mcp_greenhouse_map."),
    ];
    const byRef = lookupsOf([...catalog, ...kiln]);
    expect([...byRef.get("mcp_greenhouse_open")!]).toEqual(["mcp_greenhouse_map"]);
    expect([...byRef.get("mcp_greenhouse_shut")!]).toEqual(["mcp_greenhouse_map"]);
    expect([...byRef.get("mcp_greenhouse_map")!]).toEqual([]);
    expect([...lookups.get("browser_click")!]).toContain("browser_snapshot");
    expect([...lookups.get("ui_action")!]).toEqual(expect.arrayContaining(["ui_state", "ui_find"]));
    // …and the link still lifts both ways in the ranking
    expect([...companionsOf([...catalog, ...tools]).get("mcp_greenhouse_beds")!]).toContain(
      "mcp_greenhouse_water",
    );
  });

  it("points a phone number at contacts and a relative's home at memory", () => {
    expect(top({ text: "whose is 0161 496 0777, they keep ringing" }, 5)).toContain("contacts_search");
    expect(top({ text: "+1 415 555 0199 missed call, who was that" }, 8)).toContain("contacts_search");
    expect(top({ text: "is it raining near where my grandma lives" }, 8)).toContain("memory_recall");
    // A date is not a phone number
    expect(top({ text: "move the dentist to 2026-12-04" }, 5)).not.toContain("contacts_search");
  });

  it("pairs a group's finder with its reader, whether or not a description says so", () => {
    const links = companionsOf(catalog);
    expect([...links.get("notes_search")!]).toContain("notes_read");
    expect([...links.get("files_search")!]).toContain("files_read");
    expect([...links.get("notes_read")!]).not.toContain("files_search");
  });

  it("points everyday shapes at the tools and groups that own them", () => {
    // A tool's own cue: it is offered and searched first whatever its words rank (chooseOffer)
    const toolCues: Array<[string, string]> = [
      ["potatoes are on, ping me in 25 mins", "timer_set"],
      ["how much room is ~/Music using up", "shell_run"],
      ["which user name am i on this laptop", "shell_run"],
      ["dismiss the cookie banner on this site", "browser_click"],
      ["tell me as soon as the page says payment received", "browser_wait_for"],
      ["open the editor and paste in what I copied", "input_hotkey"],
      ["are there rail strikes planned for next week", "web_search"],
      ["get me the number of a decent electrician in Bristol", "web_search"],
      ["go to https://tickets.example.org and put in my booking code", "browser_type"],
    ];
    for (const [text, tool] of toolCues) expect(index.cued(text), text).toContain(tool);
    expect(index.cued("how much is a pint of milk")).not.toContain("timer_set");
    // A group's shape lifts its tools in the ranking itself
    const groupShapes: Array<[string, string, number]> = [
      ["has the landlord written to me yet", "mail_search", 5],
      ["what was that podcast Priya mentioned", "memory_recall", 5],
      ["saturday errands: post office, pharmacy, car wash", "lists_add", 8],
      ["read me the code displayed in the authenticator window", "ui_state", 8],
    ];
    for (const [text, tool, within] of groupShapes) expect(top({ text }, within), text).toContain(tool);
  });

  it("search brings each step's reader and its group's next tools, not the whole request's noise", async () => {
    const vault = (name: string, description: string): CatalogTool => ({
      name,
      group: "mcp:vault",
      description,
    });
    const tools = [
      ...catalog,
      vault("vault_search", "Search the vault's entries by words."),
      vault("vault_read", "Open one entry by its id."),
      vault("vault_export", "Export the vault search index to a file."),
      vault("vault_stats", "How big the vault search index is."),
      vault("vault_lock", "Lock the vault."),
      vault("vault_unlock", "Unlock the vault."),
    ];
    const retriever = new ToolRetriever({ catalog: () => tools });
    const names = async (query: string, offered: string[], limit: number) =>
      (await retriever.search(query, new Set(offered), limit)).map((t) => t.name);
    // The finder is offered already: what it finds still has to be read, though the reader
    // shares no word with the request
    const found = await names(
      "search the vault for the wifi card, then email the code to Sam",
      ["vault_search"],
      6,
    );
    expect(found, found.join(" ")).toContain("vault_read");
    expect(found.some((name) => name.startsWith("mail_"))).toBe(true);
    // A page opened is then waited on: the browser's own tools come before other groups'
    expect(
      await names(
        "open the parcel tracker page and let me know once it shows delivered",
        ["browser_navigate"],
        8,
      ),
    ).toContain("browser_wait_for");
  });
});

describe("the retriever over a changing catalog", () => {
  const wiki: CatalogTool = {
    name: "mcp_wiki_search",
    group: "mcp:wiki",
    description: "Search the team wiki's pages by title and text.",
  };

  it("rebuilds when a tool is added or removed (MCP tools are ordinary tools, one retrieval)", async () => {
    const tools: CatalogTool[] = [...catalog];
    const retriever = new ToolRetriever({ catalog: () => tools });
    expect((await retriever.rank({ text: "search the team wiki for onboarding" }))[0]!.name).not.toBe(
      wiki.name,
    );
    tools.push(wiki);
    expect((await retriever.rank({ text: "search the team wiki for onboarding" }))[0]!.name).toBe(wiki.name);
    tools.pop();
    const after = await retriever.rank({ text: "search the team wiki for onboarding" });
    expect(after.some((t) => t.name === wiki.name)).toBe(false);
  });

  it("search leaves out what is already offered", async () => {
    const retriever = new ToolRetriever({ catalog: () => catalog });
    const found = await retriever.search("read a text file", new Set(["files_read"]), 5);
    expect(found.map((t) => t.name)).not.toContain("files_read");
    expect(found).toHaveLength(5);
  });

  it("search finds a tool whose cue the description has first, however loud another step's group is", async () => {
    const retriever = new ToolRetriever({ catalog: () => catalog });
    const query = "double every amount in the budget file and save it";
    // The file step's words outrank the sum by far in the whole ranking…
    expect(rankOf({ text: query }, "calc_evaluate")).toBeGreaterThan(10);
    // …but the shape of a sum ("double …") is the calculator's own cue: it is found first
    const found = await retriever.search(query, new Set(["files_read", "files_write"]), 8);
    expect(found[0]!.name).toBe("calc_evaluate");
  });

  it("search brings the partner a cued tool cannot work without, even when that tool is offered already", async () => {
    const retriever = new ToolRetriever({ catalog: () => catalog });
    // "the basket" is the page-acting cue of browser_click, which takes refs from a snapshot
    const query = "go to the store page, find the blue kettle and put it in the basket";
    const found = await retriever.search(query, new Set(["browser_click", "browser_navigate"]), 8);
    expect(found.map((t) => t.name)).toContain("browser_snapshot");
  });

  it("search takes a small group whole when a step clearly means it", async () => {
    // (tool and neighbour readers off: the search's own rule, not what a key press reads as)
    const retriever = new ToolRetriever({ catalog: () => catalog, toolReader: null, neighbourReader: null });
    const keyboard = catalog.filter((t) => t.group === "input").map((t) => t.name);
    expect(keyboard.length).toBeLessThanOrEqual(5);
    // A key is meant: the keyboard's other tools (typing, clicks) come before other groups' tools
    // ("press it" alone is as much a screen button as a key: the group reader reads it so)
    const found = (await retriever.search("press enter", new Set(), keyboard.length + 2)).map((t) => t.name);
    expect(found).toEqual(expect.arrayContaining(keyboard));
    // A large group is not poured in whole: the browser's tools come by their words
    const browser = catalog.filter((t) => t.group === "browser").map((t) => t.name);
    const page = (await retriever.search("read this web page", new Set(), 8)).map((t) => t.name);
    expect(browser.every((name) => page.includes(name))).toBe(false);
  });

  it("uses an embedder when one is configured, and only loses that signal when it fails", async () => {
    const car: CatalogTool = {
      name: "mcp_car_status",
      group: "mcp:car",
      description: "Charge level of the car.",
    };
    const tools = [...catalog, car];
    const embedder: ToolEmbedder = {
      id: "fake:words",
      embed: async (texts) => texts.map((t) => Float32Array.from(fakeEmbedding(t))),
    };
    const broken: ToolEmbedder = {
      id: "fake:down",
      embed: async () => {
        throw new Error("connection refused");
      },
    };
    const question = { text: "how much juice does my automobile have" };
    const withMeaning = await new ToolRetriever({ catalog: () => tools, embedder }).rank(question);
    const wordsOnly = await new ToolRetriever({ catalog: () => tools }).rank(question);
    const failing = await new ToolRetriever({ catalog: () => tools, embedder: broken }).rank(question);
    const place = (ranked: typeof wordsOnly) => ranked.findIndex((t) => t.name === car.name);
    expect(place(withMeaning)).toBeLessThan(place(wordsOnly));
    expect(failing.map((t) => t.name)).toEqual(wordsOnly.map((t) => t.name));
  });
});
