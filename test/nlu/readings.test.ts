import { describe, expect, it } from "vitest";
import { createNlu, type NluContext } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

const TOOLS = await builtinToolsForNlu();

const NOW = new Date("2025-06-11T10:00:00Z");
const nlu = createNlu(TOOLS, { timezone: "UTC" });
const parse = (text: string, context: NluContext = {}) =>
  nlu.parse(text, { now: NOW, timezone: "UTC", ...context });

describe("embedded NLU: readings added after measuring misses", () => {
  it("reads a radio frequency said in words as the station to play, and nothing else as one", () => {
    expect(parse("set the dial to ninety four point three")).toMatchObject({
      tool: "media_play",
      args: { query: "94.3" },
    });
    expect(parse("switch on one oh three point seven fm")).toMatchObject({
      tool: "media_play",
      args: { query: "103.7 FM" },
    });
    expect(parse("change the station to 88.5 fm")).toMatchObject({ args: { query: "88.5 FM" } });
    // Out of the FM band, and a bare number: not a frequency
    expect(parse("tune to two hundred fm").args?.query).toBeUndefined();
    expect(parse("turn on five").kind).not.toBe("action");
  });

  it("hears a quiet spell as a mute that ends after the time said", () => {
    expect(parse("set to silent for five minutes")).toMatchObject({
      tool: "system_mute",
      args: { mute: true, for_s: 300 },
    });
    expect(parse("don't talk for thirty minutes").args).toEqual({ mute: true, for_s: 1800 });
    // No duration it can read ("another hour", "until morning"): just mute, no made-up end
    for (const text of ["stay quiet until lunchtime", "mute until morning", "don't talk"]) {
      expect(parse(text), text).toMatchObject({ kind: "action", tool: "system_mute" });
      expect(parse(text).args, text).toEqual({ mute: true });
    }
    expect(parse("quiet mode on")).toMatchObject({ tool: "system_mute", args: { mute: true } });
    expect(parse("turn the sound back on")).toMatchObject({ tool: "system_mute", args: { mute: false } });
    // A bare "be quiet" still interrupts, as in a voice conversation
    expect(parse("be quiet")).toMatchObject({ kind: "dialog", dialog: "cancel" });
  });

  it("finds a volume level or a direction in a request no template covers", () => {
    expect(parse("could you set my music player volume to eighty percent")).toMatchObject({
      tool: "system_volume_set",
      args: { level: 80 },
    });
    expect(parse("this is way too loud, could you turn the music down a bit")).toMatchObject({
      tool: "system_volume_set",
      args: { change: -10 },
    });
  });

  it("answers 'check that' as a request to read back, and keeps 'confirm' a yes", () => {
    expect(parse("could you please check that")).toMatchObject({ kind: "dialog", dialog: "repeat" });
    expect(parse("did you get it right")).toMatchObject({ kind: "dialog", dialog: "repeat" });
    expect(parse("confirm")).toMatchObject({ kind: "dialog", dialog: "yes" });
  });

  it("reads 'the first alarm' with nothing listed as an ordinary alarm command", () => {
    const result = parse("remove the first alarm");
    expect(result).toMatchObject({ kind: "action", tool: "alarm_cancel" });
    expect(result.reply ?? "").not.toMatch(/nothing to refer to/);
  });

  it("tells one's own events from the town's", () => {
    expect(parse("show me my upcoming events")).toMatchObject({ tool: "calendar_list_events" });
    for (const text of ["show me upcoming events in chicago", "what's happening in my town"]) {
      expect(parse(text).kind, text).not.toBe("action");
    }
  });

  it("plays a title after 'i want to hear', but not one's own words", () => {
    expect(parse("i want to hear purple haze")).toMatchObject({
      tool: "media_play",
      args: { query: "purple haze" },
    });
    expect(parse("i want to hear what i said again").tool).not.toBe("media_play");
    expect(parse("resume the hobbit")).toMatchObject({
      tool: "media_play",
      args: { query: "hobbit" },
    });
    expect(parse("start my favourite podcast")).toMatchObject({ kind: "action", tool: "media_play" });
    expect(parse("lets play battleship").kind).not.toBe("action");
  });

  it("hands calls and texts to contacts_call with the kind of number and the message", () => {
    expect(parse("call mom")).toMatchObject({ tool: "contacts_call", args: { query: "mom" } });
    expect(parse("dial sarah's work number")).toMatchObject({
      tool: "contacts_call",
      args: { query: "sarah", type: "work" },
    });
    expect(parse("text bob saying i am late")).toMatchObject({
      tool: "contacts_call",
      args: { query: "bob", via: "text", message: "i am late" },
    });
    // A text is never placed as a call
    expect(parse("text alice").args).toMatchObject({ via: "text" });
    for (const text of [
      "dial nine one one",
      "who called me",
      "call a taxi",
      "how do i work out the area of a triangle",
    ]) {
      expect(parse(text).kind, text).not.toBe("action");
    }
  });

  it("does not read remarks about one's day as clock questions", () => {
    for (const text of ["my day was long and tiring", "i had a relaxing day today"]) {
      expect(parse(text).kind, text).not.toBe("action");
    }
  });
});

describe("embedded NLU: readings of the fifth round", () => {
  it("asks what a reminder that only names a moment is for, and keeps dated reminders reminders", () => {
    // Said "remind", it is a reminder still to be worded (nlu18), not a bare alarm
    expect(parse("remind me at five pm")).toMatchObject({
      tool: "reminders_create",
      args: { due: "2025-06-11T17:00:00+00:00" },
      missing: ["title"],
    });
    expect(parse("make me a reminder alarm at four pm on sunday")).toMatchObject({
      tool: "alarm_set",
    });
    expect(parse("remind me tomorrow")).toMatchObject({ tool: "reminders_create" });
    expect(parse("remind me to call mom at 5 pm")).toMatchObject({
      tool: "reminders_create",
      args: { title: "call mom" },
    });
  });

  it("reads a bare small hour as the afternoon's, today when it is still ahead", () => {
    // It is 10:00: "at 5" is five this afternoon, not five tomorrow morning
    expect(parse("remind me to call mom at 5").args?.due).toBe("2025-06-11T17:00:00+00:00");
    expect(parse("remind me to call mom at 5 tomorrow").args?.due).toBe("2025-06-12T17:00:00+00:00");
    expect(parse("remind me to take pills at 7 am").args?.due).toBe("2025-06-12T07:00:00+00:00");
    expect(parse("schedule a meeting at 3").args?.start).toBe("2025-06-11T15:00:00+00:00");
    // Asking after an alarm already set does not set another
    expect(parse("did i already set an alarm for seven am").tool).not.toBe("alarm_set");
  });

  it("finds the date inside what to remember when 'remind me' comes last", () => {
    expect(parse("my sister lands tomorrow morning at nine please remind me")).toMatchObject({
      tool: "reminders_create",
      args: { title: "my sister lands tomorrow morning at nine", due: "2025-06-12T09:00:00+00:00" },
    });
    // Nothing dated in it: no made-up due time
    expect(parse("the dentist please remind me").args?.due).toBeUndefined();
  });

  it("plays broadcasters and the radio by name", () => {
    expect(parse("turn on npr")).toMatchObject({ tool: "media_play", args: { query: "npr" } });
    expect(parse("put the news on bbc")).toMatchObject({ tool: "media_play", args: { query: "bbc" } });
    expect(parse("could you switch on am radio")).toMatchObject({ args: { query: "AM radio" } });
    expect(parse("go to radio")).toMatchObject({ tool: "media_play", args: { query: "radio" } });
  });

  it("seeks back, forward and to a time in the track, and leaves a bare 'go back' alone", () => {
    expect(parse("go back ten seconds")).toMatchObject({ tool: "media_seek", args: { by_s: -10 } });
    expect(parse("rewind 2 minutes")).toMatchObject({ tool: "media_seek", args: { by_s: -120 } });
    expect(parse("jump to 4:12")).toMatchObject({ tool: "media_seek", args: { to_s: 252 } });
    expect(parse("go to minute three")).toMatchObject({ tool: "media_seek", args: { to_s: 180 } });
    expect(parse("forward to four twenty")).toMatchObject({ tool: "media_seek", args: { to_s: 260 } });
    expect(parse("start the song from the beginning")).toMatchObject({ args: { to_s: 0 } });
    expect(parse("go back").tool).not.toBe("media_seek");
  });

  it("looks people up by where they live and by their birthday, searching only the name", () => {
    expect(parse("does bob live in france")).toMatchObject({
      tool: "contacts_search",
      args: { query: "bob" },
    });
    expect(parse("where does sarah work")).toMatchObject({
      tool: "contacts_search",
      args: { query: "sarah" },
    });
    expect(parse("when is john's birthday")).toMatchObject({
      tool: "contacts_search",
      args: { query: "john" },
    });
    expect(parse("does bob live in france").args).toEqual({ query: "bob" });
  });

  it("finds a contact's details asked without the possessive, and counts nothing on the calendar", () => {
    expect(parse("show ana number")).toMatchObject({ tool: "contacts_search", args: { query: "ana" } });
    expect(parse("show me priya telephone number")).toMatchObject({ args: { query: "priya" } });
    expect(parse("what is john's last name")).toMatchObject({
      tool: "contacts_search",
      args: { query: "john" },
    });
    expect(parse("how many potatoes have i got in the pantry").kind).not.toBe("action");
  });

  it("reads alarms set and removed by their hour, and new mail", () => {
    expect(parse("call me at six am")).toMatchObject({
      tool: "alarm_set",
      args: { at: "2025-06-12T06:00:00+00:00" },
    });
    expect(parse("alert me at four pm to fetch the dry cleaning")).toMatchObject({
      tool: "alarm_set",
      args: { at: "2025-06-11T16:00:00+00:00", label: "fetch the dry cleaning" },
    });
    expect(parse("one pm removed")).toMatchObject({
      tool: "alarm_cancel",
      args: { at: "2025-06-11T13:00:00+00:00" },
    });
    expect(parse("new messages")).toMatchObject({ tool: "mail_search", args: { unread: true } });
    // Looking someone up is asked about only when people were talked about
    expect(parse("does meditation help with stress").kind).not.toBe("action");
  });

  it("reads notifications and notices at a time as reminders", () => {
    expect(parse("notify me about the dentist tomorrow at 3")).toMatchObject({
      tool: "reminders_create",
      args: { title: "the dentist", due: "2025-06-12T15:00:00+00:00" },
    });
    expect(parse("set a notification on fifth april about quarterly review")).toMatchObject({
      tool: "reminders_create",
      args: { title: "quarterly review" },
    });
  });

  it("reads which lists there are and an item asked about on a list", () => {
    expect(parse("is there butter on the grocery list")).toMatchObject({
      tool: "lists_show",
      args: { list: "grocery" },
    });
    expect(parse("is there butter on the grocery list").args).toEqual({ list: "grocery" });
    expect(parse("list the lists i have")).toMatchObject({ tool: "lists_show", args: {} });
    expect(parse("delete the list of groceries")).toMatchObject({
      tool: "lists_clear",
      args: { list: "groceries" },
    });
  });

  it("adds a contact from a spoken address, with the name said before it", () => {
    expect(parse("add a new contact for maria lopez mlopez@mail dot net")).toMatchObject({
      tool: "contacts_add",
      args: { name: "maria lopez", email: "mlopez@mail.net" },
    });
    expect(parse("add a contact named sam lee with email sam@x.org").args).toEqual({
      name: "sam lee",
      email: "sam@x.org",
    });
  });

  it("acts on a sure reading that mentions something Jarvis cannot do only in passing", () => {
    expect(parse("wake me up on friday at five in the morning so i make the early train")).toMatchObject({
      tool: "alarm_set",
      args: { at: "2025-06-13T05:00:00+00:00" },
    });
    // ... but not when that is what the request is about
    expect(parse("what time does the bus from fresno get in").kind).not.toBe("action");
    expect(parse("tweet the current temperature").kind).not.toBe("action");
  });

  it("takes thanks, opinions and cooking temperatures for what they are", () => {
    expect(parse("thanks for reminding me")).toMatchObject({ kind: "chat" });
    expect(parse("i love that song who sings it").kind).not.toBe("action");
    expect(parse("i like the songs of queen please play it").kind).not.toBe("action");
    expect(parse("what temperature should the oil be for frying").kind).not.toBe("action");
    // Deleting asks only about the domain's own things
    expect(parse("delete all my files").kind).not.toBe("action");
  });

  it("hears 'replay' as a request to say the last answer again", () => {
    expect(parse("replay please")).toMatchObject({ kind: "dialog", dialog: "repeat" });
    expect(parse("could you replay your last sentence")).toMatchObject({ kind: "dialog", dialog: "repeat" });
    expect(parse("replay this song").kind).not.toBe("dialog");
  });

  it("turns it up or down without the word volume", () => {
    expect(parse("turn it up")).toMatchObject({ tool: "system_volume_set", args: { change: 10 } });
    expect(parse("turn it down please")).toMatchObject({ tool: "system_volume_set", args: { change: -10 } });
    expect(parse("please delete any alarms i have set")).toMatchObject({
      tool: "alarm_cancel",
      args: { all: true },
    });
  });
});
