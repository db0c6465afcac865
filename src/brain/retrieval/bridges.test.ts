import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { toolLanguage } from "./language.js";
import { prefixOf, termOf } from "./terms.js";
import { type CatalogTool, ToolIndex } from "./tool-index.js";

const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-bridges-"));
afterAll(() => fixture.close());
const top = fixture.top.bind(fixture);
const rankOf = fixture.rankOf.bind(fixture);

describe("bridging the request's words to the tools' words", () => {
  const kiln = (name: string, description: string): CatalogTool => ({ name, group: "mcp:kiln", description });
  const tools = [
    kiln("mcp_kiln_vent", "Ventilate the room when a firing ends."),
    kiln("mcp_kiln_glaze", "Record the content of a glaze batch."),
    kiln("mcp_kiln_colour", "Set the colour of the status lamp."),
    kiln("mcp_kiln_context", "Show the context of a firing log."),
  ];
  let own: ToolIndex;
  beforeAll(() => {
    own = new ToolIndex([...fixture.catalog, ...tools], toolLanguage([...fixture.catalog, ...tools]));
  });
  const place = (text: string, name: string) => own.rank({ text }).findIndex((t) => t.name === name);

  it("folds spellings both ways: a request meets a tool whichever spelling either uses", () => {
    expect(termOf("minimise")).toBe(termOf("minimize"));
    expect(termOf("colours")).toBe(termOf("colors"));
    expect(termOf("metres")).toBe(termOf("meters"));
    expect(termOf("copied")).toBe(termOf("copy"));
    expect(place("make the kiln lamp color green", "mcp_kiln_colour")).toBe(0);
    expect(top({ text: "minimise everything except the browser" }, 12)).toContain("windows_minimize");
  });

  it("looks for a word no tool has by its first letters, and a word a tool has only as itself", () => {
    // No tool says "ventilation": its first letters meet "ventilate"
    const bridged = own.rank({ text: "kiln ventilation please" });
    const score = (name: string) => bridged.find((t) => t.name === name)!.score;
    expect(bridged[0]!.name).toBe("mcp_kiln_vent");
    expect(score("mcp_kiln_vent")).toBeGreaterThan(score("mcp_kiln_glaze") * 1.5);
    // "context" shares its first letters with "content", but a tool has it: no bridge is taken
    expect(prefixOf("context")).toBe(prefixOf("content"));
    const ranked = own.rank({ text: "kiln context" });
    expect(ranked[0]!.name).toBe("mcp_kiln_context");
    expect(ranked.find((t) => t.name === "mcp_kiln_glaze")!.score).toBeLessThan(ranked[0]!.score / 2);
  });

  it("reads the values the groups declare: a temperature or an area is a sum, a clock time an alarm", () => {
    const shapes: Array<[string, string, number]> = [
      ["the pie wants 220C, what is that for an oven dial in fahrenheit", "calc_evaluate", 5],
      ["the shed is 12 square metres, what is that in sq ft", "calc_evaluate", 5],
      ["coffee beans are priced per pound, what does that come to per kilo", "calc_evaluate", 8],
      ["grab the figure from the clipboard and times it by 3.5", "calc_evaluate", 15],
      ["my laptop drive is almost full, what is eating all the space", "shell_run", 8],
    ];
    for (const [text, tool, within] of shapes) expect(top({ text }, within), text).toContain(tool);
    // A clock time said alone is what an alarm is named by: it lifts the alarms, weakly
    const said = rankOf({ text: "scrap the 6:45 one tomorrow, I am working from home" }, "alarm_cancel");
    expect(said).toBeLessThan(
      rankOf({ text: "scrap the early one tomorrow, I am working from home" }, "alarm_cancel"),
    );
    expect(said).toBeLessThan(20);
    // A bare number with a letter is not a temperature unless the letter stands alone
    expect(top({ text: "book flat 3B for the viewing on friday" }, 5)).not.toContain("calc_evaluate");
  });

  it("reads a situation or a domain the groups declare as the tool it implies", () => {
    // Neither names what it needs: no tool says "desk" or "serves"
    const situations: Array<[string, string, number]> = [
      ["I am stepping away from my desk for lunch", "system_lock", 3],
      ["scale the pancake batter so it serves ten rather than four", "calc_evaluate", 3],
    ];
    for (const [text, tool, within] of situations) {
      expect(top({ text }, within), text).toContain(tool);
    }
  });

  it("reads what a goal leaves unsaid as the tool it needs first (categories the groups declare)", () => {
    // None of these names the tool: a sum to tot up, a notice shown, a public fact, a person
    // told something (whose address is looked up), something told to the assistant before
    const goals: Array<[string, string, number]> = [
      ["tot up what the boiler repairs cost us this winter", "calc_evaluate", 5],
      ["when the download finishes give me a pop-up", "system_notify", 5],
      ["which petrol station is nearest to the office", "web_search", 5],
      ["let Priya know the train is running late", "contacts_search", 8],
      ["you know my shoe size, order the boots in it", "memory_recall", 8],
      ["did the council send the bin day letter? put the dates in my diary", "mail_search", 8],
      ["when the backup is done, pop it up in the corner", "system_notify", 5],
      ["read the scan I have open and tell me the total", "screen_ocr", 8],
      ["what does the error code in the dialog mean", "screen_ocr", 12],
      ["this week's dinners \u2014 porridge Mon, curry Thu, fish Fri", "lists_add", 20],
    ];
    for (const [text, tool, within] of goals) expect(top({ text }, within), text).toContain(tool);
    // The person's name is what brings the look-up: the same news with no one named does not lift it
    expect(rankOf({ text: "let Priya know the train is running late" }, "contacts_search")).toBeLessThan(
      rankOf({ text: "the train is running late" }, "contacts_search"),
    );
  });

  it("reads the checks, times and answers the groups declare by category (fresh goal-style wording)", () => {
    // A machine check a program answers, a clock time in another zone or asked about elsewhere,
    // an appointment named by its time, a question asked "again", a prompt's button, a site's login
    const goals: Array<[string, string, number]> = [
      ["how much free space is on the backup drive", "shell_run", 8],
      ["check the load averages on this box", "shell_run", 8],
      ["what has changed in ~/src/garden-planner since Monday", "shell_run", 8],
      ["kick-off is 19:30 CET, remind me an hour before", "time_convert", 8],
      ["she said 10am, what's that in Lisbon", "time_convert", 8],
      ["is it night time there for him yet", "time_now", 8],
      ["remind me of the standup in Sydney time", "time_convert", 3],
      ["who is in my 4pm", "calendar_list_events", 8],
      ["what's the gate code again", "memory_recall", 8],
      ["shut the draft window and don't save it", "ui_action", 20],
      ["log me into the library site", "browser_type", 8],
    ];
    for (const [text, tool, within] of goals) expect(top({ text }, within), text).toContain(tool);
    // The same words without the category's mark do not bring the tool
    expect(rankOf({ text: "what's the gate code again" }, "memory_recall")).toBeLessThan(
      rankOf({ text: "what's the gate code" }, "memory_recall"),
    );
  });

  it("reads a public fact, a sum, a document or a bill the goal implies (categories the groups declare)", () => {
    // Money in another currency, reviews, a public office, a figure times a number, how many
    // fit, a temperature on the other scale, a document by its kind, a bill that arrived
    const goals: Array<[string, string, number]> = [
      ["how much is 40 euros in pounds at the moment", "web_search", 8],
      ["find me a couple of well-reviewed hiking boots", "web_search", 8],
      ["who is the mayor of Leeds these days", "web_search", 8],
      ["the day rate times 18 days", "calc_evaluate", 10],
      ["how many 45 minute lessons fit into a morning", "calc_evaluate", 8],
      ["tomorrow's high in Oslo, in fahrenheit please", "calc_evaluate", 12],
      ["the notice period we agreed in the consulting proposal", "knowledge_search", 8],
      ["what did the water bills come to this year", "mail_search", 10],
    ];
    for (const [text, tool, within] of goals) expect(top({ text }, within), text).toContain(tool);
  });

  it("reads a control inside a named app, a sound heard, something visible and a post's comments", () => {
    const goals: Array<[string, string, number]> = [
      ["In Writer, switch on track changes", "ui_action", 5],
      ["double-click the icon named backup that's visible", "screen_find_text", 5],
      ["pull the best tips out of the comments", "browser_get_text", 5],
      ["start my workout mix in Spotify", "media_play", 5],
    ];
    for (const [text, tool, within] of goals) expect(top({ text }, within), text).toContain(tool);
    // Inside a named app's call its controls are meant; the same words with no app named are not
    expect(rankOf({ text: "turn my camera off on the Teams call" }, "ui_action")).toBeLessThan(
      rankOf({ text: "turn my camera off on the call" }, "ui_action") - 40,
    );
    // A sound heard and not placed is what is playing
    expect(rankOf({ text: "something is making a racket, what is it" }, "media_now_playing")).toBeLessThan(
      rankOf({ text: "something is loud, what is it" }, "media_now_playing") - 20,
    );
  });

  it("reads a booking form's counts as choices and the best of a kind within a price as research", () => {
    expect(top({ text: "on the booking page pick 3 guests and the sea view" }, 5)).toContain(
      "browser_select",
    );
    expect(rankOf({ text: "the best trail shoes under £120" }, "web_search")).toBeLessThan(12);
    expect(rankOf({ text: "the trail shoes" }, "web_search")).toBeGreaterThan(50);
  });

  it("lifts a program to run beside a check of the machine (system and shell work together)", () => {
    // The machine's settings say how much memory there is; a program says what is using it
    expect(rankOf({ text: "is this computer low on memory" }, "shell_run")).toBeLessThan(15);
  });

  it("lifts the keys and typing of an app the request launches (apps and input work together)", () => {
    // Saving is a key chord in the app's window: no word of the request names the keys
    expect(rankOf({ text: "launch gedit and save the file as notes" }, "input_hotkey")).toBeLessThan(24);
  });

  it("lists the tools a group declares general, and never another group's tool", () => {
    const ledger: CatalogTool = {
      name: "mcp_ledger_total",
      group: "mcp:ledger",
      description: "Add up the open bills.",
      groupCues: { general: ["mcp_ledger_total", "files_read"] },
    };
    const own = new ToolIndex([...fixture.catalog, ledger], toolLanguage([...fixture.catalog, ledger]));
    expect(own.general()).toContain("mcp_ledger_total");
    expect(own.general()).not.toContain("files_read");
    // The built-in groups: a sum and a web search end many goals without being named
    expect(fixture.index.general()).toEqual(expect.arrayContaining(["calc_evaluate", "web_search"]));
  });
});
