import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolHarness, dataOf, firstPreview, type ToolHarness } from "../../testing/tool-harness.js";
import { createFilesTools } from "./index.js";
import type { TrashItem } from "./trash-store.js";

let h: ToolHarness;
let docs: string;
let trashDir: string;
beforeEach(() => {
  h = createToolHarness(createFilesTools, "policy:\n  autonomy: full_auto\n");
  docs = join(h.home, "Documents");
  trashDir = h.runtime.paths.trash;
});
afterEach(() => h.close());

describe("files_trash", () => {
  it("moves the file into JARVIS_HOME/trash with a sidecar — the same inode, never unlinked", async () => {
    const path = join(docs, "old-draft.txt");
    writeFileSync(path, "precious words");
    const inode = statSync(path).ino;
    const outcome = await h.call("files_trash", { path: "~/Documents/old-draft.txt" });
    expect(outcome.status).toBe("ok");
    expect(existsSync(path)).toBe(false);
    const item = outcome.result?.data as TrashItem;
    expect(item.id).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-old-draft\.txt$/);
    expect(statSync(item.trashPath).ino).toBe(inode);
    expect(readFileSync(item.trashPath, "utf8")).toBe("precious words");
    const sidecar = JSON.parse(readFileSync(join(trashDir, `${item.id}.trashinfo.json`), "utf8"));
    expect(sidecar).toMatchObject({ version: 1, originalPath: path, name: "old-draft.txt", type: "file" });
  });

  it("always asks first (destructive, even under full_auto) and a no leaves the file alone", async () => {
    const path = join(docs, "keep.txt");
    writeFileSync(path, "keep me");
    const outcome = await h.call("files_trash", { path }, { answer: "deny" });
    expect([outcome.tier, outcome.decision, outcome.code]).toEqual(["destructive", "confirm", "USER_DENIED"]);
    expect(firstPreview(outcome)).toContain(`MOVE TO TRASH ${path} (7 B`);
    expect(firstPreview(outcome)).toContain("nothing is deleted");
    expect(readFileSync(path, "utf8")).toBe("keep me");
    expect(existsSync(trashDir) ? readdirSync(trashDir) : []).toEqual([]);
  });

  it("trashes folders, lists the trash and restores to the original place", async () => {
    mkdirSync(join(docs, "project", "src"), { recursive: true });
    writeFileSync(join(docs, "project", "src", "main.ts"), "code");
    writeFileSync(join(docs, "note.txt"), "n");
    const first = await h.call("files_trash", { path: "~/Documents/project" });
    const second = await h.call("files_trash", { path: "~/Documents/note.txt" });
    expect([first.status, second.status]).toEqual(["ok", "ok"]);
    const listed = await h.call("files_trash_list", {});
    const items = dataOf<{ items: TrashItem[] }>(listed).items;
    expect(items.map((i) => i.name).sort()).toEqual(["note.txt", "project"]);
    const project = items.find((i) => i.name === "project")!;
    expect(project.type).toBe("dir");

    const restored = await h.call("files_restore", { id: project.id });
    expect(restored.status).toBe("ok");
    expect(readFileSync(join(docs, "project", "src", "main.ts"), "utf8")).toBe("code");
    expect(existsSync(join(trashDir, `${project.id}.trashinfo.json`))).toBe(false);
    const after = await h.call("files_trash_list", {});
    expect(dataOf<{ items: TrashItem[] }>(after).items.map((i) => i.name)).toEqual(["note.txt"]);
  });

  it("restore refuses to replace something that now exists there", async () => {
    const path = join(docs, "cv.txt");
    writeFileSync(path, "v1");
    const trashed = await h.call("files_trash", { path });
    writeFileSync(path, "v2");
    const restored = await h.call("files_restore", { id: dataOf<TrashItem>(trashed).id });
    expect(restored.status).toBe("failed");
    expect(restored.observation).toContain("already exists");
    expect(readFileSync(path, "utf8")).toBe("v2");
    expect(readFileSync(dataOf<TrashItem>(trashed).trashPath, "utf8")).toBe("v1");
    const bogus = await h.call("files_restore", { id: "../../etc/passwd" });
    expect(bogus.code).toBe("NOT_FOUND");
  });

  it("refuses write roots, protected places and paths outside the write roots", async () => {
    const root = await h.call("files_trash", { path: "~/Documents" });
    expect(root.observation).toContain("is a root folder");
    expect(existsSync(docs)).toBe(true);
    writeFileSync(join(h.home, "outside.txt"), "x");
    for (const path of ["~/outside.txt", "~/.ssh", "~/.jarvis/jarvis.db", "/etc/hostname"]) {
      const outcome = await h.call("files_trash", { path });
      expect(outcome.code, path).toBe("PATH_DENIED");
    }
    expect(existsSync(join(h.home, "outside.txt"))).toBe(true);
  });
});
