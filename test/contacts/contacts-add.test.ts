import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import type { CallOutcome } from "../../src/gate/gate.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { parseVCards } from "../../src/tools/contacts/vcard.js";
import { calendarConfig, openCalendarHarness, startSeededRadicale } from "../calendar/harness.js";
import type { RadicaleServer } from "../calendar/radicale.js";
import { type MailHarness, USER } from "../mail/harness.js";

const ok = hasPrograms(["radicale"], "radicale");

describe.skipIf(!ok)("contacts_add against Radicale (CardDAV)", () => {
  let radicale: RadicaleServer;
  let harness: MailHarness;

  beforeAll(async () => {
    radicale = await startSeededRadicale();
    harness = openCalendarHarness(calendarConfig(radicale.url));
  });
  afterAll(async () => {
    await harness?.close();
    await radicale?.stop();
  });

  /** The cards Radicale stores for the address book (its filesystem storage). */
  const cards = () =>
    readdirSync(join(radicale.dir, "collections", "collection-root", USER, "contacts"))
      .filter((f) => f.endsWith(".vcf"))
      .sort();

  /** A call as if the user had said `said` (so what they typed has a known origin). */
  const call = async (
    tool: string,
    args: Record<string, unknown>,
    options: { said?: string; answer?: "approve" | "deny" } = {},
  ): Promise<CallOutcome & { asked: string[] }> => {
    const broker = new FixedConfirmationBroker(options.answer ?? "approve");
    const scope = harness.scope({ broker, userText: [options.said ?? JSON.stringify(args)] });
    const outcome = await harness.runtime.gate.call({ tool, args }, scope);
    return { ...outcome, asked: broker.seen.map((r) => r.preview) };
  };

  it("asks with the exact card, adds it, and contacts_search finds it", async () => {
    const before = cards();
    const added = await call(
      "contacts_add",
      { name: "Sam Smith", email: "Sam@Example.com" },
      { said: "add Sam Smith, Sam@Example.com, to my contacts" },
    );
    expect(added.status, added.observation).toBe("ok");
    expect(added.tier).toBe("dangerous");
    expect(added.asked).toHaveLength(1);
    const preview = added.asked[0]!;
    expect(preview).toContain("Add this contact to home/Contacts:");
    expect(preview).toContain("FN:Sam Smith\r\nN:Smith;Sam;;;\r\nEMAIL;TYPE=INTERNET:sam@example.com");
    expect(added.result?.output).toBe("Added #c1: Sam Smith — sam@example.com (#a1) to home/Contacts.");
    const data = added.result?.data as { uid: string; url: string };
    expect(preview).toContain(`UID:${data.uid}`);

    // exactly one new file on the server, holding the previewed card (Radicale reorders lines)
    const created = cards().filter((f) => !before.includes(f));
    expect(created).toEqual([`${data.uid}.vcf`]);
    const stored = await (await radicale.request("GET", new URL(data.url).pathname)).text();
    const previewed = preview.slice(preview.indexOf("BEGIN:VCARD"));
    expect(parseVCards(stored)).toEqual(parseVCards(previewed));
    expect(parseVCards(stored)).toMatchObject([
      { uid: data.uid, name: "Sam Smith", emails: ["sam@example.com"], phones: [] },
    ]);
    expect(stored).toContain("VERSION:3.0");

    const found = await call("contacts_search", { query: "sam smith" });
    expect(found.result?.output).toContain("Sam Smith — sam@example.com");
  });

  it("adds a phone-only contact, named by its number when no name is given", async () => {
    const added = await call("contacts_add", { phone: "+1 555 0100 200" });
    expect(added.status, added.observation).toBe("ok");
    expect(added.result?.output).toBe("Added #c1: +1 555 0100 200 (#p1) to home/Contacts.");
    const found = await call("contacts_search", { query: "555 0100 200" });
    expect(found.result?.output).toContain("+1 555 0100 200 — +1 555 0100 200 [voice]");
  });

  it("refuses an email that is already in the contacts, writing nothing", async () => {
    const before = cards();
    const dup = await call("contacts_add", { name: "Alice M.", email: "ALICE@example.com" });
    expect(dup.status).toBe("failed");
    expect(dup.code).toBe("ARGS_INVALID");
    expect(dup.observation).toContain(
      'alice@example.com is already in your contacts (home) as "Alice Martin"; nothing was added',
    );
    expect(dup.observation.split("\n")).toHaveLength(1);
    // the preview already said so, before the user was asked to approve
    expect(dup.asked[0]).toContain("already in your contacts");
    expect(cards()).toEqual(before);
    // a phone-only contact with a number already there is the same person too
    const phoneDup = await call("contacts_add", { name: "Alice", phone: "030 1234567" });
    expect(phoneDup.code).toBe("ARGS_INVALID");
    expect(phoneDup.observation).toContain(
      '030 1234567 is already in your contacts (home) as "Alice Martin"',
    );
    expect(cards()).toEqual(before);
  });

  it("refuses a contact without email or phone before asking, writing nothing", async () => {
    const before = cards();
    for (const args of [{ name: "Nobody" }, { name: "Nobody", email: "", phone: " " }]) {
      const refused = await call("contacts_add", args);
      expect(refused.status).not.toBe("ok");
      expect(refused.code).toBe("ARGS_INVALID");
      expect(refused.asked).toEqual([]);
      expect(refused.observation.split("\n")).toHaveLength(1);
    }
    const refused = await call("contacts_add", { name: "Nobody" });
    expect(refused.observation).toBe(
      "DENIED ARGS_INVALID: a new contact needs an email address or a phone number",
    );
    expect(cards()).toEqual(before);
  });

  it.each([
    [{ name: "Sam", email: "sam at example dot com" }, "email"],
    [{ name: "Sam", email: "sam@" }, "email"],
    [{ name: "Sam", email: "#m1" }, "email"],
    [{ name: "Sam", email: "sam@example.com", nickname: "s" }, 'unexpected key "nickname"'],
    [{ name: 42, email: "sam@example.com" }, "name must be string"],
  ])("the gate refuses %j at validation, writing nothing", async (args, message) => {
    const before = cards();
    const refused = await call("contacts_add", args);
    expect(refused.status).toBe("refused");
    expect(refused.code).toBe("ARGS_INVALID");
    expect(refused.observation).toContain(message);
    expect(refused.observation.split("\n")).toHaveLength(1);
    expect(refused.asked).toEqual([]);
    expect(cards()).toEqual(before);
  });

  it("writes nothing when the user says no, and names an unknown account", async () => {
    const before = cards();
    const denied = await call("contacts_add", { name: "Kim", email: "kim@example.com" }, { answer: "deny" });
    expect(denied.code).toBe("USER_DENIED");
    expect(cards()).toEqual(before);
    const unknown = await call("contacts_add", { name: "Kim", email: "kim@example.com", account: "work" });
    expect(unknown.code).toBe("NOT_FOUND");
    expect(unknown.observation).toContain('no contacts account named "work"');
    expect(cards()).toEqual(before);
  });

  it("takes an address from a contacts_search handle", async () => {
    const scope = harness.scope({ userText: ["find bob"] });
    await harness.runtime.gate.call({ tool: "contacts_search", args: { query: "bob" } }, scope);
    const home = scope.handles.list("a").find((h) => h.value === "bob.home@example.net")!;
    // Bob's second address is already his: a duplicate even when it arrives as a handle
    const dup = await harness.runtime.gate.call(
      { tool: "contacts_add", args: { name: "Bob at home", email: home.handle } },
      scope,
    );
    expect(dup.code).toBe("ARGS_INVALID");
    expect(dup.observation).toContain("bob.home@example.net is already in your contacts");
  });
});
