/**
 * What encrypting jarvis.db costs: the same work on a plaintext store, on one locked with a raw
 * key (the keychain's, no key derivation) and on one locked with a passphrase (PBKDF2 at each
 * open). Per mode: opening an existing store, a typical write (one audited call: an audit
 * append in its own transaction), a memory fact written and searched (FTS5); `jarvis tools list`
 * end to end; and the one-time cost of encrypting an existing plaintext store.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { systemClock } from "../src/core/clock.js";
import { silentLogger } from "../src/core/logger.js";
import { AuditLog } from "../src/gate/audit.js";
import { Memory } from "../src/memory/memory.js";
import { rekeyStore, type StoreKey } from "../src/store/cipher.js";
import { openStore } from "../src/store/database.js";
import { JARVIS_BIN } from "../src/testing/cli.js";
import { createTempHome } from "../src/testing/home.js";
import { summarize, writeResult } from "./util.js";

const temp = createTempHome("jarvis-bench-store-");
const MODES: Array<{ name: string; key?: StoreKey }> = [
  { name: "plaintext" },
  { name: "keychain key", key: { kind: "raw", hex: "3c".repeat(32) } },
  { name: "passphrase", key: { kind: "passphrase", text: "a long passphrase for the bench" } },
];

const time = async (n: number, fn: (i: number) => unknown | Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return summarize(samples);
};

/** What the gate appends for one allowed read. */
function auditedRead(i: number) {
  return {
    correlationId: `c${i}`,
    runId: `run_${i}`,
    callId: `call_${i}`,
    tool: "files_read",
    stage: "result" as const,
    args: { path: `~/Documents/notes-${i}.txt` },
    tier: "safe" as const,
    decision: "allow" as const,
    reason: "reads a file under the read roots",
    outcome: "ok",
  };
}

async function measure(mode: (typeof MODES)[number]) {
  const path = join(temp.dir, `${mode.name.replace(/\W/g, "-")}.db`);
  const options = mode.key ? { key: mode.key } : {};
  openStore(path, options).close();
  const open = await time(20, () => openStore(path, options).close());
  const db = openStore(path, options);
  const audit = new AuditLog(db, systemClock, { secret: Buffer.alloc(32, 7), since: 1 });
  const auditAppend = await time(2000, (i) => audit.append(auditedRead(i)));
  const auditList = await time(200, () => audit.list({ limit: 50 }));
  const memory = new Memory({ db, clock: systemClock, logger: silentLogger });
  const remember = await time(300, (i) => memory.remember(`my locker ${i} code is ${1000 + i}`));
  const search = await time(300, (i) => memory.search(`locker ${i}`));
  db.close();
  return {
    open,
    auditAppend,
    auditList,
    remember,
    search,
    fileBytes: statSync(path).size,
  };
}

/**
 * `jarvis tools list` end to end (a process start, config, store, catalog), plaintext (the
 * opt-out) and passphrase runs alternating so machine noise falls on both alike. The CLI cannot
 * be given a raw key without a keychain, which is out of reach here: the keychain mode's cost
 * is the in-process figures.
 */
function cliCosts(): Record<string, ReturnType<typeof summarize>> {
  const setups = MODES.filter((mode) => mode.key?.kind !== "raw").map((mode) => {
    const home = join(temp.dir, `home-${mode.name}`);
    mkdirSync(home, { recursive: true, mode: 0o700 });
    if (!mode.key) writeFileSync(join(home, "config.yaml"), "store:\n  encryption: off\n", { mode: 0o600 });
    const env = {
      ...temp.env,
      JARVIS_HOME: home,
      JARVIS_PASSPHRASE: mode.key?.kind === "passphrase" ? mode.key.text : "",
    };
    const once = () => {
      const start = performance.now();
      const run = spawnSync(process.execPath, [JARVIS_BIN, "tools", "list"], { env, encoding: "utf8" });
      if (run.status !== 0) throw new Error(`jarvis tools list (${mode.name}): ${run.stderr}`);
      return performance.now() - start;
    };
    once();
    return { name: mode.name, once, samples: [] as number[] };
  });
  for (let i = 0; i < 9; i++) for (const setup of setups) setup.samples.push(setup.once());
  return Object.fromEntries(setups.map((setup) => [setup.name, summarize(setup.samples)]));
}

const results: Record<string, unknown> = {};
for (const mode of MODES) results[mode.name] = await measure(mode);
const cli = cliCosts();

// One-time migration of an existing plaintext store: 20k audit rows and 2k memory facts.
const big = join(temp.dir, "migrate.db");
{
  const db = openStore(big);
  const audit = new AuditLog(db, systemClock);
  db.transaction(() => {
    for (let i = 0; i < 20_000; i++) audit.append(auditedRead(i));
  })();
  const memory = new Memory({ db, clock: systemClock, logger: silentLogger });
  for (let i = 0; i < 2000; i++) await memory.remember(`my locker ${i} code is ${1000 + i}`);
  db.close();
}
const bytes = statSync(big).size;
const start = performance.now();
const report = rekeyStore(big, undefined, { kind: "raw", hex: "3c".repeat(32) });
const migrateMs = Math.round(performance.now() - start);

writeResult("store", {
  note: "ms per operation (p50/p90/p99/mean); development figures on a shared 2-core machine, one run",
  modes: results,
  jarvisToolsList: cli,
  migration: { ...report, fileMiB: Math.round((bytes / 2 ** 20) * 10) / 10, ms: migrateMs },
});
temp.cleanup();
