import { join } from "node:path";
import Database from "better-sqlite3-multiple-ciphers";
import { afterEach, describe, expect, it } from "vitest";
import { createTempHome, type TempHome } from "../testing/home.js";
import { migrate, openStore } from "./database.js";
import { ALL_MIGRATIONS } from "./migrations/index.js";
import type { Migration } from "./migrations/types.js";

let temp: TempHome;
afterEach(() => temp?.cleanup());

const one: Migration = {
  version: 1,
  name: "one",
  up: (db) => db.exec("CREATE TABLE a (x INTEGER); INSERT INTO a VALUES (1)"),
};
const two: Migration = { version: 2, name: "two", up: (db) => db.exec("CREATE TABLE b (y INTEGER)") };
const broken: Migration = {
  version: 3,
  name: "broken",
  up: (db) => {
    db.exec("CREATE TABLE c (z INTEGER); DROP TABLE a");
    throw new Error("boom");
  },
};

describe("store", () => {
  it("opens in WAL mode with the full schema", () => {
    temp = createTempHome();
    const db = openStore(join(temp.jarvisHome, "jarvis.db"));
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    // Every migration applied: the schema is at the newest version, with each area's tables.
    const newest = Math.max(...ALL_MIGRATIONS.map((m) => m.version));
    expect(Number(db.pragma("user_version", { simple: true }))).toBe(newest);
    const tables = new Set(
      (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>
      ).map((t) => t.name),
    );
    for (const table of ["audit_log", "sessions", "runs", "run_steps", "lists", "kb_documents", "kb_chunks"])
      expect(tables, table).toContain(table);
    db.close();
  });

  it("a failed migration leaves the previous schema and data untouched", () => {
    temp = createTempHome();
    const path = join(temp.jarvisHome, "m.db");
    const db = openStore(path, { migrations: [one] });
    db.close();
    expect(() => openStore(path, { migrations: [one, two, broken] })).toThrow(
      /migration 3 \(broken\) failed: boom/,
    );
    const raw = new Database(path);
    expect(raw.pragma("user_version", { simple: true })).toBe(1);
    expect(raw.prepare("SELECT x FROM a").all()).toEqual([{ x: 1 }]);
    const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{
      name: string;
    }>;
    expect(tables.map((t) => t.name)).toEqual(["a"]);
    raw.close();
  });

  it("refuses a database newer than this code and duplicate versions", () => {
    temp = createTempHome();
    const path = join(temp.jarvisHome, "n.db");
    openStore(path, { migrations: [one, two] }).close();
    expect(() => openStore(path, { migrations: [one] })).toThrow(/newer than this Jarvis knows/);
    const db = new Database(":memory:");
    expect(() => migrate(db, [one, { ...two, version: 1 }])).toThrow(/share version 1/);
  });

  it("leaves Node's diagnostic report settings as it found them", () => {
    temp = createTempHome();
    const report = process.report as NodeJS.ProcessReport & { excludeNetwork: boolean };
    for (const value of [false, true]) {
      report.excludeNetwork = value;
      report.excludeEnv = value;
      openStore(join(temp.jarvisHome, `report-${value}.db`)).close();
      expect([report.excludeNetwork, report.excludeEnv]).toEqual([value, value]);
    }
    report.excludeNetwork = false;
    report.excludeEnv = false;
  });
});
