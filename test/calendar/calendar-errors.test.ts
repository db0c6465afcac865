import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hasPrograms } from "../../src/testing/programs.js";
import { type MailHarness, PASSWORD, USER } from "../mail/harness.js";
import { freePort } from "../mail/servers.js";
import { calendarConfig, openCalendarHarness } from "./harness.js";
import { makeCalendar, type RadicaleServer, startRadicale } from "./radicale.js";

const ok = hasPrograms(["radicale", "openssl"], "radicale openssl");

describe.skipIf(!ok)("CalDAV/CardDAV failures: one clear line each", () => {
  let radicale: RadicaleServer;
  let harness: MailHarness | undefined;

  beforeAll(async () => {
    radicale = await startRadicale({ user: USER, password: PASSWORD, tls: true });
    await makeCalendar(radicale, `/${USER}/personal/`, "Personal", ["VEVENT", "VTODO"]).catch(
      () => undefined,
    );
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  const run = async (config: string, tool = "calendar_list_events", options: { password?: string } = {}) => {
    harness = openCalendarHarness(config, options);
    const args = tool === "contacts_search" ? { query: "alice" } : {};
    return harness.runtime.gate.call({ tool, args }, harness.scope());
  };
  const expectOneLine = (observation: string, pattern: RegExp) => {
    expect(observation.split("\n")).toHaveLength(1);
    expect(observation).toMatch(pattern);
    expect(observation).not.toContain(PASSWORD);
  };
  const trusted = () => `, ca_file: ${radicale.certificate!.cert}`;

  it("server down", async () => {
    const port = await freePort();
    const outcome = await run(calendarConfig(`http://127.0.0.1:${port}/`));
    expect(outcome.code).toBe("UNAVAILABLE");
    expectOneLine(
      outcome.observation,
      /cannot reach CalDAV server http:\/\/127\.0\.0\.1:\d+\/ \(account home\): connection refused/,
    );
  });

  it("self-signed certificate refused; trusted with ca_file", async () => {
    const refused = await run(calendarConfig(radicale.url));
    expect(refused.code).toBe("UNAVAILABLE");
    expectOneLine(
      refused.observation,
      /TLS error with CalDAV server https:\/\/127\.0\.0\.1:\d+\/ \(account home\): the server's certificate is self-signed/,
    );
    await harness?.close();
    const fine = await run(calendarConfig(radicale.url, trusted()));
    expect(fine.status, fine.observation).toBe("ok");
  });

  it("wrong password, for calendars and for contacts", async () => {
    const calendar = await run(calendarConfig(radicale.url, trusted()), "calendar_list_events", {
      password: "nope",
    });
    expect(calendar.code).toBe("AUTH_FAILED");
    expectOneLine(
      calendar.observation,
      /CalDAV server https:\/\/127\.0\.0\.1:\d+\/ \(account home\) refused the login: wrong user or password/,
    );
    await harness?.close();
    const contacts = await run(calendarConfig(radicale.url, trusted()), "contacts_search", {
      password: "nope",
    });
    expect(contacts.code).toBe("AUTH_FAILED");
    expectOneLine(contacts.observation, /CardDAV server .* refused the login: wrong user or password/);
  });

  it("plain HTTP to a TLS port and no calendar account", async () => {
    const plain = await run(calendarConfig(radicale.url.replace("https:", "http:")));
    expect(plain.code).toBe("UNAVAILABLE");
    expect(plain.observation.split("\n")).toHaveLength(1);
    await harness?.close();
    const none = await run("policy: { autonomy: smart }\n");
    expectOneLine(none.observation, /no calendar account is configured/);
  });
});
