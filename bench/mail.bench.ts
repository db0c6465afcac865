/**
 * mail_search over a 10,000-message mailbox on a local Dovecot, and calendar_list_events over a
 * year of events on a local Radicale, both through the full gate with a warm connection.
 * Run: `npm run bench -- mail` → bench/results/mail.json.
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { FixedConfirmationBroker } from "../src/gate/confirm.js";
import { calendarTools } from "../src/tools/calendar/index.js";
import { calendarConfig } from "../test/calendar/harness.js";
import { startRadicale } from "../test/calendar/radicale.js";
import { mailConfig, openHarness, PASSWORD, USER } from "../test/mail/harness.js";
import { startDovecot } from "../test/mail/servers.js";
import { summarize, writeResult } from "./util.js";

const MESSAGES = 10_000;
const YEAR_START = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

/** Deterministic pseudo-random numbers so every run builds the same mailbox. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function writeMaildir(maildir: string): void {
  const next = random(42);
  const words = [
    "invoice",
    "meeting",
    "report",
    "lunch",
    "project",
    "update",
    "travel",
    "budget",
    "review",
    "party",
    "offer",
    "team",
  ];
  const senders = Array.from({ length: 200 }, (_, i) =>
    i === 0 ? ["Alice Martin", "alice@example.com"] : [`Person ${i}`, `person${i}@example.org`],
  );
  for (let i = 0; i < MESSAGES; i++) {
    const [name, address] = senders[Math.floor(next() ** 2 * senders.length)]!;
    const subject = `${words[Math.floor(next() * words.length)]} ${words[Math.floor(next() * words.length)]} #${i}`;
    const date = new Date(YEAR_START + Math.floor((i / MESSAGES) * 365 * DAY + next() * DAY));
    const seen = next() > 0.1;
    const raw = `From: ${name} <${address}>\r\nTo: Ada <ada@example.com>\r\nSubject: ${subject}\r\nDate: ${date.toUTCString()}\r\nMessage-ID: <bench-${i}@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nMessage ${i} about ${subject}.\r\n${"Some body text. ".repeat(20)}\r\n`;
    const file = join(
      maildir,
      seen ? "cur" : "new",
      `${date.getTime() / 1000}.M${i}P1.bench${seen ? ":2,S" : ""}`,
    );
    writeFileSync(file, raw);
    utimesSync(file, date, date); // Dovecot takes a maildir message's received date from its mtime
  }
}

/** A year of events written straight into Radicale's storage (as its own files), plus a few series. */
function writeCalendar(storage: string): number {
  const dir = join(storage, "collection-root", USER, "bench");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, ".Radicale.props"),
    JSON.stringify({
      tag: "VCALENDAR",
      "D:displayname": "Bench",
      "C:supported-calendar-component-set": "VEVENT",
    }),
  );
  const next = random(7);
  let count = 0;
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15);
  for (let day = 0; day < 365; day++) {
    const events = Math.floor(next() * 5);
    for (let j = 0; j < events; j++) {
      const start = YEAR_START + day * DAY + (7 + Math.floor(next() * 10)) * 3_600_000;
      const uid = `bench-${day}-${j}`;
      writeFileSync(
        join(dir, `${uid}.ics`),
        `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:bench\r\nBEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:${stamp(start)}Z\r\nDTEND:${stamp(start + 3_600_000)}Z\r\nSUMMARY:Event ${uid}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
      );
      count += 1;
    }
  }
  for (const [i, rule] of [
    "FREQ=WEEKLY;BYDAY=MO",
    "FREQ=WEEKLY;BYDAY=WE",
    "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
  ].entries()) {
    writeFileSync(
      join(dir, `series-${i}.ics`),
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:bench\r\nBEGIN:VEVENT\r\nUID:series-${i}\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20240101T0${8 + i}0000\r\nDURATION:PT30M\r\nRRULE:${rule}\r\nSUMMARY:Series ${i}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
    );
    count += 1;
  }
  return count;
}

async function time(runs: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const generated = performance.now();
const dovecot = await startDovecot({
  users: [{ user: USER, password: PASSWORD }],
  prepare: (maildir) => writeMaildir(maildir(USER)),
});
const mailboxMs = performance.now() - generated;
let radicaleDir = "";
const radicale = await startRadicale({
  user: USER,
  password: PASSWORD,
  prepare: (dir) => (radicaleDir = dir),
});
const events = writeCalendar(join(radicaleDir, "collections"));
const config = mailConfig({ imapPort: dovecot.port }).replace(
  "calendar:\n  timezone: Europe/Berlin\n",
  `calendar:\n${calendarConfig(radicale.url).split("calendar:\n")[1]}`,
);
const harness = openHarness(config, {
  now: Date.UTC(2023, 11, 31, 12),
  extraTools: (deps) => calendarTools(deps),
});
const call = async (tool: string, args: Record<string, unknown>) => {
  const outcome = await harness.runtime.gate.call(
    { tool, args },
    harness.scope({ broker: new FixedConfirmationBroker("approve") }),
  );
  if (outcome.status !== "ok") throw new Error(`${tool}: ${outcome.observation}`);
  return outcome;
};

try {
  const firstStarted = performance.now();
  const first = await call("mail_search", { from: "alice" });
  const firstSearchMs = performance.now() - firstStarted; // login + Dovecot building its index and cache
  const total = (first.result!.data as { total: number }).total;
  const queries: Array<[string, (i: number) => Record<string, unknown>]> = [
    ["from", () => ({ from: "alice" })],
    ["subject", (i) => ({ subject: ["invoice", "budget", "party"][i % 3] })],
    ["unread", () => ({ unread: true })],
    ["date_range", (i) => ({ since: `2024-0${1 + (i % 9)}-01`, until: `2024-0${1 + (i % 9)}-14` })],
    ["sender_and_range", () => ({ from: "person1@", since: "2024-06-01", until: "2024-08-31" })],
  ];
  const search: Record<string, unknown> = {};
  for (const [name, args] of queries) {
    await call("mail_search", args(0)); // warm the header cache for this key
    search[name] = summarize(await time(20, (i) => call("mail_search", args(i)).then(() => undefined)));
  }

  await call("calendar_list_events", { from: "2024-01-01", to: "2024-01-07" }); // discovery + Radicale cache
  const calendar = {
    week: summarize(
      await time(20, (i) =>
        call("calendar_list_events", { from: `2024-0${1 + (i % 9)}-08`, to: `2024-0${1 + (i % 9)}-14` }).then(
          () => undefined,
        ),
      ),
    ),
    month: summarize(
      await time(10, (i) =>
        call("calendar_list_events", { from: `2024-0${1 + (i % 9)}-01`, to: `2024-0${1 + (i % 9)}-28` }).then(
          () => undefined,
        ),
      ),
    ),
    year: summarize(
      await time(5, () =>
        call("calendar_list_events", { from: "2024-01-01", to: "2024-12-31", limit: 500 }).then(
          () => undefined,
        ),
      ),
    ),
  };
  const yearListing = await call("calendar_list_events", {
    from: "2024-01-01",
    to: "2024-12-31",
    limit: 500,
  });
  const free = summarize(
    await time(10, (i) =>
      call("calendar_find_free_time", {
        from: `2024-0${1 + (i % 9)}-01`,
        to: `2024-0${1 + (i % 9)}-07`,
        count: 3,
      }).then(() => undefined),
    ),
  );

  writeResult("mail", {
    mailbox: {
      messages: MESSAGES,
      generateMs: Math.round(mailboxMs),
      aliceMatches: total,
      firstSearchMs: Math.round(firstSearchMs),
    },
    mail_search_ms: search,
    target: { mail_search_p50_ms: 300 },
    calendar: { events, occurrencesInYear: (yearListing.result!.data as { total: number }).total },
    calendar_list_events_ms: calendar,
    calendar_find_free_time_ms: free,
    note: "through the full gate on loopback; warm IMAP connection and CalDAV discovery; 20/10/5 runs",
  });
} finally {
  await harness.close();
  await Promise.all([dovecot.stop(), radicale.stop()]);
}
