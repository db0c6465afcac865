import { describe, expect, it } from "vitest";
import type { NluResult } from "../../src/brain/nlu/index.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Categories of request where one tool was read for another (the team's own words): a folder
 * shown is listed and a file shown is read, "but don't send it" is a draft, windows are the
 * windows group's and apps the apps group's, and the less usual ways of taking an alarm away.
 */
const { parse } = await createTestNlu();
const acted = (result: NluResult) =>
  result.confidence >= 0.9 && !result.missing?.length ? result.tool : undefined;

describe("what a request is about decides the tool", () => {
  it("lists a folder and reads a file, whichever verb shows them", () => {
    expect(parse("show me the downloads folder")).toMatchObject({
      tool: "files_list",
      args: { path: "~/Downloads" },
    });
    expect(parse("show me what's inside plan.txt")).toMatchObject({
      tool: "files_read",
      args: { path: "plan.txt" },
    });
    expect(parse("print the contents of ~/shopping.md")).toMatchObject({ tool: "files_read" });
    expect(parse("list the files on my desktop")).toMatchObject({
      tool: "files_list",
      args: { path: "~/Desktop" },
    });
  });

  it("keeps a mail the user said not to send as a draft, never a send", () => {
    const result = parse("compose an email to priya but do not send it");
    expect(result.tool).toBe("mail_draft");
    expect(result.args).toMatchObject({ to: ["priya"] });
    expect(parse("email priya saying the keys are under the mat").tool).toBe("mail_send");
  });

  it("does not take a word like 'saying' for the person a reply goes to", () => {
    const result = parse("reply to the last email saying thanks");
    expect(acted(result)).toBeUndefined();
    expect(JSON.stringify(result.args ?? {})).not.toContain("saying");
  });

  it("lists windows as windows and installed apps as apps", () => {
    expect(acted(parse("which windows are open"))).toBe("windows_list");
    expect(acted(parse("what apps are installed"))).toBe("apps_list");
  });

  it("takes an alarm away however it is said, and never lists alarms instead", () => {
    expect(acted(parse("scrap my morning alarm"))).toBe("alarm_cancel");
    expect(acted(parse("ditch the alarm for 7am"))).toBe("alarm_cancel");
    expect(acted(parse("get rid of my timer"))).toBe("timer_cancel");
  });

  it("summarizes a page asked for its key points, and takes a picture of the screen", () => {
    expect(parse("give me the key points of https://example.org/post")).toMatchObject({
      tool: "docs_summarize",
      args: { url: "https://example.org/post" },
    });
    expect(acted(parse("grab a picture of my screen"))).toBe("screen_capture");
  });
});
