import { describe, expect, it } from "vitest";
import { chordText, macChord, parseChord, xdotoolChord } from "./keys.js";

describe("parseChord", () => {
  it("normalizes modifiers, aliases and order", () => {
    expect(parseChord("Shift+Ctrl+T")).toEqual({ modifiers: ["ctrl", "shift"], key: "t" });
    expect(parseChord("cmd+c")).toEqual({ modifiers: ["super"], key: "c" });
    expect(parseChord("option+Return")).toEqual({ modifiers: ["alt"], key: "enter" });
    expect(parseChord("ctrl++")).toEqual({ modifiers: ["ctrl"], key: "+" });
    expect(parseChord(" esc ")).toEqual({ modifiers: [], key: "escape" });
    expect(chordText(parseChord("alt+F4"))).toBe("alt+f4");
  });

  it("refuses unknown keys and modifiers with one line naming the bad part", () => {
    expect(() => parseChord("ctrl+banana")).toThrow(/"banana" in "ctrl\+banana" is not a key/);
    expect(() => parseChord("hyper+a")).toThrow(/"hyper" .* is not a modifier/);
    expect(() => parseChord("")).toThrow(/empty/);
    expect(() => parseChord("ctrl+")).toThrow(/not a key chord/);
    expect(() => parseChord("f25")).toThrow(/not a key/);
  });
});

describe("platform spellings", () => {
  it("maps to xdotool keysyms", () => {
    expect(xdotoolChord(parseChord("ctrl+shift+t"))).toBe("ctrl+shift+t");
    expect(xdotoolChord(parseChord("alt+f4"))).toBe("alt+F4");
    expect(xdotoolChord(parseChord("enter"))).toBe("Return");
    expect(xdotoolChord(parseChord("ctrl+/"))).toBe("ctrl+slash");
    expect(xdotoolChord(parseChord("pagedown"))).toBe("Next");
  });

  it("maps to System Events key codes or characters", () => {
    expect(macChord(parseChord("cmd+shift+t"))).toEqual({ character: "t", modifiers: ["shift", "command"] });
    expect(macChord(parseChord("ctrl+enter"))).toEqual({ keyCode: 36, modifiers: ["control"] });
    expect(macChord(parseChord("f5"))).toEqual({ keyCode: 96, modifiers: [] });
  });
});
