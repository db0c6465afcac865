import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Files said the way people say them: paths anywhere in the sentence, asks when none is named. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("files in everyday words", () => {
  it("acts on a named path wherever it sits in the sentence", () => {
    expect(acted("could you bin ~/Desktop/old-draft.odt, it's out of date")).toMatchObject({
      tool: "files_trash",
      args: { path: "~/Desktop/old-draft.odt" },
    });
    expect(acted("show me the first 15 lines of ~/logs/sync.log")).toMatchObject({
      tool: "files_read",
      args: { path: "~/logs/sync.log", end_line: 15 },
    });
    expect(acted("move ~/Downloads/lease.pdf over to ~/Documents/Home")).toMatchObject({
      tool: "files_move",
      args: { source: "~/Downloads/lease.pdf", destination: "~/Documents/Home" },
    });
  });

  it("asks which file when none is named", () => {
    for (const text of ["open a file for me", "trash old-notes.txt please"]) {
      const r = parse(text);
      expect(r.kind, text).toBe("action");
      expect(String(r.tool), text).toMatch(/^files_/);
    }
    const vague = parse("open a file for me");
    expect(vague.missing).toEqual(["path"]);
    expect(vague.reply).toBe("Which file?");
  });

  it("never trashes a whole folder for words like 'my photos', nor reads a file to print it", () => {
    expect(acted("delete my photos from the cloud")).toBeUndefined();
    expect(acted("print ~/letters/invite.pdf")).toBeUndefined();
    expect(acted("recover data from my broken disk")).toBeUndefined();
  });
});
