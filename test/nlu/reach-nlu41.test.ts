import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Kinds of request that new writers put in shapes the groups did not read (nlu41), in our words. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("a text with its words, sent to a name or a role", () => {
  it("reads a message said with 'saying' or 'that' as a text", () => {
    expect(acted("send a message to Priya saying the gate code changed")).toMatchObject({
      tool: "contacts_call",
      args: { query: "Priya", via: "text", message: "the gate code changed" },
    });
    expect(acted("send message to my landlord that the boiler is fixed")).toMatchObject({
      tool: "contacts_call",
      args: { query: "my landlord", via: "text", message: "the boiler is fixed" },
    });
  });

  it("takes a role said with 'the' as who to text or phone", () => {
    expect(acted("send a text to the plumber saying come after lunch")).toMatchObject({
      tool: "contacts_call",
      args: { query: "plumber", via: "text", message: "come after lunch" },
    });
    expect(acted("send a text to the childminder: stuck at work")).toMatchObject({
      tool: "contacts_call",
      args: { query: "childminder", message: "stuck at work" },
    });
    expect(acted("phone the vet")).toMatchObject({ tool: "contacts_call", args: { query: "vet" } });
  });

  it("asks who 'him' or 'her' is rather than texting a pronoun", () => {
    const r = parse("text her that dinner is at seven");
    expect(r.tool).toBe("contacts_call");
    expect(r.missing).toEqual(["query"]);
  });
});

describe("a notice to several places", () => {
  it("reads two places named together as every surface", () => {
    expect(acted("tell me now on the speakers and the screen: the taxi is here")).toMatchObject({
      tool: "notify_user",
      args: { message: "the taxi is here" },
    });
    expect(acted("tell me out loud and on the screen: lock the back door")).toMatchObject({
      tool: "notify_user",
      args: { message: "lock the back door" },
    });
  });

  it("takes words in quotation marks as what the notice says", () => {
    expect(acted("flash 'Meeting moved: room 3' up everywhere")).toMatchObject({
      tool: "notify_user",
      args: { message: "Meeting moved: room 3" },
    });
  });
});

describe("a routine named by its own name", () => {
  it("reads why it is paused, after its name, as no part of it", () => {
    expect(acted("pause the evening digest routine while we're away")).toMatchObject({
      tool: "routines_pause",
      args: { id: "evening digest" },
    });
    expect(acted("suspend the school run routine, it's half term")).toMatchObject({
      tool: "routines_pause",
      args: { id: "school run" },
    });
  });

  it("starts a paused one again, and leaves a person's habit alone", () => {
    expect(acted("start the weekly roundup again, we're home")).toMatchObject({
      tool: "routines_resume",
      args: { id: "weekly roundup" },
    });
    expect(acted("start the bin day routine back up")).toMatchObject({
      tool: "routines_resume",
      args: { id: "bin day" },
    });
    expect(acted("pause the evening briefing")).toMatchObject({
      tool: "routines_pause",
      args: { id: "evening briefing" },
    });
    expect(acted("start my stretching routine again")).toBeUndefined();
  });
});

describe("a page's element named by its kind, the page said around it", () => {
  it("asks which element for a button on a page named by whose it is", () => {
    for (const text of [
      "click the Continue button on the dentist's web page",
      "tap accept all on the page",
    ]) {
      const r = parse(text);
      expect(r.tool).toBe("browser_click");
      expect(r.missing).toEqual(["ref"]);
      expect(r.args).toEqual({});
    }
  });

  it("asks which list for a choice said in 'the dropdown', and acts with its ref said first", () => {
    const r = parse("on the hotel site choose twin room in the dropdown");
    expect(r.tool).toBe("browser_select");
    expect(r.missing).toEqual(["ref"]);
    expect(acted("in the drop-down e14 choose Medium")).toMatchObject({
      tool: "browser_select",
      args: { ref: "e14", values: ["Medium"] },
    });
  });
});

describe("a thing wanted back from the trash, not named as a file", () => {
  it("asks which one rather than guessing", () => {
    for (const text of [
      "put the budget back where it was",
      "i deleted my slides by mistake, could you get it back",
      "bring back the invoices one",
    ]) {
      const r = parse(text);
      expect(r.tool).toBe("files_restore");
      expect(r.missing).toEqual(["id"]);
    }
  });
});

describe("a video named by its bare id", () => {
  it("reads the id as the video, with the language before or after it", () => {
    expect(acted("i want the captions in french for the video Xy3_k9LmQ2a")).toMatchObject({
      tool: "youtube_transcript",
      args: { url: "Xy3_k9LmQ2a", language: "fr" },
    });
    expect(acted("transcript for youtube video 0aB1cD2eF3g in german")).toMatchObject({
      tool: "youtube_transcript",
      args: { url: "0aB1cD2eF3g", language: "de" },
    });
  });

  it("never takes a short word after 'video' for an id", () => {
    expect(acted("subtitles for video tonight please")).toBeUndefined();
  });
});

describe("a program named first as the means", () => {
  it("gives the program the folder the goal names, by path or by its name", () => {
    expect(acted("use du to find out how big ~/Projects is")).toMatchObject({
      tool: "shell_run",
      args: { command: "du", args: ["-sh", "~/Projects"] },
    });
    expect(acted("use du to tell me how much room my Music folder takes")).toMatchObject({
      tool: "shell_run",
      args: { command: "du", args: ["-sh", "~/Music"] },
    });
  });
});

describe("a desktop notification said as a noun phrase", () => {
  it("reads its words without a verb", () => {
    expect(acted("just a little desktop popup saying the upload finished")).toMatchObject({
      tool: "system_notify",
      args: { title: "the upload finished" },
    });
  });
});
