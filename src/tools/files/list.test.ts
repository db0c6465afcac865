import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolHarness, dataOf, outputOf, type ToolHarness } from "../../testing/tool-harness.js";
import { createFilesTools } from "./index.js";
import { permissionString } from "./info.js";
import type { ListedEntry } from "./list.js";

let h: ToolHarness;
let docs: string;
beforeEach(() => {
  h = createToolHarness(createFilesTools);
  docs = join(h.home, "Documents");
});
afterEach(() => h.close());

describe("files_list", () => {
  it("lists entries with type, size and time, folders first, and mints handles", async () => {
    mkdirSync(join(docs, "Projects"));
    writeFileSync(join(docs, "b.txt"), "12345");
    writeFileSync(join(docs, "A.md"), "# a");
    writeFileSync(join(docs, ".secret-ish"), "x");
    symlinkSync(join(docs, "b.txt"), join(docs, "link"));
    const outcome = await h.call("files_list", { path: "~/Documents" });
    expect(outcome.status).toBe("ok");
    const entries = dataOf<{ entries: ListedEntry[] }>(outcome).entries;
    expect(entries.map((e) => [e.name, e.type, e.handle])).toEqual([
      ["Projects", "dir", "#d1"],
      ["A.md", "file", "#f1"],
      ["b.txt", "file", "#f2"],
      ["link", "symlink", "#f3"],
    ]);
    expect(entries[2]?.size).toBe(5);
    expect(entries[3]).toMatchObject({ target: join(docs, "b.txt"), targetType: "file" });
    const text = outputOf(outcome);
    expect(text).toContain("4 entries (+1 hidden; pass hidden: true)");
    expect(text).toMatch(/#d1\s+dir\s+-\s+\d{4}-\d\d-\d\d \d\d:\d\d {2}Projects\//);
    expect(text).toMatch(/#f2\s+file\s+5 B/);
    const hidden = await h.call("files_list", { path: "~/Documents", hidden: true });
    expect(outputOf(hidden)).toContain(".secret-ish");
  });

  it("defaults to home and marks protected entries without handles", async () => {
    mkdirSync(join(h.home, ".ssh"));
    const outcome = await h.call("files_list", { hidden: true });
    expect(outcome.status).toBe("ok");
    const entries = dataOf<{ path: string; entries: ListedEntry[] }>(outcome).entries;
    const ssh = entries.find((e) => e.name === ".ssh");
    expect(ssh).toMatchObject({ protected: true });
    expect(ssh?.handle).toBeUndefined();
    expect(entries.find((e) => e.name === "Documents")?.handle).toMatch(/^#d\d$/);
  });

  it("caps the number of entries", async () => {
    for (let i = 0; i < 12; i += 1) writeFileSync(join(docs, `f${String(i).padStart(2, "0")}`), "");
    const outcome = await h.call("files_list", { path: "~/Documents", limit: 5 });
    expect(dataOf<{ entries: unknown[] }>(outcome).entries).toHaveLength(5);
    expect(outputOf(outcome)).toContain("… 7 more not shown");
  });

  it("refuses places outside the roots and secrets, through the gate", async () => {
    mkdirSync(join(h.home, ".ssh"));
    symlinkSync(join(h.home, ".ssh"), join(docs, "keys"));
    for (const path of ["/etc", "~/.ssh", "~/Documents/keys", "~/.jarvis"]) {
      const outcome = await h.call("files_list", { path });
      expect(outcome.code, path).toBe("PATH_DENIED");
    }
    const bad = await h.call("files_list", { path: "~/Documents", limit: 0 });
    expect(bad.code).toBe("ARGS_INVALID");
    const missing = await h.call("files_list", { path: "~/Documents/none" });
    expect(missing.code).toBe("NOT_FOUND");
  });
});

describe("files_info", () => {
  it("describes a file and a folder", async () => {
    writeFileSync(join(docs, "report.csv"), "a,b\n1,2\n", { mode: 0o640 });
    const file = await h.call("files_info", { path: "~/Documents/report.csv" });
    expect(file.result?.data).toMatchObject({ type: "file", size: 8, text: true, mode: "0640" });
    expect(outputOf(file)).toContain("permissions: -rw-r----- (0640)");
    writeFileSync(join(docs, "blob.bin"), Buffer.from([1, 0, 2]));
    const blob = await h.call("files_info", { path: "~/Documents/blob.bin" });
    expect(outputOf(blob)).toContain("content: binary");
    const dir = await h.call("files_info", { path: "~/Documents" });
    expect(dir.result?.data).toMatchObject({ type: "dir", entries: 2 });
    const secret = await h.call("files_info", { path: "~/.ssh" });
    expect(secret.code).toBe("PATH_DENIED");
  });

  it("renders permissions like ls -l", () => {
    expect(permissionString(0o755, "dir")).toBe("drwxr-xr-x");
    expect(permissionString(0o600, "file")).toBe("-rw-------");
  });
});
