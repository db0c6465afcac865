/** Set-up shared by the calendar tests: Radicale with a few collections, a runtime pointed at it. */
import { calendarTools } from "../../src/tools/calendar/index.js";
import { contactsTools } from "../../src/tools/contacts/index.js";
import { remindersTools } from "../../src/tools/reminders/index.js";
import { type MailHarness, openHarness, PASSWORD, USER } from "../mail/harness.js";
import { makeAddressBook, makeCalendar, put, type RadicaleServer, startRadicale } from "./radicale.js";

export function calendarConfig(url: string, extra = ""): string {
  return `policy:
  autonomy: smart
calendar:
  timezone: Europe/Berlin
  working_hours: { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5] }
  accounts:
    - name: home
      caldav: { url: "${url}", user: ${USER}, password_env: JARVIS_TEST_MAIL_PASSWORD${extra} }
`;
}

export function openCalendarHarness(
  config: string,
  options: { now?: number; password?: string } = {},
): MailHarness {
  return openHarness(config, {
    ...options,
    extraTools: (deps) => [...calendarTools(deps), ...remindersTools(deps), ...contactsTools(deps)],
  });
}

export async function startSeededRadicale(): Promise<RadicaleServer> {
  const server = await startRadicale({ user: USER, password: PASSWORD });
  await makeCalendar(server, `/${USER}/personal/`, "Personal", ["VEVENT"]);
  await makeCalendar(server, `/${USER}/work/`, "Work", ["VEVENT"]);
  await makeCalendar(server, `/${USER}/reminders/`, "Reminders", ["VTODO"]);
  await makeAddressBook(server, `/${USER}/contacts/`, "Contacts");
  await put(
    server,
    `/${USER}/contacts/alice.vcf`,
    "BEGIN:VCARD\nVERSION:3.0\nUID:alice-1\nFN:Alice Martin\nN:Martin;Alice;;;\nORG:Example Corp\nEMAIL;TYPE=work:alice@example.com\nTEL;TYPE=cell:+49 30 1234567\nEND:VCARD\n",
    "text/vcard",
  );
  await put(
    server,
    `/${USER}/contacts/bob.vcf`,
    "BEGIN:VCARD\nVERSION:4.0\nUID:bob-1\nFN:Bob Builder\nEMAIL:bob@example.org\nEMAIL:bob.home@example.net\nEND:VCARD\n",
    "text/vcard",
  );
  return server;
}

/** A weekly Friday 09:00 Berlin meeting written by "another client", with its own VTIMEZONE. */
export const WEEKLY_STANDUP = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Other Client//EN
BEGIN:VTIMEZONE
TZID:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:standup-1@other
DTSTAMP:20250101T000000Z
DTSTART;TZID=Europe/Berlin:20250314T090000
DTEND;TZID=Europe/Berlin:20250314T093000
RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20250425T070000Z
SUMMARY:Standup
LOCATION:Room 1
END:VEVENT
END:VCALENDAR
`;

/** A New York call with an IANA TZID and no VTIMEZONE (as some servers store it). */
export const NEW_YORK_CALL = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Other Client//EN
BEGIN:VEVENT
UID:ny-call@other
DTSTAMP:20250101T000000Z
DTSTART;TZID=America/New_York:20250327T100000
DURATION:PT1H
SUMMARY:NY call
END:VEVENT
END:VCALENDAR
`;
