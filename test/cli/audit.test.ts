import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashEntry } from "../../src/gate/audit.js";
import { openStore } from "../../src/store/database.js";
import { TEST_STORE_KEY } from "../../src/testing/home.js";
import { createTempHome, runJarvis, type TempHome } from "../../src/testing/index.js";

let temp: TempHome;
let exported: string[];

beforeAll(async () => {
  temp = createTempHome();
  // Three refused calls make three audit entries without needing any particular tool.
  for (const name of ["nope_a", "nope_b", "nope_c"]) {
    const run = await runJarvis(["tools", "call", name], { env: temp.env });
    expect(run.code).toBe(2);
  }
  const dump = await runJarvis(["audit", "export"], { env: temp.env });
  expect(dump.code).toBe(0);
  exported = dump.stdout.trim().split("\n");
  expect(exported.length).toBeGreaterThanOrEqual(3);
});
afterAll(() => temp.cleanup());

function verifyLines(lines: string[]) {
  const file = join(temp.dir, `export-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return runJarvis(["audit", "verify", "--file", file], { env: temp.env });
}

describe("jarvis audit", () => {
  it("lists entries and verifies an untouched chain", async () => {
    const list = await runJarvis(["audit", "list", "--json"], { env: temp.env });
    expect(list.code).toBe(0);
    const entries = list.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(entries[0]).toMatchObject({
      tool: "nope_a",
      stage: "registry",
      decision: "deny",
      outcome: "refused:TOOL_UNKNOWN",
    });
    const verify = await runJarvis(["audit", "verify"], { env: temp.env });
    expect(verify.code).toBe(0);
    expect(verify.stdout).toMatch(/audit chain ok: \d+ entries/);
    expect((await verifyLines(exported)).code).toBe(0);
  });

  it("names the first bad entry when an exported entry is edited, removed, inserted or reordered", {
    timeout: 90_000,
  }, async () => {
    const edited = exported.map((line, i) => (i === 1 ? line.replace('"deny"', '"allow"') : line));
    const removed = exported.filter((_, i) => i !== 1);
    const inserted = [exported[0]!, exported[1]!, exported[1]!, ...exported.slice(2)];
    const reordered = [exported[0]!, exported[2]!, exported[1]!, ...exported.slice(3)];
    for (const [lines, seq] of [
      [edited, 2],
      [removed, 3],
      [inserted, 2],
      [reordered, 3],
    ] as const) {
      const run = await verifyLines([...lines]);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(`AUDIT_BROKEN: audit chain broken at entry seq ${seq}`);
    }
  });

  it("detects tampering done directly in the database", async () => {
    const db = openStore(join(temp.jarvisHome, "jarvis.db"), { key: TEST_STORE_KEY });
    db.exec("DROP TRIGGER audit_log_no_update");
    db.prepare("UPDATE audit_log SET reason = 'nothing to see' WHERE seq = 2").run();
    db.close();
    const run = await runJarvis(["audit", "verify"], { env: temp.env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("seq 2");
  });

  it("refuses bad flags and unreadable files with one line", async () => {
    const limit = await runJarvis(["audit", "list", "--limit", "lots"], { env: temp.env });
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain("USAGE: --limit must be a positive whole number");
    const missing = await runJarvis(["audit", "verify", "--file", join(temp.dir, "nope.jsonl")], {
      env: temp.env,
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("NOT_FOUND");
    const garbage = join(temp.dir, "garbage.jsonl");
    writeFileSync(garbage, "not json\n");
    const bad = await runJarvis(["audit", "verify", "--file", garbage], { env: temp.env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("line 1");
  });
});

describe("jarvis audit against someone with write access to jarvis.db", () => {
  let own: TempHome;
  let kept: string;
  beforeAll(async () => {
    own = createTempHome();
    for (const name of ["nope_a", "nope_b", "nope_c"])
      await runJarvis(["tools", "call", name], { env: own.env });
    const dump = await runJarvis(["audit", "export"], { env: own.env });
    kept = join(own.dir, "kept-elsewhere.jsonl");
    writeFileSync(kept, dump.stdout);
  });
  afterAll(() => own.cleanup());

  it("--against an earlier export finds entries cut off the end, which the chain alone cannot", async () => {
    const fine = await runJarvis(["audit", "verify", "--against", kept], { env: own.env });
    expect([fine.code, fine.stdout.trim()]).toEqual([
      0,
      "audit chain ok: 3 entries; all 3 exported entries are unchanged",
    ]);
    const db = openStore(join(own.jarvisHome, "jarvis.db"), { key: TEST_STORE_KEY });
    db.exec("DROP TRIGGER audit_log_no_delete");
    db.prepare("DELETE FROM audit_log WHERE seq = 3").run();
    db.close();
    const cut = await runJarvis(["audit", "verify", "--against", kept], { env: own.env });
    expect(cut.code).toBe(1);
    expect(cut.stderr).toContain("entry seq 3 is in the export but missing from the database");
  });

  it("fails when the history is rewritten and every hash recomputed (the chain is keyed)", async () => {
    const db = openStore(join(own.jarvisHome, "jarvis.db"), { key: TEST_STORE_KEY });
    db.exec("DROP TRIGGER audit_log_no_update");
    db.prepare("UPDATE audit_log SET outcome = 'ok', decision = 'allow' WHERE seq = 2").run();
    // Recompute the whole chain the way the unkeyed format would, as an attacker could.
    // biome-ignore lint/suspicious/noExplicitAny: raw rows, re-hashed as an attacker would
    const rows = db.prepare("SELECT * FROM audit_log ORDER BY seq").all() as Array<Record<string, any>>;
    let previous = "0".repeat(64);
    for (const row of rows) {
      const entry = {
        seq: row.seq,
        ts: row.ts,
        correlationId: row.correlation_id,
        runId: row.run_id,
        callId: row.call_id,
        tool: row.tool,
        stage: row.stage,
        args: row.args,
        tier: row.tier,
        decision: row.decision,
        reason: row.reason,
        outcome: row.outcome,
        prevHash: previous,
      };
      previous = hashEntry(entry);
      db.prepare("UPDATE audit_log SET prev_hash = ?, hash = ? WHERE seq = ?").run(
        entry.prevHash,
        previous,
        row.seq,
      );
    }
    db.close();
    const verify = await runJarvis(["audit", "verify"], { env: own.env });
    expect(verify.code).toBe(1);
    expect(verify.stderr.trim().split("\n")).toHaveLength(1);
    expect(verify.stderr).toMatch(/AUDIT_BROKEN: audit chain broken at entry seq 1 .*MAC/);
    // the key stays outside the database: a 0600 file here, as no keychain answers in tests
    expect(statSync(join(own.jarvisHome, "keys", "audit-key.key")).mode & 0o777).toBe(0o600);
    expect(statSync(join(own.jarvisHome, "keys")).mode & 0o777).toBe(0o700);
  });
});
