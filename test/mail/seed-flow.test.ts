/**
 * Seed 002's flow, end to end through the gate: "draft a reply to Alice's last email proposing
 * two free slots next week" = mail_search → calendar_find_free_time → mail_reply, against
 * Dovecot and Radicale.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { calendarTools } from "../../src/tools/calendar/index.js";
import { calendarConfig } from "../calendar/harness.js";
import { makeCalendar, put, type RadicaleServer, startRadicale } from "../calendar/radicale.js";
import {
  imapClient,
  type MailHarness,
  mailConfig,
  openHarness,
  PASSWORD,
  seedMailbox,
  USER,
} from "./harness.js";
import { type DovecotServer, startDovecot } from "./servers.js";

const ok = hasPrograms(["dovecot", "radicale"], "dovecot-imapd radicale");
const NOW = Date.UTC(2025, 2, 21, 9, 0); // Fri 21 March 2025, 10:00 in Berlin

describe.skipIf(!ok)(
  "seed 002: draft a reply to Alice's last email proposing two free slots next week",
  () => {
    let dovecot: DovecotServer;
    let radicale: RadicaleServer;
    let harness: MailHarness;

    beforeAll(async () => {
      [dovecot, radicale] = await Promise.all([
        startDovecot({ users: [{ user: USER, password: PASSWORD }] }),
        startRadicale({ user: USER, password: PASSWORD }),
      ]);
      await seedMailbox(dovecot.port);
      await makeCalendar(radicale, `/${USER}/personal/`, "Personal", ["VEVENT"]);
      // Monday morning is taken, so the first proposal must avoid it
      await put(
        radicale,
        `/${USER}/personal/offsite.ics`,
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:x\nBEGIN:VEVENT\nUID:offsite@x\nDTSTAMP:20250101T000000Z\nDTSTART:20250324T080000Z\nDTEND:20250324T120000Z\nSUMMARY:Offsite\nEND:VEVENT\nEND:VCALENDAR\n",
      );
      const calendar = calendarConfig(radicale.url).split("calendar:\n")[1]!;
      const config = mailConfig({ imapPort: dovecot.port }).replace(
        "calendar:\n  timezone: Europe/Berlin\n",
        `calendar:\n${calendar}`,
      );
      harness = openHarness(config, { now: NOW, extraTools: (deps) => calendarTools(deps) });
    });
    afterAll(async () => {
      await harness?.close();
      await Promise.all([dovecot?.stop(), radicale?.stop()]);
    });

    it("runs as three tool calls through the gate and leaves one threaded draft with both slots", async () => {
      const broker = new FixedConfirmationBroker("approve");
      const scope = harness.scope({
        broker,
        userText: ["draft a reply to Alice's last email proposing two free slots next week"],
      });
      const gate = harness.runtime.gate;

      const search = await gate.call({ tool: "mail_search", args: { from: "alice", limit: 1 } }, scope);
      expect(search.status).toBe("ok");
      expect(search.observation).toContain(
        '#m1  Wed 2025-03-19 16:30  Alice Martin <alice@example.com> (#a1)  "Re: Lunch next week?"',
      );

      const free = await gate.call(
        {
          tool: "calendar_find_free_time",
          args: { from: "2025-03-24", to: "2025-03-30", count: 2, duration_min: 60 },
        },
        scope,
      );
      expect(free.status, free.observation).toBe("ok");
      expect(free.decision).toBe("allow"); // reading the calendar asks nothing
      const slots = (free.result!.data as { slots: Array<{ start: string; end: string }> }).slots;
      expect(slots).toEqual([
        { start: "2025-03-24T13:00+01:00", end: "2025-03-24T14:00+01:00" },
        { start: "2025-03-25T09:00+01:00", end: "2025-03-25T10:00+01:00" },
      ]);

      const body = "Hi Alice,\n\nHow about Monday 24 March at 13:00 or Tuesday 25 March at 09:00?\n\nAda";
      const reply = await gate.call({ tool: "mail_reply", args: { id: "#m1", body } }, scope);
      expect(reply.status, reply.observation).toBe("ok");
      // the run read mail (untrusted), so writing asked first, with the exact draft
      expect(reply.decision).toBe("confirm");
      expect(broker.seen.map((r) => r.tool)).toEqual(["mail_reply"]);
      expect(broker.seen[0]!.preview).toContain("To: alice@example.com");
      expect(broker.seen[0]!.preview).toContain("Monday 24 March at 13:00 or Tuesday 25 March at 09:00");

      const client = await imapClient(dovecot.port);
      await client.mailboxOpen("Drafts", { readOnly: true });
      const drafts = await client.fetchAll("1:*", { source: true, flags: true });
      await client.logout();
      expect(drafts).toHaveLength(1);
      const source = drafts[0]!.source!.toString();
      expect(source).toContain("In-Reply-To: <lunch-3@example.com>");
      expect(source).toContain("Subject: Re: Lunch next week?");
      expect(source).toMatch(/^To: alice@example\.com/m);
      expect([...drafts[0]!.flags!]).toContain("\\Draft");

      const audited = harness.runtime.audit.list().filter((e) => e.stage === "result");
      expect(audited.map((e) => [e.tool, e.outcome])).toEqual([
        ["mail_search", "ok"],
        ["calendar_find_free_time", "ok"],
        ["mail_reply", "ok"],
      ]);
    });
  },
);
