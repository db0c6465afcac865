import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { createMailServices, resumeOutbox } from "../../src/tools/mail/index.js";
import { Outbox } from "../../src/tools/mail/outbox.js";
import { imapClient, type MailHarness, mailConfig, openHarness, PASSWORD, rfc822, USER } from "./harness.js";
import { type DovecotServer, startDovecot } from "./servers.js";
import { SmtpCapture } from "./smtp-capture.js";

const ok = hasPrograms(["dovecot"], "dovecot-imapd");

class Crash extends Error {}
const crashAt = (point: "afterPrepared" | "afterAccepted" | "afterSent") => ({
  [point]: () => {
    throw new Crash(`simulated crash ${point}`);
  },
});

describe.skipIf(!ok)("mail_send: approval, exactly-once delivery, crash recovery", () => {
  let dovecot: DovecotServer;
  let smtp: SmtpCapture;
  let harness: MailHarness;
  const message = {
    to: ["carol@example.net"],
    subject: "Minutes",
    body: "Here are the minutes.\n.\nA line with a dot.",
  };
  const said = ["send carol@example.net the minutes"];

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [{ user: USER, password: PASSWORD }] });
    smtp = await new SmtpCapture({ users: { [USER]: PASSWORD } }).start();
  });
  afterEach(async () => {
    await harness?.close();
    smtp.messages.length = 0;
  });
  afterAll(async () => {
    await smtp?.stop();
    await dovecot?.stop();
  });

  const open = (options = {}) => {
    harness = openHarness(mailConfig({ imapPort: dovecot.port, smtpPort: smtp.port }), options);
    return harness;
  };
  const sentCopies = async (messageId: string) => {
    const client = await imapClient(dovecot.port);
    await client.mailboxOpen("Sent", { readOnly: true });
    const uids = await client.search({ header: { "message-id": messageId } }, { uid: true });
    await client.logout();
    return (uids as number[]).length;
  };
  const outboxOf = (h: MailHarness) => new Outbox(h.runtime.db, h.clock, h.runtime.ids);

  it("asks with the exact message, sends it once on approval, files a copy in Sent; a retry sends nothing", async () => {
    const h = open();
    const broker = new FixedConfirmationBroker("approve");
    const scope = h.scope({ broker, userText: [...said, "and cc dave@example.net"] });
    const outcome = await h.runtime.gate.call(
      { tool: "mail_send", args: { ...message, cc: ["dave@example.net"] } },
      scope,
    );
    expect(outcome.status).toBe("ok");
    expect(outcome.tier).toBe("dangerous");
    expect(broker.seen).toHaveLength(1);
    const preview = broker.seen[0]!.preview;
    for (const line of [
      "From: Ada Lovelace <ada@example.com>",
      "To: carol@example.net",
      "Cc: dave@example.net",
      "Subject: Minutes",
      "Attachments: (none)",
      "A line with a dot.",
    ]) {
      expect(preview).toContain(line);
    }
    const messageId = (outcome.result!.data as { messageId: string }).messageId;
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({
      from: "ada@example.com",
      to: ["carol@example.net", "dave@example.net"],
      user: USER,
    });
    expect(smtp.messages[0]!.data).toContain(`Message-ID: ${messageId}`);
    expect(smtp.messages[0]!.data).toContain("\r\n.\r\nA line with a dot."); // dot-stuffing round trip
    expect(await sentCopies(messageId)).toBe(1);

    const retry = await h.runtime.gate.call(
      { tool: "mail_send", args: { ...message, cc: ["dave@example.net"] } },
      scope,
    );
    expect(retry.status).toBe("ok");
    expect(retry.result?.output).toContain("not sent again");
    expect(smtp.withMessageId(messageId)).toHaveLength(1);
    expect(await sentCopies(messageId)).toBe(1);
  });

  it("sends nothing when the user says no, and records nothing in the outbox", async () => {
    const h = open();
    const outcome = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ broker: new FixedConfirmationBroker("deny"), userText: said }),
    );
    expect(outcome.status).toBe("denied");
    expect(outcome.code).toBe("USER_DENIED");
    expect(smtp.messages).toHaveLength(0);
    expect(outboxOf(h).list()).toHaveLength(0);
  });

  it("crash after the Message-ID is persisted but before SMTP: the resumed run sends it exactly once", async () => {
    const h = open({ hooks: crashAt("afterPrepared") });
    const scope = h.scope({ userText: said, runId: "run_crash_1" });
    const crashed = await h.runtime.gate.call({ tool: "mail_send", args: message }, scope);
    expect(crashed.status).toBe("failed");
    expect(smtp.messages).toHaveLength(0);
    const [entry] = outboxOf(h).list();
    expect(entry?.state).toBe("prepared");

    await h.restart();
    const resumed = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_crash_1" }),
    );
    expect(resumed.status).toBe("ok");
    expect(smtp.withMessageId(entry!.messageId)).toHaveLength(1);
    expect(outboxOf(h).byMessageId(entry!.messageId)?.state).toBe("sent");
  });

  it("crash after the server accepted it but before 'sent' was recorded: nothing is sent twice", async () => {
    const h = open({ hooks: crashAt("afterAccepted") });
    const crashed = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_crash_2" }),
    );
    expect(crashed.status).toBe("failed");
    expect(smtp.messages).toHaveLength(1);
    const [entry] = outboxOf(h).list();
    expect(entry?.state).toBe("sending");

    await h.restart();
    const resumed = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_crash_2" }),
    );
    expect(resumed.status).toBe("failed");
    expect(resumed.observation).toContain("may already have been delivered");
    expect(resumed.observation).toContain("not sent again");
    expect(smtp.withMessageId(entry!.messageId)).toHaveLength(1);
    expect(outboxOf(h).byMessageId(entry!.messageId)?.state).toBe("uncertain");
  });

  it("crash after 'sent' before the Sent copy: the restart files the copy once and sends nothing", async () => {
    const h = open({ hooks: crashAt("afterSent") });
    await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_crash_3" }),
    );
    const [entry] = outboxOf(h).list();
    expect(entry).toMatchObject({ state: "sent", sentCopy: false });
    expect(await sentCopies(entry!.messageId)).toBe(0);

    await h.restart();
    const notes = await resumeOutbox(createMailServices(h.runtime.deps), new AbortController().signal);
    expect(notes).toEqual([`${entry!.messageId}: a copy is in Sent`]);
    const again = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_crash_3" }),
    );
    expect(again.result?.output).toContain("not sent again");
    expect(smtp.withMessageId(entry!.messageId)).toHaveLength(1);
    expect(await sentCopies(entry!.messageId)).toBe(1);
  });

  it("a link dropped after DATA leaves the send uncertain and it is not retried; a refusal can be retried", async () => {
    const h = open();
    smtp.nextData = "drop";
    const dropped = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_drop" }),
    );
    expect(dropped.status).toBe("failed");
    expect(dropped.observation).toContain("may already have been delivered");
    const retry = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_drop" }),
    );
    expect(retry.status).toBe("failed");
    expect(smtp.messages).toHaveLength(1);

    smtp.nextData = "reject";
    const refused = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_refused" }),
    );
    expect(refused.observation).toContain("refused the message");
    const second = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ userText: said, runId: "run_refused" }),
    );
    expect(second.status).toBe("ok");
    expect(smtp.messages).toHaveLength(2);
  });

  it("recipients: user words and trusted handles are clean; an address first seen in a mail body raises the tier", async () => {
    const h = open();
    const broker = new FixedConfirmationBroker("deny");
    const fromUser = await h.runtime.gate.call(
      { tool: "mail_send", args: message },
      h.scope({ broker, userText: said }),
    );
    expect(fromUser.tier).toBe("dangerous");
    const scope = h.scope({ broker, userText: ["reply to alice"] });
    const alice = scope.handles.mint("a", "alice@example.com", { tool: "contacts_search", trust: "trusted" });
    scope.handles.mint("a", "bob@evil.example", { tool: "mail_read", trust: "untrusted" });
    const viaHandle = await h.runtime.gate.call(
      { tool: "mail_send", args: { ...message, to: [alice] } },
      scope,
    );
    expect(viaHandle.tier).toBe("dangerous");
    expect(viaHandle.args?.to).toEqual(["alice@example.com"]);
    const fromBody = await h.runtime.gate.call(
      { tool: "mail_send", args: { ...message, to: ["bob@evil.example"] } },
      scope,
    );
    expect(fromBody.tier).toBe("destructive");
    expect(broker.seen.at(-1)?.reason).toContain("to of unknown origin → destructive");
    expect(smtp.messages).toHaveLength(0);
  });

  it("threads a reply sent with in_reply_to (#m handle from mail_search)", async () => {
    const h = open();
    const client = await imapClient(dovecot.port);
    await client.append(
      "INBOX",
      rfc822(
        {
          From: "Carol <carol@example.net>",
          To: "ada@example.com",
          Subject: "Question",
          "Message-ID": "<q-1@example.net>",
        },
        "Can you send the minutes?",
      ),
    );
    await client.logout();
    const scope = h.scope({ userText: said });
    await h.runtime.gate.call({ tool: "mail_search", args: { subject: "Question" } }, scope);
    const sent = await h.runtime.gate.call(
      { tool: "mail_send", args: { ...message, in_reply_to: "#m1" } },
      scope,
    );
    expect(sent.status, sent.observation).toBe("ok");
    expect(sent.tier).toBe("dangerous");
    expect(smtp.messages[0]!.data).toContain("In-Reply-To: <q-1@example.net>");
    expect(smtp.messages[0]!.data).toContain("References: <q-1@example.net>");
  });

  it("refuses bad arguments with one line each and leaves the outbox empty", async () => {
    const h = open();
    const scope = h.scope({ userText: said });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...message, to: ["Alice"] }, "ARGS_INVALID"],
      [{ ...message, to: [] }, "ARGS_INVALID"],
      [{ ...message, to: ["a@b.example", 5] }, "ARGS_INVALID"],
      [{ ...message, subject: undefined }, "ARGS_INVALID"],
      [{ ...message, attachments: ["/etc/passwd"] }, "PATH_DENIED"],
      [{ ...message, account: "work" }, "NOT_FOUND"],
      [{ ...message, in_reply_to: "#m7" }, "HANDLE_UNKNOWN"],
    ];
    for (const [args, code] of cases) {
      const outcome = await h.runtime.gate.call({ tool: "mail_send", args }, scope);
      expect(outcome.code, JSON.stringify(args)).toBe(code);
      expect(outcome.observation.split("\n")).toHaveLength(1);
    }
    expect(outboxOf(h).list()).toHaveLength(0);
    expect(smtp.messages).toHaveLength(0);
  });
});
