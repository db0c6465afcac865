import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Mail and calendar said the way people say them: forms, folders, fitting things in. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("mail", () => {
  it("reads an email written as a form: who, subject, body", () => {
    expect(
      acted("send an email to ops@example.org, subject Backups, body: the nightly job failed"),
    ).toMatchObject({
      tool: "mail_send",
      args: { to: ["ops@example.org"], subject: "Backups", body: "the nightly job failed" },
    });
  });

  it("reads the form's fields whatever verb and punctuation surround them", () => {
    expect(acted("mail to my sister, subject the party, body bring the cake please")).toMatchObject({
      tool: "mail_send",
      args: { to: ["my sister"], subject: "the party", body: "bring the cake please" },
    });
    expect(acted("Send Mrs Okafor an email now, subject 'Rent', body 'The rent is paid.'")).toMatchObject({
      tool: "mail_send",
      args: { to: ["Mrs Okafor"], subject: "Rent", body: "The rent is paid" },
    });
    expect(acted("send reports/q3.pdf to fin@corp.com subject Q3 body figures attached")).toMatchObject({
      tool: "mail_send",
      args: { to: ["fin@corp.com"], subject: "Q3", attachments: ["reports/q3.pdf"] },
    });
  });

  it("sends the file a form names after its body, and keeps it out of the words", () => {
    const r = parse(
      "email the landlord, subject damp, body it is back in the hall, and attach ~/Pictures/wall.jpg",
    );
    expect(r).toMatchObject({
      tool: "mail_send",
      args: { subject: "damp", body: "it is back in the hall", attachments: ["~/Pictures/wall.jpg"] },
    });
  });

  it("keeps a form said to be saved as a draft, never sends it", () => {
    for (const text of [
      "draft to ops@firm.co.uk, subject Timesheet, body Attached is my timesheet",
      "write a draft to the school office, subject 'Absence', body 'Ana is ill today'. Don't send it.",
      "write an email to lee@x.org, subject gutter, tell him I can come monday, but just save it",
      "save a draft to ann@b.com subject lunch friday, body are you still free on friday?",
    ])
      expect(parse(text).tool, text).toBe("mail_draft");
    expect(
      acted("just draft, don't send: to kim@shop.com, subject Stock, text Two boxes short"),
    ).toMatchObject({
      args: { to: ["kim@shop.com"], subject: "Stock", body: "Two boxes short" },
    });
  });

  it("sends nothing on a form whose thing sent is no file", () => {
    expect(acted("send the photos to dad subject holiday say here they are")).toBeUndefined();
  });

  it("searches a mail folder, but never a folder on disk", () => {
    expect(acted("look in my Drafts folder for the letter to the council")).toMatchObject({
      tool: "mail_search",
      args: { mailbox: "Drafts" },
    });
    expect(acted("look in my photos folder for the beach pictures")?.tool).not.toBe("mail_search");
  });

  it("finds the mail from someone about something", () => {
    expect(acted("find the email from the garage about the MOT")).toMatchObject({
      tool: "mail_search",
      args: { from: "garage", query: "the MOT" },
    });
  });
});

describe("calendar", () => {
  it("fits an event in when it is pencilled in", () => {
    expect(acted("pencil in a piano lesson on friday at 5pm")).toMatchObject({
      tool: "calendar_create_event",
      args: { title: "piano lesson", start: "2025-06-13T17:00:00+00:00" },
    });
  });

  it("asks what to add when only 'something' is named, and never books an email", () => {
    const vague = parse("put something in my diary for monday at 10am");
    expect(vague.tool).toBe("calendar_create_event");
    expect(vague.missing).toEqual(["title"]);
    expect(acted("schedule the newsletter email for thursday at 9")).toBeUndefined();
  });

  it("finds free time of a given length", () => {
    expect(acted("when am i free for 90 minutes tomorrow")).toMatchObject({
      tool: "calendar_find_free_time",
      args: { duration_min: 90 },
    });
  });
});

describe("a reply said right after a message was read", () => {
  it("keeps what to say and asks which message", () => {
    for (const text of ["reply to it: see you at nine", "answer her that the van comes at 8"]) {
      const r = parse(text);
      expect(r.tool, text).toBe("mail_reply");
      expect(r.missing, text).toEqual(["id"]);
    }
  });
});

describe("a mail searched by a word of its subject", () => {
  it("asks with its verb first", () => {
    expect(acted("find the email with refund in the subject")).toMatchObject({
      tool: "mail_search",
      args: { subject: "refund" },
    });
  });
});
