import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { imapClient, type MailHarness, mailConfig, openHarness, seedMailbox } from "./harness.js";
import { type DovecotServer, startDovecot } from "./servers.js";

const ok = hasPrograms(["dovecot"], "dovecot-imapd");

describe.skipIf(!ok)("mail tools against Dovecot: search, read, draft, reply, summarize", () => {
  let dovecot: DovecotServer;
  let harness: MailHarness;

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [{ user: "ada", password: "correct horse" }] });
    await seedMailbox(dovecot.port);
    harness = openHarness(mailConfig({ imapPort: dovecot.port }));
  });
  afterAll(async () => {
    await harness?.close();
    await dovecot?.stop();
  });

  it("searches by sender, newest first, with #m and #a handles", async () => {
    const scope = harness.scope();
    const outcome = await harness.runtime.gate.call({ tool: "mail_search", args: { from: "alice" } }, scope);
    expect(outcome.status).toBe("ok");
    const data = outcome.result?.data as {
      total: number;
      messages: Array<{ subject: string; handle: string; from: { address: string; handle: string } }>;
    };
    expect(data.total).toBe(2);
    expect(data.messages.map((m) => m.subject)).toEqual(["Re: Lunch next week?", "Lunch next week?"]);
    expect(data.messages[0]!.handle).toBe("#m1");
    expect(data.messages[0]!.from).toMatchObject({ address: "alice@example.com", handle: "#a1" });
    expect(scope.handles.resolve("#a1")).toMatchObject({ value: "alice@example.com", trust: "trusted" });
    expect(outcome.observation).toContain("<untrusted");
    expect(scope.taint.tainted).toBe(true); // subjects are third-party text
  });

  it("filters by unread, subject and date range (inclusive days in the user's zone)", async () => {
    const call = async (args: Record<string, unknown>) => {
      const outcome = await harness.runtime.gate.call({ tool: "mail_search", args }, harness.scope());
      return (outcome.result!.data as { messages: Array<{ subject: string }> }).messages.map(
        (m) => m.subject,
      );
    };
    expect(await call({ unread: true })).toEqual(["Report draft", "Re: Lunch next week?"]);
    expect(await call({ subject: "sale" })).toEqual(["Spring sale"]);
    expect(await call({ since: "2025-03-17", until: "2025-03-19" })).toEqual([
      "Re: Lunch next week?",
      "Spring sale",
    ]);
    expect(await call({ since: "2025-03-21T08:00", limit: 5 })).toEqual(["Report draft"]);
    expect(await call({ query: "quarterly" })).toEqual(["Report draft"]);
    expect(await call({ from: "nobody-here" })).toEqual([]);
  });

  it("refuses bad search arguments with one line and runs nothing", async () => {
    const bad = [
      { since: "last blue moon" },
      { since: "2025-03-20", until: "2025-03-10" },
      { limit: 0 },
      { unread: "yes" },
      { account: "work" },
      { mailbox: "Nope" },
    ];
    for (const args of bad) {
      const outcome = await harness.runtime.gate.call({ tool: "mail_search", args }, harness.scope());
      expect(outcome.status, JSON.stringify(args)).not.toBe("ok");
      expect(outcome.observation.split("\n")[0]).toMatch(/(ARGS_INVALID|NOT_FOUND)/);
    }
  });

  it("reads the whole thread across Inbox and Sent with quoted text folded", async () => {
    const scope = harness.scope();
    await harness.runtime.gate.call({ tool: "mail_search", args: { from: "alice", limit: 1 } }, scope);
    const outcome = await harness.runtime.gate.call({ tool: "mail_read", args: { id: "#m1" } }, scope);
    expect(outcome.status).toBe("ok");
    const data = outcome.result?.data as { messages: Array<{ subject: string; messageId: string }> };
    expect(data.messages.map((m) => m.messageId)).toEqual([
      "<lunch-1@example.com>",
      "<lunch-2@example.com>",
      "<lunch-3@example.com>",
    ]);
    const text = outcome.observation;
    expect(text).toMatch(/^<untrusted source="mail_read">/);
    expect(text).toContain("Any day after 12:00 works.");
    expect(text).toContain("quoted lines folded]");
    expect(text).toContain("[signature folded]");
    expect(text).not.toContain("> Sounds good");
    // The address written in the body is a handle, but an untrusted one.
    const evil = scope.handles.list("a").find((h) => h.value === "bob@evil.example");
    expect(evil?.trust).toBe("untrusted");
    expect(scope.handles.list("u").map((h) => h.value)).toContain("https://evil.example/agenda");
    // Reading never marks a message as seen.
    const client = await imapClient(dovecot.port);
    await client.mailboxOpen("INBOX", { readOnly: true });
    const unseen = await client.search({ seen: false }, { uid: true });
    await client.logout();
    expect(unseen).toHaveLength(2);
  });

  it("refuses an unknown or wrong-kind handle without touching the server", async () => {
    const scope = harness.scope();
    scope.handles.mint("u", "https://example.com", { tool: "t", trust: "trusted" });
    const unknown = await harness.runtime.gate.call({ tool: "mail_read", args: { id: "#m99" } }, scope);
    const wrongKind = await harness.runtime.gate.call({ tool: "mail_read", args: { id: "#u1" } }, scope);
    const garbage = await harness.runtime.gate.call({ tool: "mail_read", args: { id: "hello" } }, scope);
    expect(unknown.code).toBe("HANDLE_UNKNOWN");
    expect(wrongKind.code).toBe("HANDLE_UNKNOWN");
    expect(garbage.code).toBe("ARGS_INVALID");
    expect(garbage.observation).toContain("not a message handle");
  });

  it("saves a draft in Drafts (asks first with the exact message); a retry does not duplicate it", async () => {
    const broker = new FixedConfirmationBroker("approve");
    const scope = harness.scope({ broker, userText: ["write to carol@example.net about the report"] });
    const args = {
      to: ["carol@example.net"],
      subject: "The report",
      body: "Hi Carol,\nthe report is attached soon.",
    };
    const first = await harness.runtime.gate.call({ tool: "mail_draft", args }, scope);
    const again = await harness.runtime.gate.call({ tool: "mail_draft", args }, scope);
    expect(first.status).toBe("ok");
    expect(again.status).toBe("ok");
    expect(first.observation).toContain("nothing was sent");
    const client = await imapClient(dovecot.port);
    await client.mailboxOpen("Drafts", { readOnly: true });
    const drafts = await client.fetchAll("1:*", { envelope: true, flags: true });
    await client.logout();
    expect(drafts.filter((d) => d.envelope?.subject === "The report")).toHaveLength(1);
    expect([...drafts[0]!.flags!]).toContain("\\Draft");
  });

  it("drafts a reply: threaded, addressed to the sender, original quoted", async () => {
    const broker = new FixedConfirmationBroker("approve");
    const scope = harness.scope({ broker });
    await harness.runtime.gate.call({ tool: "mail_search", args: { from: "alice", limit: 1 } }, scope);
    const outcome = await harness.runtime.gate.call(
      { tool: "mail_reply", args: { id: "#m1", body: "Tuesday at 12:30 works for me." } },
      scope,
    );
    expect(outcome.status).toBe("ok");
    // mail_search tainted the run, so writing the draft asked first, showing the exact draft
    expect(broker.seen).toHaveLength(1);
    expect(broker.seen[0]!.preview).toContain("To: alice@example.com");
    expect(broker.seen[0]!.preview).toContain("Subject: Re: Lunch next week?");
    const client = await imapClient(dovecot.port);
    await client.mailboxOpen("Drafts", { readOnly: true });
    const uids = await client.search({ subject: "Re: Lunch next week?" }, { uid: true });
    const draft = await client.fetchOne(String((uids as number[]).at(-1)), { source: true }, { uid: true });
    await client.logout();
    const source = draft ? draft.source!.toString() : "";
    expect(source).toContain("In-Reply-To: <lunch-3@example.com>");
    expect(source).toMatch(
      /References: <lunch-1@example.com>\s+<lunch-2@example.com>\s+<lunch-3@example.com>/,
    );
    expect(source).toContain("> Any day after 12:00 works.");
  });

  it("summarizes a thread and today's inbox without a model, and with an injected one", async () => {
    const scope = harness.scope();
    await harness.runtime.gate.call({ tool: "mail_search", args: { from: "alice", limit: 1 } }, scope);
    const thread = await harness.runtime.gate.call({ tool: "mail_summarize", args: { id: "#m1" } }, scope);
    expect(thread.result?.output).toContain("3 messages between Alice Martin, Ada Lovelace");
    expect(thread.result?.output).toContain("Alice Martin: Any day after 12:00 works.");
    const today = await harness.runtime.gate.call({ tool: "mail_summarize", args: {} }, harness.scope());
    expect(today.result?.output).toContain("1 message today from 1 sender");
    expect(today.result?.output).toContain(
      '"Report draft" — The quarterly report draft is ready for your review.',
    );

    // an injected summarizer (an LLM in production) gets the folded texts; if it fails, extractive
    const seen: string[][] = [];
    const withModel = openHarness(mailConfig({ imapPort: dovecot.port }), {
      summarizer: async (request) => {
        seen.push(request.messages.map((m) => m.from));
        if (request.kind === "inbox") throw new Error("model offline");
        return "Alice proposes lunch any day after 12:00.";
      },
    });
    try {
      const modelScope = withModel.scope();
      await withModel.runtime.gate.call(
        { tool: "mail_search", args: { from: "alice", limit: 1 } },
        modelScope,
      );
      const summarized = await withModel.runtime.gate.call(
        { tool: "mail_summarize", args: { id: "#m1" } },
        modelScope,
      );
      expect(summarized.result?.output).toBe("Alice proposes lunch any day after 12:00.");
      expect(summarized.result?.data).toMatchObject({ method: "model", count: 3 });
      expect(seen[0]).toEqual(["Alice Martin", "Ada Lovelace", "Alice Martin"]);
      const fallback = await withModel.runtime.gate.call(
        { tool: "mail_summarize", args: {} },
        withModel.scope(),
      );
      expect(fallback.result?.data).toMatchObject({ method: "extractive", count: 1 });
    } finally {
      await withModel.close();
    }
  });
});
