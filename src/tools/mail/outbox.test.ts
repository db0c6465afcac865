import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/clock.js";
import { SequentialIds } from "../../core/ids.js";
import { openStore } from "../../store/database.js";
import { createTempHome, type TempHome } from "../../testing/home.js";
import { Outbox } from "./outbox.js";

let temp: TempHome;
afterEach(() => temp?.cleanup());

function open() {
  temp = createTempHome();
  const db = openStore(join(temp.jarvisHome, "jarvis.db"));
  return { db, outbox: new Outbox(db, new ManualClock(1_000), new SequentialIds()) };
}

const entry = {
  sendKey: "k1",
  account: "p",
  messageId: "<a@x>",
  runId: "run_1",
  envelope: { from: "a@x", to: ["b@y"] },
  raw: Buffer.from("raw"),
  summary: "to b@y",
};

describe("Outbox (migration 5)", () => {
  it("moves prepared → sending → sent only along allowed edges, counting attempts", () => {
    const { outbox } = open();
    const created = outbox.create(entry);
    expect(created).toMatchObject({ state: "prepared", attempts: 0, sentCopy: false, messageId: "<a@x>" });
    expect(outbox.transition(created.id, ["sent"], "uncertain")).toBe(false);
    expect(outbox.transition(created.id, ["prepared", "failed"], "sending")).toBe(true);
    expect(outbox.transition(created.id, ["prepared", "failed"], "sending")).toBe(false); // a second sender loses
    expect(outbox.transition(created.id, ["sending"], "sent", { smtpResponse: "250 ok" })).toBe(true);
    expect(outbox.byKey("k1")).toMatchObject({
      state: "sent",
      attempts: 1,
      smtpResponse: "250 ok",
      sentAt: 1_000,
    });
    expect(outbox.unfinished().map((e) => e.id)).toEqual([created.id]); // sent, but no Sent copy yet
    outbox.markCopied(created.id);
    expect(outbox.unfinished()).toEqual([]);
  });

  it("refuses a second entry with the same key or Message-ID and an unknown state", () => {
    const { outbox, db } = open();
    outbox.create(entry);
    expect(() => outbox.create(entry)).toThrow(/UNIQUE/);
    expect(() => outbox.create({ ...entry, sendKey: "k2" })).toThrow(/UNIQUE/);
    expect(() => db.prepare("UPDATE mail_outbox SET state = 'lost'").run()).toThrow(/CHECK/);
    expect(outbox.byKey("k1")?.state).toBe("prepared");
  });
});
