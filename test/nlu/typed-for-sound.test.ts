import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { heardAs } from "../../src/brain/nlu/text/heard.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Real words typed for their sound-alikes, put back only where their neighbours allow nothing else. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const heard = (text: string) =>
  heardAs(tokenize(text))
    .map((t) => t.w)
    .join(" ");

describe("a count of time typed as 'our'", () => {
  it("reads an hour after 'an' or a counted number", () => {
    expect(heard("ping me in an our about the bins")).toContain("an hour");
    expect(heard("half an our")).toContain("half an hour");
    expect(heard("set a timer for 2 ours")).toContain("2 hours");
    expect(heard("wait for three ours")).toContain("three hours");
  });

  it("keeps 'our' where it is the word meant", () => {
    expect(heard("what's on our calendar")).toContain("our calendar");
    expect(heard("meet at 3 our time")).toContain("our time");
  });

  it("a reminder due in an hour is a reminder, not a battery reading", () => {
    expect(nlu.parse("remind me in an our to water the ferns", base)).toMatchObject({
      tool: "reminders_create",
    });
  });
});

describe("'write' typed as 'right'", () => {
  it("reads write before a thing that is written", () => {
    expect(heard("right a note saying buy stamps")).toBe("write a note saying buy stamps");
    expect(heard("right me an email")).toBe("write me an email");
  });

  it("keeps right as a direction or an agreement", () => {
    expect(heard("move it right a bit")).toBe("move it right a bit");
    expect(heard("right the list is done")).toBe("right the list is done");
  });
});

describe("'weather' typed as 'whether'", () => {
  it("reads weather where the conjunction cannot stand", () => {
    expect(heard("whether for tuesday")).toBe("weather for tuesday");
    expect(heard("what's the whether like")).toContain("the weather like");
  });

  it("keeps the conjunction", () => {
    expect(heard("whether to bring a coat")).toBe("whether to bring a coat");
    expect(heard("ask whether the shop is open")).toBe("ask whether the shop is open");
  });
});

describe("typed into a field named on a page", () => {
  it("does not type where the cursor is when the field is named and then sent", () => {
    const r = nlu.parse("type blue suede shoes into the search box on the page and hit enter", base);
    expect(r.tool).not.toBe("input_type");
  });

  it("still types words said alone", () => {
    expect(nlu.parse("type hello world", base)).toMatchObject({ tool: "input_type" });
  });
});

describe("a message's people are no address", () => {
  it("a reply to everyone is not a send to someone called everyone", () => {
    const r = nlu.parse("reply to everybody that the picnic is off", base);
    expect(r.args?.to).toBeUndefined();
  });
});

describe("a message that names no mail", () => {
  it("is not sent as an email on the template's word alone", () => {
    const r = nlu.parse("send a message to the plumber saying the gate code is 4411", base);
    expect(r.kind === "action" && r.tool === "mail_send" && r.confidence >= 0.9).toBe(false);
  });

  it("an email, or a message to an address, is still mail", () => {
    expect(nlu.parse("send an email to the plumber saying the gate code is 4411", base)).toMatchObject({
      tool: "mail_send",
    });
    expect(nlu.parse("send a message to sam@example.com saying hi", base)).toMatchObject({
      tool: "mail_send",
    });
  });
});

describe("'off' typed as 'of' after taking something off a list", () => {
  it("takes the thing off, never shows the list", () => {
    expect(nlu.parse("take the eggs of my shopping list", base)).toMatchObject({
      tool: "lists_remove",
      args: { list: "shopping" },
    });
  });
});

describe("the thing to copy after a colon, its purpose said first", () => {
  it("copies what follows the colon, never the purpose", () => {
    for (const said of [
      "copy this so I can paste it: 22 Orchard Way",
      "copy this so I can paste it later: 22 Orchard Way",
    ])
      expect(nlu.parse(said, base), said).toMatchObject({
        tool: "clipboard_write",
        args: { text: "22 Orchard Way" },
      });
  });

  it("without a colon the words after 'paste it' say where, and are not copied", () => {
    const r = nlu.parse("copy this so I can paste it into maps", base);
    expect(r.args?.text).toBeUndefined();
  });
});
