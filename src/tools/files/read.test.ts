import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolHarness, dataOf, outputOf, type ToolHarness } from "../../testing/tool-harness.js";
import { decodeText } from "./common.js";
import { createFilesTools } from "./index.js";

let h: ToolHarness;
let docs: string;
beforeEach(() => {
  h = createToolHarness(createFilesTools, "files:\n  max_read_bytes: 1000\n");
  docs = join(h.home, "Documents");
});
afterEach(() => h.close());

describe("files_read", () => {
  it("reads a text file whole", async () => {
    writeFileSync(join(docs, "notes.txt"), "\uFEFFbuy milk\ncall mum\n");
    const outcome = await h.call("files_read", { path: "~/Documents/notes.txt" });
    expect(outcome.status).toBe("ok");
    expect(outputOf(outcome)).toContain("buy milk\ncall mum\n");
    expect(outputOf(outcome).startsWith("\uFEFF")).toBe(false);
    expect(outcome.result?.data).toMatchObject({ size: 21, truncated: false });
    // File text is third-party content: the gate marks it untrusted.
    expect(outcome.observation).toContain("<untrusted");
  });

  it("caps a huge file at files.max_read_bytes and says how to continue", async () => {
    const line = `${"x".repeat(99)}\n`;
    writeFileSync(join(docs, "big.log"), line.repeat(5000));
    const outcome = await h.call("files_read", { path: "~/Documents/big.log" });
    expect(outcome.status).toBe("ok");
    const data = outcome.result?.data as { end: number; truncated: boolean };
    expect(data.truncated).toBe(true);
    expect(data.end).toBe(1000);
    expect(outputOf(outcome)).toContain(
      "[truncated: showing bytes 0–1000 of 500000; continue with offset: 1000]",
    );
    const next = await h.call("files_read", { path: "~/Documents/big.log", offset: 1000, length: 5000 });
    expect(dataOf<{ offset: number; end: number }>(next).end).toBe(2000);
  });

  it("reads a byte window and a line range", async () => {
    writeFileSync(join(docs, "lines.txt"), "one\ntwo\nthree\nfour\n");
    const window = await h.call("files_read", { path: "~/Documents/lines.txt", offset: 4, length: 3 });
    expect(outputOf(window).split("\n")[0]).toBe("two");
    const lines = await h.call("files_read", { path: "~/Documents/lines.txt", start_line: 2, end_line: 3 });
    expect(outputOf(lines)).toBe("two\nthree\n\n[lines 2–3; more follow — continue with start_line: 4]");
    const tail = await h.call("files_read", { path: "~/Documents/lines.txt", start_line: 4 });
    expect(outputOf(tail)).toBe("four\n");
    const past = await h.call("files_read", { path: "~/Documents/lines.txt", start_line: 9 });
    expect(outputOf(past)).toContain("fewer than 9 lines");
  });

  it("never splits a multi-byte character at the cap", async () => {
    writeFileSync(join(docs, "accents.txt"), "é".repeat(800)); // 1600 bytes, cap 1000
    const outcome = await h.call("files_read", { path: "~/Documents/accents.txt" });
    expect(outcome.status).toBe("ok");
    expect(outputOf(outcome).split("\n")[0]).toBe("é".repeat(500));
    const odd = await h.call("files_read", { path: "~/Documents/accents.txt", offset: 1, length: 5 });
    expect(outputOf(odd).split("\n")[0]).toBe("éé");
  });

  it("refuses binary files clearly (NUL bytes, invalid UTF-8)", async () => {
    writeFileSync(
      join(docs, "image.png"),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
    );
    writeFileSync(join(docs, "latin1.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const png = await h.call("files_read", { path: "~/Documents/image.png" });
    expect(png.status).toBe("failed");
    expect(png.code).toBe("ARGS_INVALID");
    expect(png.observation).toMatch(/is a binary file \(it contains NUL bytes/);
    const latin = await h.call("files_read", { path: "~/Documents/latin1.txt" });
    expect(latin.observation).toMatch(/binary file \(it is not valid UTF-8/);
  });

  it("refuses paths outside the read roots, secrets and symlink escapes through the gate", async () => {
    mkdirSync(join(h.home, ".ssh"));
    writeFileSync(join(h.home, ".ssh", "id_ed25519"), "PRIVATE KEY");
    symlinkSync(join(h.home, ".ssh", "id_ed25519"), join(docs, "innocent.txt"));
    symlinkSync("/etc/hostname", join(docs, "host.txt"));
    for (const path of [
      "/etc/hostname",
      "~/.ssh/id_ed25519",
      "~/Documents/innocent.txt",
      "~/Documents/host.txt",
      "~/../x",
    ]) {
      const outcome = await h.call("files_read", { path });
      expect(outcome.code, path).toBe("PATH_DENIED");
      expect(outcome.status).toBe("refused");
      expect(outcome.result).toBeUndefined();
    }
    const audit = h.runtime.audit.list();
    expect(audit.filter((e) => e.outcome === "refused:PATH_DENIED")).toHaveLength(5);
  });

  it("says what is wrong with missing files, directories and mixed modes", async () => {
    const missing = await h.call("files_read", { path: "~/Documents/nope.txt" });
    expect([missing.code, missing.status]).toEqual(["NOT_FOUND", "failed"]);
    const dir = await h.call("files_read", { path: "~/Documents" });
    expect(dir.observation).toContain("is a directory; use files_list");
    writeFileSync(join(docs, "a.txt"), "a");
    const mixed = await h.call("files_read", { path: "~/Documents/a.txt", offset: 0, start_line: 1 });
    expect(mixed.code).toBe("ARGS_INVALID");
    const extra = await h.call("files_read", { path: "~/Documents/a.txt", encoding: "latin1" });
    expect([extra.code, extra.status]).toEqual(["ARGS_INVALID", "refused"]);
  });

  it("reads through a #f handle minted by files_list", async () => {
    writeFileSync(join(docs, "todo.txt"), "water the plants");
    await h.call("files_list", { path: "~/Documents" });
    const outcome = await h.call("files_read", { path: "#f1" }, { userText: ["read #f1"] });
    expect(outputOf(outcome)).toBe("water the plants");
    expect(outcome.tier).toBe("safe");
  });
});

describe("decodeText", () => {
  it("drops a character split at either edge of a window but refuses invalid bytes inside", () => {
    const bytes = Buffer.from("aé€b", "utf8"); // 61 c3a9 e282ac 62
    expect(decodeText(bytes.subarray(0, 4), false, true)).toEqual({ ok: true, text: "aé" });
    expect(decodeText(bytes.subarray(2), true, false)).toEqual({ ok: true, text: "€b" });
    expect(decodeText(Buffer.from([0x61, 0xff, 0x62])).ok).toBe(false);
    expect(decodeText(Buffer.from([0x61, 0x00])).ok).toBe(false);
  });
});
