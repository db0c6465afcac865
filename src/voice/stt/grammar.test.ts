import { describe, expect, it } from "vitest";
import { buildGrammar, dictionaryWords, parseTemplate } from "./grammar.js";
import { COMMAND_TEMPLATES, DIALOG_TEMPLATES, SLOT_VALUES } from "./phrases.js";

const dictionary = dictionaryWords(
  [
    "set S EH T",
    "a AH",
    "a(2) EY",
    "timer T AY M ER",
    "for F AO R",
    "five F AY V",
    "ten T EH N",
    "minutes M IH N AH T S",
    "open OW P AH N",
    "launch L AO N CH",
    "the DH AH",
    "firefox F AY ER F AO K S",
    "yes Y EH S",
    "no N OW",
    "hey HH EY",
    "jarvis JH AA R V AH S",
    "what's W AH T S",
    "time T AY M",
  ].join("\n"),
);

describe("JSGF grammar", () => {
  it("parses alternatives, optional parts and slots (incl. {slot:type})", () => {
    expect(parseTemplate("(open|launch) [the] {app}")).toEqual([
      { type: "choice", options: [[{ type: "word", word: "open" }], [{ type: "word", word: "launch" }]] },
      { type: "optional", body: [{ type: "choice", options: [[{ type: "word", word: "the" }]] }] },
      { type: "slot", name: "app" },
    ]);
    expect(parseTemplate("for {d:duration}")).toEqual([
      { type: "word", word: "for" },
      { type: "slot", name: "d", kind: "duration" },
    ]);
  });

  it("renders rules for commands, slots and the dialog", () => {
    const grammar = buildGrammar({
      templates: ["set a timer for {duration}", "(open|launch) [the] {app}", "what's the time"],
      slots: { duration: ["(five|ten) minutes"], app: ["firefox"] },
      dialog: ["yes", "no"],
      dictionary,
      prefix: "[hey] [jarvis]",
    });
    expect(grammar.text).toContain("public <command> = [ hey ] [ jarvis ] <sentence>;");
    expect(grammar.text).toContain("( set a timer for <slot_duration> )");
    expect(grammar.text).toContain("( ( open | launch ) [ the ] <slot_app> )");
    expect(grammar.text).toContain("<slot_duration> = ( five | ten ) minutes;");
    expect(grammar.text).toContain("public <dialog> = ( yes ) | ( no );");
    expect(grammar.dropped).toEqual([]);
  });

  it("uses a slot's type before its name, as the NLU does", () => {
    const grammar = buildGrammar({
      templates: ["set a timer for {d:duration}"],
      slots: { duration: ["five minutes"] },
      dialog: [],
      dictionary,
    });
    expect(grammar.text).toContain("set a timer for <slot_duration>");
  });

  it("drops alternatives with unknown words or slots and says why", () => {
    const grammar = buildGrammar({
      templates: ["(open|xyzzy) firefox", "play {song}", "set a frobnicator"],
      slots: {},
      dialog: ["yes"],
      dictionary,
    });
    expect(grammar.text).toContain("( open firefox )");
    expect(grammar.text).not.toContain("xyzzy");
    expect(grammar.dropped).toEqual([
      '"play {song}": "play" not in dictionary',
      '"set a frobnicator": "frobnicator" not in dictionary',
    ]);
  });

  it("refuses an unbalanced template without breaking the rest", () => {
    const grammar = buildGrammar({
      templates: ["(open firefox", "open firefox"],
      slots: {},
      dialog: [],
      dictionary,
    });
    expect(grammar.dropped[0]).toMatch(/unclosed group/);
    expect(grammar.text).toContain("( open firefox )");
  });

  it("refuses to build an empty grammar", () => {
    expect(() => buildGrammar({ templates: ["xyzzy"], slots: {}, dialog: [], dictionary })).toThrow(
      /grammar would be empty/,
    );
  });

  it("folds pronunciation variants into their word", () => {
    expect(dictionary.has("a")).toBe(true);
    expect(dictionary.has("a(2)")).toBe(false);
  });

  it("the built-in phrases only use slots that have values", () => {
    const grammar = buildGrammar({
      templates: COMMAND_TEMPLATES,
      slots: SLOT_VALUES,
      dialog: DIALOG_TEMPLATES,
    });
    expect(grammar.dropped).toEqual([]);
    expect(grammar.words.has("timer")).toBe(true);
  });
});
