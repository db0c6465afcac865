import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConfirmAnswer } from "../../core/events.js";
import type { ConfirmationBroker, ConfirmationRequest } from "../../gate/confirm.js";
import { createToolHarness, firstPreview, type ToolHarness, timesAsked } from "../../testing/tool-harness.js";
import { createFilesTools } from "./index.js";

let h: ToolHarness;
let docs: string;
beforeEach(() => {
  h = createToolHarness(createFilesTools);
  docs = join(h.home, "Documents");
});
afterEach(() => h.close());

describe("files_write", () => {
  it("creates a file after confirmation and leaves no temp file behind", async () => {
    const outcome = await h.call("files_write", { path: "~/Documents/plan.md", content: "# Plan\n- a\n" });
    expect(outcome.status).toBe("ok");
    expect(outcome.tier).toBe("dangerous");
    expect(outcome.decision).toBe("confirm");
    expect(firstPreview(outcome)).toContain(`CREATE ${join(docs, "plan.md")} (11 B, 2 lines)`);
    expect(firstPreview(outcome)).toContain("+# Plan");
    expect(readFileSync(join(docs, "plan.md"), "utf8")).toBe("# Plan\n- a\n");
    expect(readdirSync(docs)).toEqual(["plan.md"]);
  });

  it("shows a unified diff of old vs new before overwriting, and keeps the file's mode", async () => {
    const path = join(docs, "list.txt");
    writeFileSync(path, "apples\nbread\ncheese\n");
    chmodSync(path, 0o600);
    const outcome = await h.call("files_write", {
      path: "~/Documents/list.txt",
      content: "apples\nbutter\ncheese\n",
    });
    expect(outcome.status).toBe("ok");
    const preview = firstPreview(outcome)!;
    expect(preview).toContain(`OVERWRITE ${path} (20 B):`);
    expect(preview).toContain(`--- ${path}\tcurrent`);
    expect(preview).toContain(`+++ ${path}\tproposed`);
    expect(preview).toContain("@@ -1,3 +1,3 @@");
    expect(preview).toMatch(/^-bread$/m);
    expect(preview).toMatch(/^\+butter$/m);
    expect(readFileSync(path, "utf8")).toBe("apples\nbutter\ncheese\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("writes nothing when the user says no", async () => {
    const path = join(docs, "keep.txt");
    writeFileSync(path, "original");
    const outcome = await h.call("files_write", { path, content: "replaced" }, { answer: "deny" });
    expect([outcome.status, outcome.code]).toEqual(["denied", "USER_DENIED"]);
    expect(readFileSync(path, "utf8")).toBe("original");
  });

  it("refuses to clobber a file that changed after the preview was shown", async () => {
    const path = join(docs, "racy.txt");
    writeFileSync(path, "v1");
    const sneaky: ConfirmationBroker = {
      async request(_request: ConfirmationRequest): Promise<ConfirmAnswer> {
        writeFileSync(path, "v2 written by someone else");
        return "approve";
      },
    };
    const outcome = await h.call("files_write", { path, content: "v3" }, { broker: sneaky });
    expect(outcome.status).toBe("failed");
    expect(outcome.observation).toContain("changed after the preview");
    expect(readFileSync(path, "utf8")).toBe("v2 written by someone else");
  });

  it("needs the parent folder unless create_dirs is true", async () => {
    const missing = await h.call("files_write", { path: "~/Documents/a/b/c.txt", content: "x" });
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.observation).toContain("create_dirs: true");
    const made = await h.call("files_write", {
      path: "~/Documents/a/b/c.txt",
      content: "x",
      create_dirs: true,
    });
    expect(made.status).toBe("ok");
    expect(readFileSync(join(docs, "a", "b", "c.txt"), "utf8")).toBe("x");
  });

  it("refuses paths outside the write roots, secrets and symlink escapes, through the gate", async () => {
    writeFileSync(join(h.home, ".bashrc"), "original rc");
    mkdirSync(join(h.home, ".ssh"));
    symlinkSync(join(h.home, ".bashrc"), join(docs, "rc-link"));
    symlinkSync(join(h.home, ".ssh"), join(docs, "ssh-link"));
    const attempts = [
      "~/.bashrc", // readable, but home is not a write root
      "/tmp/jarvis-should-not-exist.txt",
      "~/Documents/rc-link",
      "~/Documents/ssh-link/authorized_keys",
      "~/.ssh/authorized_keys",
      "~/Documents/../.profile",
    ];
    for (const path of attempts) {
      const outcome = await h.call("files_write", { path, content: "pwned" });
      expect(outcome.code, path).toBe("PATH_DENIED");
      expect(timesAsked(outcome)).toBe(0);
    }
    expect(readFileSync(join(h.home, ".bashrc"), "utf8")).toBe("original rc");
    expect(readdirSync(join(h.home, ".ssh"))).toEqual([]);
  });

  it("refuses to write over a directory", async () => {
    mkdirSync(join(docs, "folder"));
    const outcome = await h.call("files_write", { path: "~/Documents/folder", content: "x" });
    expect(outcome.code).toBe("ARGS_INVALID");
    expect(statSync(join(docs, "folder")).isDirectory()).toBe(true);
  });
});
