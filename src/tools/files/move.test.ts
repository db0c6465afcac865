import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolHarness, dataOf, firstPreview, type ToolHarness } from "../../testing/tool-harness.js";
import { createFilesTools } from "./index.js";
import { relocate } from "./relocate.js";
import type { TrashItem } from "./trash-store.js";

let h: ToolHarness;
let docs: string;
beforeEach(() => {
  h = createToolHarness(createFilesTools);
  docs = join(h.home, "Documents");
});
afterEach(() => h.close());

describe("files_move", () => {
  it("renames a file and moves one into an existing folder", async () => {
    writeFileSync(join(docs, "a.txt"), "A");
    mkdirSync(join(docs, "Archive"));
    const renamed = await h.call("files_move", {
      source: "~/Documents/a.txt",
      destination: "~/Documents/b.txt",
    });
    expect([renamed.status, renamed.tier]).toEqual(["ok", "caution"]);
    const moved = await h.call("files_move", {
      source: "~/Documents/b.txt",
      destination: "~/Documents/Archive",
    });
    expect(moved.status).toBe("ok");
    expect(readFileSync(join(docs, "Archive", "b.txt"), "utf8")).toBe("A");
    expect(existsSync(join(docs, "b.txt"))).toBe(false);
  });

  it("refuses to replace an existing file unless overwrite is true, which raises the tier and trashes the old one", async () => {
    writeFileSync(join(docs, "new.txt"), "new");
    writeFileSync(join(docs, "old.txt"), "old");
    const refused = await h.call("files_move", {
      source: "~/Documents/new.txt",
      destination: "~/Documents/old.txt",
    });
    expect(refused.status).toBe("failed");
    expect(refused.observation).toContain("pass overwrite: true");
    expect(readFileSync(join(docs, "old.txt"), "utf8")).toBe("old");

    const replaced = await h.call(
      "files_move",
      { source: "~/Documents/new.txt", destination: "~/Documents/old.txt", overwrite: true },
      { answer: "approve" },
    );
    expect([replaced.status, replaced.tier, replaced.decision]).toEqual(["ok", "dangerous", "confirm"]);
    expect(firstPreview(replaced)).toContain(
      `REPLACES ${join(docs, "old.txt")} (the existing one goes to the trash)`,
    );
    expect(readFileSync(join(docs, "old.txt"), "utf8")).toBe("new");
    const id = dataOf<{ replaced: string }>(replaced).replaced;
    const list = await h.call("files_trash_list", {});
    const item = dataOf<{ items: TrashItem[] }>(list).items.find((i) => i.id === id)!;
    expect(readFileSync(item.trashPath, "utf8")).toBe("old");
  });

  it("refuses sources and destinations outside the write roots, and moving a folder into itself", async () => {
    writeFileSync(join(h.home, "home-file.txt"), "h");
    writeFileSync(join(docs, "d.txt"), "d");
    const fromHome = await h.call("files_move", {
      source: "~/home-file.txt",
      destination: "~/Documents/x.txt",
    });
    const toHome = await h.call("files_move", { source: "~/Documents/d.txt", destination: "~/d.txt" });
    const toSsh = await h.call("files_move", { source: "~/Documents/d.txt", destination: "~/.ssh/d.txt" });
    expect([fromHome.code, toHome.code, toSsh.code]).toEqual(["PATH_DENIED", "PATH_DENIED", "PATH_DENIED"]);
    mkdirSync(join(docs, "box", "inner"), { recursive: true });
    const into = await h.call("files_move", {
      source: "~/Documents/box",
      destination: "~/Documents/box/inner",
    });
    expect(into.code).toBe("ARGS_INVALID");
    const root = await h.call("files_move", { source: "~/Documents", destination: "~/Desktop" });
    expect(root.observation).toContain("root folder");
    expect(existsSync(join(h.home, "home-file.txt")) && existsSync(join(docs, "d.txt"))).toBe(true);
  });
});

describe("relocate", () => {
  it("copies then removes across filesystems (EXDEV) and never touches an existing target", async () => {
    const dir = mkdtempSync(join(tmpdir(), "jarvis-relocate-"));
    try {
      mkdirSync(join(dir, "src", "sub"), { recursive: true });
      writeFileSync(join(dir, "src", "sub", "f.txt"), "data");
      const exdev = async () => {
        throw Object.assign(new Error("cross-device"), { code: "EXDEV" });
      };
      const signal = new AbortController().signal;
      await relocate(join(dir, "src"), join(dir, "dst"), { signal, rename: exdev });
      expect(readFileSync(join(dir, "dst", "sub", "f.txt"), "utf8")).toBe("data");
      expect(existsSync(join(dir, "src"))).toBe(false);

      writeFileSync(join(dir, "a"), "a");
      writeFileSync(join(dir, "b"), "b");
      await expect(relocate(join(dir, "a"), join(dir, "b"), { signal, rename: exdev })).rejects.toThrow(
        /exists/,
      );
      expect([readFileSync(join(dir, "a"), "utf8"), readFileSync(join(dir, "b"), "utf8")]).toEqual([
        "a",
        "b",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
