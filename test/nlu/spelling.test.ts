import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { correctTokens, SpellingCorrector } from "../../src/brain/nlu/text/spelling.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Slips of the keyboard in everyday commands, in the team's own words: what the corrector puts
 * right, and the words it must leave as typed (names, quotes, paths, the user's own data, real
 * words that merely look like slips).
 */
const VOCABULARY = [
  ..."open open open read read list list time time pull volume delete search search email email".split(" "),
  ..."clipboard calendar calendar anything remember photo march take set settings good meet zoom".split(" "),
  ..."letter color wifi timer timer the the the my on in".split(" "),
];
const speller = new SpellingCorrector(VOCABULARY);
const fixed = (text: string, theirs: (word: string) => boolean = () => false) =>
  correctTokens(speller, tokenize(text), text, theirs).map((t) => t.w);

describe("the corrector puts a slip right", () => {
  it("counts two swapped neighbours as one slip, short words included", () => {
    expect(
      ["opne", "raed", "lsit", "tiem", "serach", "emial", "anythign"].map((w) => speller.correct(w)),
    ).toEqual(["open", "read", "list", "time", "search", "email", "anything"]);
  });

  it("gives back a dropped letter, and a doubled consonant even in a three-letter word", () => {
    expect(speller.correct("volme")).toBe("volume");
    expect(speller.correct("delte")).toBe("delete");
    expect(speller.correct("pul")).toBe("pull");
  });

  it("gives a two-letter slip its vowel back only when that makes a common word", () => {
    // "tiv" is known but rare: seventy words are said more often
    const often = Array.from({ length: 70 }, (_, i) => [`often${i}`, `often${i}`]).flat();
    const common = new SpellingCorrector([...Array(80).fill("how"), ...often, "tiv"]);
    expect(common.correct("hw")).toBe("how");
    expect(common.correct("tv")).toBe("tv");
  });

  it("reads the corpus's word counts as it reads every occurrence", () => {
    const often = Array.from({ length: 70 }, (_, i) => [`often${i}`, `often${i}`]).flat();
    const occurrences = [...Array(80).fill("how"), ...often, "tiv"];
    const counts = new Map<string, number>();
    for (const word of occurrences) counts.set(word, (counts.get(word) ?? 0) + 1);
    const fromCounts = new SpellingCorrector(counts);
    expect(fromCounts.correct("hw")).toBe("how");
    expect(fromCounts.correct("tv")).toBe("tv");
    const same = new SpellingCorrector(
      new Map(VOCABULARY.map((w) => [w, VOCABULARY.filter((v) => v === w).length])),
    );
    const words = ["opne", "raed", "volme", "pul", "tomorow", "serach", "hw", "timr", "calender"];
    expect(words.map((w) => same.correct(w))).toEqual(words.map((w) => speller.correct(w)));
  });

  it("aims at the words the slots read, though training sees only their class", () => {
    expect(speller.correct("tomorow")).toBe("tomorrow");
    expect(speller.correct("miels")).toBe("miles");
    expect(speller.correct("wendesday")).toBe("wednesday");
  });

  it("takes a neighbouring key or, in a long word, a vowel heard for another", () => {
    expect(speller.correct("timwr")).toBe("timer");
    expect(speller.correct("calender")).toBe("calendar");
    expect(speller.correct("clipbored")).toBe("clipboard");
    expect(speller.correct("colour")).toBe("color");
  });

  it("rejoins a word typed in two pieces", () => {
    expect(fixed("turn on the wi fi")).toEqual(["turn", "on", "the", "wifi"]);
  });
});

describe("the corrector leaves alone", () => {
  it("short real words a slip away from catalog words", () => {
    // a doubled vowel or a dropped first letter makes another word, not a slip
    for (const word of ["god", "met", "zoo", "ran"]) expect(speller.correct(word)).toBe(word);
  });

  it("a letter that is neither a neighbouring key nor a long word's vowel", () => {
    // "marco" and "march" differ by o/h, keys far apart; "porto" is two edits from "photo"
    expect(speller.correct("marco")).toBe("marco");
    expect(speller.correct("porto")).toBe("porto");
    expect(speller.correct("better")).toBe("better");
  });

  it("inflections of known words, and reads a bare singular as the catalog's plural", () => {
    expect(speller.correct("taking")).toBe("taking");
    expect(speller.correct("setting")).toBe("settings");
  });

  it("names, quoted text, paths, addresses and the user's own words", () => {
    expect(fixed("open the Tiem folder")).toEqual(["open", "the", "tiem", "folder"]);
    expect(fixed("Opne it")[0]).toBe("open");
    expect(fixed("copy 'opne lsit' to the clipboard")).toEqual([
      "copy",
      "opne",
      "lsit",
      "to",
      "the",
      "clipboard",
    ]);
    expect(fixed("raed ~/notes/raed.txt")).toEqual(["read", "~/notes/raed.txt"]);
    expect(fixed("emial serach@lsit.org")).toEqual(["email", "serach@lsit.org"]);
    expect(fixed("call tiem now", (word) => word === "tiem")).toEqual(["call", "tiem", "now"]);
  });
});

describe("typed commands with slips act as the unmisspelt ones do", async () => {
  const { parse } = await createTestNlu();

  it("acts on a misspelt verb or object", () => {
    expect(parse("opne firefox please")).toMatchObject({ tool: "apps_launch", args: { app: "firefox" } });
    expect(parse("put eggs on my shopping lsit")).toMatchObject({
      tool: "lists_add",
      args: { list: "shopping", items: ["eggs"] },
    });
    expect(parse("whats the tiem in Tokyo")).toMatchObject({ tool: "time_now", args: { city: "Tokyo" } });
    expect(parse("how far is 12 miels in km")).toMatchObject({ tool: "calc_evaluate" });
    expect(parse("hw many seconds are in 2 hours")).toMatchObject({ tool: "calc_evaluate" });
    expect(parse("anythign on my calendar tomorow")).toMatchObject({
      tool: "calendar_list_events",
      args: { from: "2025-06-12T00:00:00+00:00" },
    });
  });

  it("keeps names and quoted words as typed in the values", () => {
    expect(parse("check the weather in Porto")).toMatchObject({
      tool: "weather_current",
      args: { city: "Porto" },
    });
    expect(parse("copy 'opne sesame' to the clipboard")).toMatchObject({
      tool: "clipboard_write",
      args: { text: "opne sesame" },
    });
  });
});

describe("words spelt by ear, in another language's spelling, or cut to their consonants", () => {
  const often = (word: string, times = 5) => Array(times).fill(word) as string[];
  const heard = new SpellingCorrector([
    ...often("weather", 20),
    ...often("whether", 3),
    ...often("music"),
    ...often("screen"),
    ...often("volume"),
    ...often("calendar"),
    ...often("photos"),
    ...often("next"),
    ...often("message"),
    ...often("have"),
    ...often("battery"),
    ...often("make"),
    ...often("contact"),
    ...often("mail"),
    ...often("week"),
    "circus",
  ]);

  it("reads the word the sound was written for", () => {
    expect(
      ["musik", "screan", "volumn", "kalender", "fotos", "kontakt"].map((w) => heard.correct(w)),
    ).toEqual(["music", "screen", "volume", "calendar", "photos", "contact"]);
  });

  it("hears one long vowel spelt two ways as the same word", () => {
    expect(heard.correct("male")).toBe("mail");
    expect(heard.correct("weak")).toBe("week");
  });

  it("prefers the likelier of two words a slip and a sound both reach", () => {
    expect(heard.correct("wheather")).toBe("weather");
  });

  it("gives a shortening its vowels back and a short word its silent e", () => {
    expect(heard.correct("nxt")).toBe("next");
    expect(heard.correct("msge")).toBe("msge");
    expect(heard.correct("hav")).toBe("have");
  });

  it("leaves real words that only sound near a catalog word", () => {
    // a short word whose vowels differ, a word two letters and a length away, a rare target
    expect(heard.correct("mike")).toBe("mike");
    expect(heard.correct("better")).toBe("better");
    expect(heard.correct("sirkus")).toBe("sirkus");
  });
});

describe("a repeated syllable typed once", () => {
  const counted = new SpellingCorrector(
    new Map([
      ["remember", 9],
      ["banana", 4],
      ["member", 5],
    ]),
  );

  it("gives back the word that says it twice", () => {
    expect(counted.correct("rember")).toBe("remember");
  });

  it("a short word is no candidate: four letters are one slip from too many words", () => {
    expect(counted.correct("bana")).toBe("bana");
  });

  it("leaves a known word and a word no repeat explains as typed", () => {
    expect(counted.correct("member")).toBe("member");
    expect(counted.correct("rambler")).toBe("rambler");
  });
});
