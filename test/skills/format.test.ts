import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanSkill } from "../../src/extend/skills/files.js";
import { jarvisToolsFor, parseSkill } from "../../src/extend/skills/format.js";

const root = mkdtempSync(join(tmpdir(), "jarvis-skill-format-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A skill folder with SKILL.md text and extra files. */
function skill(folder: string, skillMd: string, files: Record<string, string | Buffer> = {}): string {
  const dir = join(root, folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "SKILL.md"), skillMd);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const valid = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: Makes tables out of CSV files. Use for CSV.\n${extra}---\n# Steps\nDo it.\n`;

/** The one line a refusal shows: the message names the rule. */
function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  return "accepted";
}

describe("the Agent Skills format", () => {
  it("reads name, description, the optional fields and the body", () => {
    const manifest = parseSkill(
      valid(
        "csv-tables",
        'license: MIT\ncompatibility: needs python3\nmetadata:\n  version: "1.0"\nallowed-tools: files_read Read Bash(git:*)\n',
      ),
      "csv-tables",
    );
    expect(manifest).toMatchObject({
      name: "csv-tables",
      license: "MIT",
      compatibility: "needs python3",
      metadata: { version: "1.0" },
      allowedTools: ["files_read", "Read", "Bash(git:*)"],
    });
    expect(manifest.body).toBe("# Steps\nDo it.\n");
    expect(parseSkill(valid("x", "allowed-tools:\n  - web_fetch\n  - files_*\n"), "x").allowedTools).toEqual([
      "web_fetch",
      "files_*",
    ]);
  });

  it("refuses each broken rule with one line naming it", () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ["no front matter", "# Just a title\n", "x", /no front matter/],
      ["unclosed front matter", "---\nname: x\n", "x", /no front matter/],
      ["not YAML", "---\nname: [x\n---\n", "x", /not valid YAML/],
      ["missing name", "---\ndescription: d\n---\n", "x", /needs a name/],
      ["upper case", valid("PDF-Tools"), "PDF-Tools", /naming rule/],
      ["leading hyphen", valid("-pdf"), "-pdf", /naming rule/],
      ["double hyphen", valid("pdf--tools"), "pdf--tools", /naming rule/],
      ["name too long", valid("a".repeat(65)), "a".repeat(65), /longer than 64/],
      ["folder mismatch", valid("pdf-tools"), "pdf", /does not match its folder "pdf"/],
      ["missing description", "---\nname: x\n---\n", "x", /needs a description/],
      [
        "description too long",
        `---\nname: x\ndescription: ${"d".repeat(1025)}\n---\n`,
        "x",
        /description is longer than 1024/,
      ],
      [
        "compatibility too long",
        valid("x", `compatibility: ${"c".repeat(501)}\n`),
        "x",
        /compatibility is longer than 500/,
      ],
      ["unknown field", valid("x", "version: 2\n"), "x", /fields outside the Agent Skills format: version/],
      ["metadata not a map", valid("x", "metadata: [1, 2]\n"), "x", /metadata must be a mapping/],
      ["allowed-tools not strings", valid("x", "allowed-tools: [1, 2]\n"), "x", /allowed-tools must be/],
    ];
    for (const [label, text, folder, rule] of cases) {
      const message = refusal(() => parseSkill(text, folder));
      expect(message, label).toMatch(rule);
      expect(message.split("\n"), label).toHaveLength(1);
    }
  });

  it("refuses symlinks, oversized files and a missing SKILL.md when scanning a folder", () => {
    const linked = skill("linked", valid("linked"));
    symlinkSync("/etc/passwd", join(linked, "passwd"));
    expect(refusal(() => scanSkill(linked))).toMatch(/symlinks are not allowed in a skill: passwd is one/);
    const big = skill("big", valid("big"), { "assets/blob.bin": Buffer.alloc(1_000_001) });
    expect(refusal(() => scanSkill(big))).toMatch(
      /assets\/blob\.bin is 1000001 bytes, over the 1000000-byte limit/,
    );
    const huge = skill("huge", `${valid("huge")}${"x".repeat(100_001)}`);
    expect(refusal(() => scanSkill(huge))).toMatch(/SKILL\.md is \d+ bytes, over the 100000-byte limit/);
    const empty = join(root, "empty");
    mkdirSync(empty, { recursive: true });
    expect(refusal(() => scanSkill(empty))).toMatch(/has no SKILL\.md/);
  });

  it("hashes every file's path, content and executable bit", () => {
    const dir = skill("hashed", valid("hashed"), { "scripts/run.sh": "echo 1", "references/A.md": "a" });
    const first = scanSkill(dir);
    expect(first.files.map((file) => file.path)).toEqual(["SKILL.md", "references/A.md", "scripts/run.sh"]);
    writeFileSync(join(dir, "references/A.md"), "b");
    expect(scanSkill(dir).hash).not.toBe(first.hash);
  });

  it("maps other agents' tool names to Jarvis tools, and unknown names to nothing", () => {
    expect(jarvisToolsFor("Read")).toContain("files_read");
    expect(jarvisToolsFor("Bash(git:*)")).toEqual(["shell_run"]);
    expect(jarvisToolsFor("web_*")).toEqual(["web_*"]);
    expect(jarvisToolsFor("Teleport")).toEqual([]);
  });
});
