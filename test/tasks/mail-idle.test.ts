import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Observation, ObserverHost } from "../../src/tasks/observers/host.js";
import { mailObserver } from "../../src/tasks/observers/mail.js";
import type { RoutineSpec } from "../../src/tasks/spec.js";
import type { RoutineRecord } from "../../src/tasks/store.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createMailServices } from "../../src/tools/mail/index.js";
import {
  imapClient,
  type MailHarness,
  MemoryKeychain,
  mailConfig,
  openHarness,
  PASSWORD,
  rfc822,
  USER,
} from "../mail/harness.js";
import { type DovecotServer, startDovecot } from "../mail/servers.js";
import { eventually } from "../service/process.js";

const ok = hasPrograms(["dovecot", "doveadm"], "dovecot-imapd");
/** Longer than the test: a mail seen in time was seen through IDLE, not the poll. */
const POLL_MS = 10 * 60_000;

/**
 * Mail triggers over IMAP IDLE against a real Dovecot. The observer's clock never moves and its
 * poll is ten minutes away, so a routine that fires within seconds was woken by the server.
 */
describe.skipIf(!ok)("mail triggers with IMAP IDLE", () => {
  let dovecot: DovecotServer;
  let h: MailHarness;
  const fired: Array<{ routine: string; observation: Observation }> = [];
  const states = new Map<string, unknown>();
  const routine = {
    id: "rt_ana",
    name: "ana",
    status: "active",
    spec: { name: "ana", trigger: { type: "mail", from: "ana" } } as unknown as RoutineSpec,
  } as RoutineRecord;

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [{ user: USER, password: PASSWORD }] });
    h = openHarness(mailConfig({ imapPort: dovecot.port }));
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await dovecot?.stop();
  });

  function host(): ObserverHost {
    return {
      clock: h.clock,
      logger: h.runtime.deps.logger,
      routines: (type) => (type === "mail" ? [routine] : []),
      state: <T>(id: string) => states.get(id) as T | undefined,
      saveState: (id, state) => states.set(id, state),
      fire: (record, observation) => fired.push({ routine: record.id, observation }),
      onChange: () => () => undefined,
    };
  }

  async function deliver(from: string, subject: string, body = "hello"): Promise<void> {
    const client = await imapClient(dovecot.port);
    try {
      await client.append(
        "INBOX",
        rfc822({ From: from, To: "ada@example.com", Subject: subject, Date: new Date().toUTCString() }, body),
      );
    } finally {
      await client.logout();
    }
  }

  const subjects = () => fired.map((f) => (f.observation.data as { mail: { subject: string } }).mail.subject);

  it("a mail fires its routine at once through IDLE; a dropped connection ends the part and the next run catches up once", async () => {
    const services = createMailServices(h.runtime.deps, { keychain: new MemoryKeychain() });
    const part = mailObserver(host(), services, POLL_MS);
    let controller = new AbortController();
    let running = part.run(controller.signal);
    await eventually("the baseline", () => states.get(routine.id));

    await deliver("Ana Silva <ana@example.org>", "First");
    await eventually("the first firing", () => subjects().includes("First"), 10_000);
    await deliver("Bruno <bruno@example.org>", "Not for the routine");
    await deliver("Ana Silva <ana@example.org>", "Second");
    await eventually("the second firing", () => subjects().includes("Second"), 10_000);
    expect(subjects()).toEqual(["First", "Second"]);

    // The server drops every connection of the user: the part ends with the error…
    execFileSync("doveadm", ["-c", join(dovecot.dir, "dovecot.conf"), "kick", USER]);
    await expect(running).rejects.toThrow();
    // …mail arrives while it is down, and the restarted part finds it from the watermark.
    await deliver("Ana Silva <ana@example.org>", "While away");
    controller = new AbortController();
    running = part.run(controller.signal);
    await eventually("the catch-up", () => subjects().includes("While away"), 10_000);
    await deliver("Ana Silva <ana@example.org>", "After");
    await eventually("a firing after the reconnect", () => subjects().includes("After"), 10_000);
    expect(subjects()).toEqual(["First", "Second", "While away", "After"]);
    expect(fired.find((f) => f.observation.trigger.includes("While away"))?.observation.catchUp).toBe(true);
    controller.abort();
    await running;
  }, 90_000);

  it("the control: with IDLE off the same mail waits for the poll (so the firings above came from IDLE)", async () => {
    const services = createMailServices(h.runtime.deps, { keychain: new MemoryKeychain() });
    const before = fired.length;
    const controller = new AbortController();
    const running = mailObserver(host(), services, POLL_MS, { idle: false }).run(controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await deliver("Ana Silva <ana@example.org>", "Polled only");
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(fired.length).toBe(before);
    controller.abort();
    await running;
  }, 30_000);
});
