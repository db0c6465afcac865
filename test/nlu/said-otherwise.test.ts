import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { heardAs } from "../../src/brain/nlu/text/heard.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { SpellingCorrector } from "../../src/brain/nlu/text/spelling.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Requests said as something other than a command (nlu36): a need stated, a terse form with no
 * verb, a literal translation of "remind me", a real word typed for a command's word. Each is
 * read as the command it stands for, and a guess is asked, never acted on.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const parse = (text: string) => nlu.parse(text, base);
const heard = (text: string) =>
  heardAs(tokenize(text))
    .map((t) => t.w)
    .join(" ");

describe("a need stated instead of a command", () => {
  it("a habit of forgetting to do something is asked as a reminder", () => {
    const r = parse("i keep forgetting to water the ferns");
    expect(r).toMatchObject({ kind: "action", tool: "reminders_create", args: { title: "water the ferns" } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("keeps the days the habit comes back on", () => {
    const r = parse("I always forget to put the recycling out on tuesdays");
    expect(r).toMatchObject({ tool: "reminders_create", args: { repeat: "tue" } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("never recalling a fact is asked as a look-up of what was remembered", () => {
    const r = parse("I can never remember which drawer the spare charger is in");
    expect(r).toMatchObject({
      tool: "memory_recall",
      args: { query: "which drawer the spare charger is in" },
    });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a fear or a resolve not to forget a task later is asked as a reminder, with its time", () => {
    const r = parse("bit nervous I might forget to collect the dry cleaning at 5 today");
    expect(r).toMatchObject({
      kind: "action",
      tool: "reminders_create",
      args: { title: "collect the dry cleaning" },
    });
    expect(r.args?.due).toMatch(/T17:00/);
    expect(r.confidence).toBeLessThan(0.9);
    expect(parse("I must not forget to book the MOT on thursday")).toMatchObject({
      tool: "reminders_create",
      args: { title: "book the MOT" },
    });
  });

  it("leaves a forgetting already past, or a vow, unread as a reminder", () => {
    expect(parse("I forgot to switch the porch light off").tool).not.toBe("reminders_create");
    expect(parse("I will never forget to thank you for this").tool).not.toBe("reminders_create");
  });

  it("leaves a forgetting that asks for nothing alone", () => {
    const r = parse("I keep forgetting things lately");
    expect(r.kind === "action" && r.confidence >= 0.9).toBe(false);
  });
});

describe("a thing and a length of time with no verb", () => {
  it("is asked as a labelled timer", () => {
    for (const text of ["LENTILS TWENTY MINUTES GO", "rice. 15 minutes."]) {
      const r = parse(text);
      expect(r, text).toMatchObject({ kind: "action", tool: "timer_set" });
      expect(r.confidence, text).toBeLessThan(0.9);
    }
    expect(parse("lentils twenty minutes").args).toMatchObject({ duration_s: 1200 });
  });

  it("leaves a seek in a track alone", () => {
    expect(parse("skip forward two minutes").tool).not.toBe("timer_set");
  });
});

describe("words typed for a command's words", () => {
  it("'remember me to' is read as 'remind me to'", () => {
    expect(heard("remember me to ring the garage")).toBe("remind me to ring the garage");
    expect(heard("make me remember to ring the garage")).toBe("remind me to ring the garage");
    expect(heard("remember me")).toBe("remember me");
    expect(parse("remember me to ring the garage at 4 pm")).toMatchObject({
      tool: "reminders_create",
      args: { title: "ring the garage" },
    });
  });

  it("'write' is 'right' where a side is named", () => {
    expect(heard("move it to the write half")).toBe("move it to the right half");
    expect(heard("dock it on the write")).toBe("dock it on the right");
    expect(heard("write a note")).toBe("write a note");
  });

  it("'time' is 'timer' set for a length, not for a clock time", () => {
    expect(heard("set a time for 20 minutes")).toBe("set a timer for 20 minutes");
    expect(heard("set a time for 5 pm")).toBe("set a time for 5 pm");
    expect(heard("what time for the train")).toBe("what time for the train");
  });

  it("a three-letter word missing a vowel of a common word is that word", () => {
    const speller = new SpellingCorrector(
      new Map([
        ["open", 400],
        ["the", 900],
        ["opt", 1],
      ]),
    );
    expect(speller.correct("opn")).toBe("open");
    expect(speller.correct("tkt")).toBe("tkt");
  });
});

describe("the classifier's whole ranking, re-ranked by structure", () => {
  it("a number to ring, read as no request at first, is asked as a call", () => {
    const r = parse("dial 0207 946 0123");
    expect(r).toMatchObject({ kind: "action", tool: "contacts_call", args: { query: "0207 946 0123" } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a name alone, or a request declined for its reason, is no evidence", () => {
    for (const text of ["video call my gran", "book me in with the dentist next week"])
      expect(parse(text).kind, text).not.toBe("action");
  });
});

describe("shapes that name their parts in any order", () => {
  it("a voice and a screen named together are a notice on every surface", () => {
    for (const [text, message] of [
      ["tell me out loud and on screen: the kettle has boiled", "the kettle has boiled"],
      ["inform me on the computer and by voice as well: dinner is on the table", "dinner is on the table"],
    ] as const)
      expect(parse(text), text).toMatchObject({ tool: "notify_user", args: { message } });
    expect(parse("tell me aloud and on my screen, titled Tea: the pot is ready")).toMatchObject({
      tool: "notify_user",
      args: { title: "Tea", message: "the pot is ready" },
    });
  });

  it("captions in a language are the video's own, with the language as its code", () => {
    expect(parse("subtitles in dutch for video https://youtu.be/Qw12Er34Ty5")).toMatchObject({
      tool: "youtube_transcript",
      args: { language: "nl", url: "https://youtu.be/Qw12Er34Ty5" },
    });
    expect(parse("Welsh captions of youtu.be/Qw12Er34Ty5 please")).toMatchObject({
      tool: "youtube_transcript",
      args: { language: "cy" },
    });
  });

  it("a language by name is no misspelt place", () => {
    const speller = new SpellingCorrector(new Map([["germany", 5]]));
    expect(speller.correct("german")).toBe("german");
  });

  it("a text to someone, then what it says", () => {
    expect(parse("send a text to alice saying the gate code changed")).toMatchObject({
      tool: "contacts_call",
      args: { query: "alice", via: "text", message: "the gate code changed" },
    });
  });
});

describe("politeness around the command", () => {
  it("reads the command inside the courtesy", () => {
    expect(parse("would you be so kind as to cancel the egg timer")).toMatchObject({ tool: "timer_cancel" });
    expect(parse("excuse me, could you mute the sound")).toMatchObject({ tool: "system_mute" });
    expect(parse("ring my daughter Anna if it's not too much trouble")).toMatchObject({
      tool: "contacts_call",
    });
  });
});

describe("another language's phrasing said word for word", () => {
  it("reads the English phrasing", () => {
    expect(heard("how much is the clock")).toBe("what time is it");
    expect(heard("what is the clock in Lima")).toBe("what time is it in lima");
    expect(heard("how late is it")).toBe("what time is it");
    expect(heard("how late is it open")).toBe("how late is it open");
    expect(heard("how many time before the holidays")).toBe("how much time before the holidays");
    expect(heard("play it again and again")).toBe("play it on repeat");
    expect(heard("delay the alarm by ten minutes")).toBe("snooze the alarm by ten minutes");
    expect(heard("delay the meeting by ten minutes")).toBe("delay the meeting by ten minutes");
    expect(heard("tell me please how far it is to york")).toBe("how far it is to york");
    expect(heard("tell me when mail from ana arrives")).toBe("tell me when mail from ana arrives");
  });

  it("acts on the hour asked as a price", () => {
    expect(parse("how much is the clock")).toMatchObject({ tool: "time_now" });
  });
});

describe("a purpose after the command, and a fact announced before it is said", () => {
  it("reads the command without its purpose, and asks it", () => {
    const r = parse("put 14 Elm Road on the clipboard so I can paste it");
    expect(r).toMatchObject({ tool: "clipboard_write", args: { text: "14 Elm Road" } });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a purpose beyond any tool still declines", () => {
    expect(parse("open the browser so I can order a pizza").kind).not.toBe("action");
  });

  it("keeps the fact after 'mark this well:' or 'keep this in mind,'", () => {
    expect(parse("mark this well: the spare key is under the blue pot")).toMatchObject({
      tool: "memory_remember",
      args: { text: "the spare key is under the blue pot" },
    });
    expect(parse("keep this in mind, the gate code is 4455")).toMatchObject({
      tool: "memory_remember",
      args: { text: "the gate code is 4455" },
    });
  });
});

describe("a stated need beside a request", () => {
  it("the request said after the need is what is asked", () => {
    expect(parse("I keep forgetting to phone my aunt May, can you ring her now while I remember").tool).toBe(
      "contacts_call",
    );
  });
});

describe("another window of an app, started with a particle or stated as a need", () => {
  it("is the app started again in a new window", () => {
    for (const text of ["spin up another terminal window", "I need another terminal, a fresh window"])
      expect(parse(text), text).toMatchObject({
        tool: "apps_launch",
        args: { app: "terminal", new_window: true },
      });
  });
});

describe("a routine's hour said with its part of the day", () => {
  it("reads 'at 7 in the morning' and 'at 6 in the evening'", () => {
    expect(parse("every weekday at 7 in the morning tell me the weather")).toMatchObject({
      tool: "routines_create",
      args: { cron: "0 7 * * 1-5" },
    });
    expect(parse("every friday at 6 in the evening tell me my meetings")).toMatchObject({
      tool: "routines_create",
      args: { cron: "0 18 * * 5" },
    });
  });
});

describe("the clipboard named by what it does", () => {
  it("reads what is inside 'the copy memory'", () => {
    expect(parse("what is inside the copy memory")).toMatchObject({ tool: "clipboard_read" });
  });
});
