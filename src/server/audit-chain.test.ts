import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../core/clock.js";
import { type AuditEntry, AuditLog } from "../gate/audit.js";
import { openStore, type SqliteDatabase } from "../store/database.js";
import { KeyValueRepository } from "../store/kv.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { ChainVerifier, kvAnchorStore } from "./audit-chain.js";

const opened: Array<{ temp: TempHome; db: SqliteDatabase }> = [];
afterEach(() => {
  for (const { temp, db } of opened.splice(0)) {
    db.close();
    temp.cleanup();
  }
});

/** A real log, and a view of it that counts how many entries each check reads. */
function setup() {
  const temp = createTempHome("jarvis-chain-");
  const db = openStore(join(temp.jarvisHome, "jarvis.db"));
  opened.push({ temp, db });
  const log = new AuditLog(db, new ManualClock(100));
  let read = 0;
  const counted = {
    list: (filter: Parameters<AuditLog["list"]>[0]) => {
      const rows = log.list(filter);
      read += rows.length;
      return rows;
    },
    *iterate(): Generator<AuditEntry> {
      for (const entry of log.iterate()) {
        read += 1;
        yield entry;
      }
    },
  };
  const append = (count: number) => {
    for (let i = 0; i < count; i++) {
      log.append({
        correlationId: "c",
        runId: "run_1",
        callId: `call_${i}`,
        tool: "files_read",
        stage: "decision",
        args: { path: `/tmp/${i}` },
        tier: "safe",
        decision: "allow",
        reason: "safe under smart → allow",
        outcome: "proceed",
      });
    }
  };
  const reads = () => {
    const n = read;
    read = 0;
    return n;
  };
  const tamper = (sql: string) => {
    db.exec("DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete");
    db.exec(sql);
  };
  const kv = new KeyValueRepository(db, new ManualClock(100));
  const persisted = () => new ChainVerifier(counted, kvAnchorStore(kv));
  return { verifier: new ChainVerifier(counted), append, reads, tamper, persisted, kv };
}

describe("ChainVerifier", () => {
  it("verifies fully once, then only the entries added since (plus the remembered one)", () => {
    const { verifier, append, reads } = setup();
    append(50);
    expect(verifier.verify()).toEqual({ ok: true, count: 50, mode: "full", checked: 50 });
    expect(reads()).toBe(50);
    expect(verifier.verify()).toEqual({ ok: true, count: 50, mode: "incremental", checked: 1 });
    expect(reads()).toBe(1);
    append(3);
    expect(verifier.verify()).toEqual({ ok: true, count: 53, mode: "incremental", checked: 4 });
    expect(reads()).toBe(4);
    expect(verifier.verify("full")).toMatchObject({ ok: true, count: 53, mode: "full" });
    expect(reads()).toBe(53);
  });

  it("misses an edit to an old entry incrementally, and finds it on a full verify", () => {
    const { verifier, append, tamper } = setup();
    append(10);
    expect(verifier.verify().ok).toBe(true);
    tamper("UPDATE audit_log SET reason = 'nothing to see' WHERE seq = 2");
    // by design: the incremental check trusts the prefix it verified
    expect(verifier.verify()).toMatchObject({ ok: true, mode: "incremental" });
    expect(verifier.verify("full")).toMatchObject({
      ok: false,
      count: 1,
      mode: "full",
      firstBad: { seq: 2, index: 1, problem: expect.stringContaining("edited") },
    });
    // the verified prefix is now the one entry before it: later checks keep reporting it
    expect(verifier.verify()).toMatchObject({ ok: false, firstBad: { seq: 2 } });
  });

  it("verifies fully when the remembered entry was edited or removed", () => {
    const { verifier, append, tamper } = setup();
    append(10);
    verifier.verify();
    tamper("UPDATE audit_log SET outcome = 'blocked' WHERE seq = 10");
    expect(verifier.verify()).toMatchObject({
      ok: false,
      mode: "full",
      firstBad: { seq: 10, problem: expect.stringContaining("edited") },
    });

    const other = setup();
    other.append(10);
    other.verifier.verify();
    other.tamper("UPDATE audit_log SET hash = 'f' || substr(hash, 2) WHERE seq = 10");
    expect(other.verifier.verify()).toMatchObject({ ok: false, mode: "full", firstBad: { seq: 10 } });
  });

  it("finds a bad new entry incrementally, and a log cut short after it was verified", () => {
    const { verifier, append, tamper } = setup();
    append(5);
    verifier.verify();
    append(3);
    tamper("UPDATE audit_log SET decision = 'deny' WHERE seq = 7");
    expect(verifier.verify()).toMatchObject({
      ok: false,
      count: 6,
      mode: "incremental",
      firstBad: { seq: 7, index: 6, problem: expect.stringContaining("edited") },
    });
    tamper("DELETE FROM audit_log WHERE seq > 3");
    const cut = verifier.verify();
    expect(cut).toMatchObject({ ok: false, count: 3, mode: "full", firstBad: { seq: 4 } });
    expect(cut.firstBad?.problem).toMatch(/verified earlier and are now missing/);
  });

  it("reports an empty log as intact", () => {
    const { verifier } = setup();
    expect(verifier.verify()).toEqual({ ok: true, count: 0, mode: "full", checked: 0 });
    expect(verifier.verify()).toEqual({ ok: true, count: 0, mode: "full", checked: 0 });
  });

  it("keeps the verified prefix in the store: a new verifier checks only what is new", () => {
    const { persisted, append, reads } = setup();
    append(20);
    expect(persisted().verify()).toMatchObject({ ok: true, count: 20, mode: "full", checked: 20 });
    reads();
    append(2);
    // as after a restart: a fresh verifier on the same store
    expect(persisted().verify()).toEqual({ ok: true, count: 22, mode: "incremental", checked: 3 });
    expect(reads()).toBe(3);
  });

  it("reports a log cut short while no verifier was running", () => {
    const { persisted, append, tamper } = setup();
    append(8);
    persisted().verify();
    tamper("DELETE FROM audit_log WHERE seq > 5");
    const cut = persisted().verify();
    expect(cut).toMatchObject({ ok: false, count: 5, mode: "full", firstBad: { seq: 6 } });
    expect(cut.firstBad?.problem).toMatch(/verified earlier and are now missing/);
  });

  it("ignores a malformed stored prefix and verifies fully", () => {
    const { persisted, append, kv } = setup();
    append(4);
    for (const bad of [
      { seq: "x" },
      { seq: 3, hash: "nothex", count: 3 },
      { seq: -1, hash: "a".repeat(64), count: 1 },
      42,
    ]) {
      kv.set("audit.verified_prefix", bad);
      expect(persisted().verify()).toMatchObject({ ok: true, count: 4, mode: "full" });
    }
    // and the good anchor written by that check replaced it
    expect(kv.get<{ seq: number }>("audit.verified_prefix")?.seq).toBe(4);
  });
});
