import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileVault } from "../config/vault.js";
import { ManualClock } from "../core/clock.js";
import { openStore, type SqliteDatabase } from "../store/database.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { type AuditEntry, type AuditKey, AuditLog, nextAuditSeq, verifyChain } from "./audit.js";
import { AUDIT_KEY_NAME, loadAuditKey } from "./audit-key.js";

let temp: TempHome;
let db: SqliteDatabase;
afterEach(() => {
  db?.close();
  temp?.cleanup();
});

function logWith(count: number, key?: AuditKey): { log: AuditLog; entries: AuditEntry[] } {
  temp = createTempHome();
  db = openStore(join(temp.jarvisHome, "jarvis.db"));
  const log = new AuditLog(db, new ManualClock(100), key);
  append(log, count);
  return { log, entries: [...log.iterate()] };
}

function append(log: AuditLog, count: number): void {
  for (let i = 0; i < count; i++) {
    log.append({
      correlationId: "c",
      runId: "run_1",
      callId: `call_${i}`,
      tool: "files_read",
      stage: "decision",
      args: { path: `/tmp/${i}`, api_key: "sk-live-abcdefghijklmnopqrstuv" },
      tier: "safe",
      decision: "allow",
      reason: "safe under smart → allow",
      outcome: "proceed",
    });
  }
}

describe("audit chain", () => {
  it("verifies an untouched log and redacts secrets", () => {
    const { entries } = logWith(5);
    expect(verifyChain(entries)).toEqual({ ok: true, count: 5 });
    expect(entries[0]?.args).toContain("[redacted]");
    expect(entries[0]?.args).not.toContain("sk-live");
  });

  it("names the first bad entry when one is edited", () => {
    const { entries } = logWith(5);
    const edited = entries.map((e) => (e.seq === 3 ? { ...e, decision: "deny" as const } : e));
    expect(verifyChain(edited).firstBad).toMatchObject({
      seq: 3,
      problem: expect.stringContaining("edited"),
    });
  });

  it("detects a removed entry", () => {
    const { entries } = logWith(5);
    const removed = entries.filter((e) => e.seq !== 2);
    expect(verifyChain(removed).firstBad?.seq).toBe(3);
  });

  it("detects an inserted entry, even one with a recomputed hash", () => {
    const { entries } = logWith(4);
    const forged = { ...entries[1]!, callId: "forged" };
    const inserted = [entries[0]!, entries[1]!, forged, ...entries.slice(2)];
    expect(verifyChain(inserted).ok).toBe(false);
    expect(verifyChain(inserted).firstBad?.index).toBe(2);
  });

  it("detects reordered entries", () => {
    const { entries } = logWith(4);
    const reordered = [entries[0]!, entries[2]!, entries[1]!, entries[3]!];
    expect(verifyChain(reordered).firstBad?.index).toBe(1);
  });

  it("refuses UPDATE and DELETE in the database (append-only triggers)", () => {
    logWith(2);
    expect(() => db.prepare("UPDATE audit_log SET decision = 'deny' WHERE seq = 1").run()).toThrow(
      /append-only/,
    );
    expect(() => db.prepare("DELETE FROM audit_log WHERE seq = 1").run()).toThrow(/append-only/);
  });

  it("keys the chain: without the key, or with another, it does not verify; a cut log fails", () => {
    const key = { secret: Buffer.alloc(32, 7), since: 3 };
    const { log, entries } = logWith(5, key);
    expect(verifyChain(entries, key)).toEqual({ ok: true, count: 5 });
    // entries 1–2 predate the key: plain hashes, still verifiable on their own
    expect(verifyChain(entries.slice(0, 2))).toEqual({ ok: true, count: 2 });
    expect(verifyChain(entries).firstBad).toMatchObject({ seq: 3 });
    expect(verifyChain(entries, { secret: Buffer.alloc(32, 8), since: 3 }).firstBad).toMatchObject({
      seq: 3,
      problem: expect.stringContaining("MAC"),
    });
    // fewer entries than the log had when the key was made: some were removed
    expect(verifyChain(entries.slice(0, 1), key).firstBad?.problem).toContain("entries removed");
    append(log, 1);
    expect(verifyChain(log.iterate(), key).ok).toBe(true);
  });

  it("makes the key once, outside the database, from the next entry on; a damaged key is one error", () => {
    logWith(4);
    const vault = fileVault(temp.jarvisHome);
    const key = loadAuditKey(vault, () => nextAuditSeq(db));
    expect(key.since).toBe(5);
    expect(loadAuditKey(vault, () => nextAuditSeq(db))).toEqual(key);
    vault.set(AUDIT_KEY_NAME, "garbage");
    expect(() => loadAuditKey(vault, () => nextAuditSeq(db))).toThrow(/audit key .* is damaged/);
    // a fresh, empty log starts a new key from its first entry
    expect(loadAuditKey(vault, () => 1).since).toBe(1);
  });

  it("filters by run and tool and keeps the newest when limited", () => {
    const { log } = logWith(10);
    const last3 = log.list({ limit: 3 });
    expect(last3.map((e) => e.seq)).toEqual([8, 9, 10]);
    expect(log.list({ tool: "nope" })).toEqual([]);
    expect(log.list({ runId: "run_1" })).toHaveLength(10);
  });
});
