import { describe, expect, it } from "vitest";
import { heardAs } from "../../src/brain/nlu/text/heard.js";
import { dropContrasted } from "../../src/brain/nlu/text/negation.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Everyday wording the NLU read badly (decision 0042), by kind: dictation with no punctuation
 * and sound-alike numbers, a refused thing said without a break, two details in one breath, a
 * warmer lead-in, and units and papers named another way. Sentences are the team's own.
 */
const { parse } = await createTestNlu();
const words = (text: string, read: (t: ReturnType<typeof tokenize>) => ReturnType<typeof tokenize>) =>
  read(tokenize(text))
    .map((t) => t.w)
    .join(" ");
const heard = (text: string) => words(text, heardAs);
const refused = (text: string) => words(text, (t) => dropContrasted(t, text));

describe("sound-alike numbers", () => {
  it("are numbers only where a number is meant", () => {
    expect(heard("wake me at for o'clock")).toBe("wake me at four o'clock");
    expect(heard("a timer for tree minutes")).toBe("a timer for three minutes");
    expect(heard("back in too hours")).toBe("back in two hours");
    expect(heard("remind me 2 post the parcel")).toBe("remind me to post the parcel");
    for (const text of ["a tree in the garden", "look for the keys", "send me 2 photos", "I have 2 meetings"])
      expect(heard(text)).toBe(words(text, (t) => t));
  });

  it("reach the moment a request reads", () => {
    const r = parse("remind me to ring the vet at for o'clock");
    expect(r.tool).toBe("reminders_create");
    expect(r.args?.due).toMatch(/T16:00/);
  });
});

describe("a refused thing dictated with no punctuation", () => {
  it("is left out up to the request", () => {
    expect(refused("not a timer set an alarm for six")).toBe("set an alarm for six");
    expect(refused("don't start a timer just an alarm at seven")).toBe("an alarm at seven");
    expect(refused("don't ring her, text Bea that I'm outside")).toBe("text bea that i am outside");
    expect(refused("grab just the page not my whole desktop")).toBe("grab just the page");
    expect(refused("put 'renew the car tax' on my list, no date needed")).toBe(
      "put renew the car tax on my list",
    );
  });

  it("stays when the 'not' is part of the request", () => {
    for (const text of [
      "don't let me forget the bins",
      "remind me only if it is not sunny",
      "do not disturb",
    ])
      expect(refused(text)).toBe(words(text, (t) => t));
  });
});

describe("two details in one breath", () => {
  it("keeps what a timer is for beside its length", () => {
    expect(parse("a 20 minute bread timer").args).toEqual({ duration_s: 1200, label: "bread" });
    expect(parse("timer 8 min boiled eggs").args).toEqual({ duration_s: 480, label: "boiled eggs" });
    const r = parse("set a timer for the potatoes");
    expect(r.tool).toBe("timer_set");
    expect(r.missing).toEqual(["duration_s"]);
    expect(r.args).toMatchObject({ label: "potatoes" });
  });

  it("keeps a name given to an alarm, and a quiet spell given to the mute", () => {
    expect(parse("alarm at 6:40 tomorrow, call it 'bins out'").args).toMatchObject({ label: "bins out" });
    expect(parse("mute the laptop for 2 hours, I've got a meeting").args).toEqual({
      mute: true,
      for_s: 7200,
    });
  });
});

describe("other ways of naming", () => {
  it("reads a warmer lead-in, doses and plural papers", () => {
    expect(parse("I would very much like to hear some Debussy").tool).toBe("media_play");
    expect(parse("convert 250 micrograms into milligrams").args).toEqual({ expression: "250 ug to mg" });
    expect(parse("what do my tenancy agreements say about pets").tool).toBe("knowledge_search");
    expect(parse("£2.20 bus fare times two trips times five days").args).toEqual({
      expression: "2.2 * 2 * 5",
    });
    expect(parse("two people times a week").tool).not.toBe("calc_evaluate");
  });
});

describe("a goal or a shape instead of the tool's own words", () => {
  it("reads requests said by their purpose or their shape", () => {
    expect(parse("copy my sister's address so I can paste it into the form: 4 Hill Rise, York").args).toEqual(
      {
        text: "4 Hill Rise, York",
      },
    );
    expect(parse("pop a note up on the screen saying feed the fish").args).toEqual({
      title: "feed the fish",
    });
    expect(parse("write a message to Ines: the keys are under the mat").args).toEqual({
      via: "text",
      query: "Ines",
      message: "the keys are under the mat",
    });
    const text = parse("send a text saying the parcel came");
    expect(text.tool).toBe("contacts_call");
    expect(text.missing).toEqual(["query"]);
    expect(parse("mark 'book the MOT' done").args).toEqual({ id: "book the MOT" });
    expect(parse("email Ravi subject the quote saying can you do Thursday").args).toEqual({
      to: ["Ravi"],
      subject: "The quote",
      body: "can you do Thursday",
    });
    expect(parse("bring up the newest thread with the letting agent").args).toMatchObject({
      from: "letting agent",
    });
    expect(parse("anything from the swimming club about the gala?").tool).toBe("mail_search");
  });

  it("reads a date asked about and a place said before the list", () => {
    expect(parse("2027-01-01, what day of the week is that").args).toMatchObject({ date: "2027-01-01" });
    expect(parse("not on the calendar, only on my chores list: clean the oven").args).toEqual({
      list: "chores",
      items: ["clean the oven"],
    });
  });

  it("asks about the request when a second sentence follows it", () => {
    const r = parse("What is written in ~/Desktop/todo.txt? Read the whole thing.");
    expect(r.tool).toBe("files_read");
    expect(r.args).toEqual({ path: "~/Desktop/todo.txt" });
  });
});

describe("a correction said as a preference", () => {
  it("changes the last call", () => {
    const lastCall = { tool: "timer_set", args: { duration_s: 600, label: "soup" } };
    expect(parse("no, better 25 minutes", { lastCall }).args).toEqual({ duration_s: 1500, label: "soup" });
    expect(parse("nvm make it 5", { lastCall }).args).toEqual({ duration_s: 300, label: "soup" });
    const alarm = { tool: "alarm_set", args: { at: "2025-06-12T06:00:00+00:00" } };
    expect(parse("on second thoughts I would prefer half past six", { lastCall: alarm }).args).toMatchObject({
      at: "2025-06-12T06:30:00+00:00",
    });
  });

  it("and a reply to everyone asks which message, keeping what it says", () => {
    const r = parse("reply to all: works for me, see you at ten");
    expect(r.tool).toBe("mail_reply");
    expect(r.missing).toEqual(["id"]);
    expect(r.args).toMatchObject({ reply_all: true, body: "works for me, see you at ten" });
  });
});
