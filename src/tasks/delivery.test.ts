import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../core/clock.js";
import { SequentialIds } from "../core/ids.js";
import { silentLogger } from "../core/logger.js";
import { createRuntime, type Runtime } from "../runtime/runtime.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { RecordingNotifier } from "../testing/recording-notifier.js";
import { createCalendarServices } from "../tools/calendar/index.js";
import { ManualScheduler } from "../tools/timers/scheduler.js";
import { TimerService } from "../tools/timers/service.js";
import type { Alert } from "./alerts.js";
import { Delivery } from "./delivery.js";
import { reminderSource, timerSource } from "./sources.js";
import { desktopSurface, liveSurface } from "./surfaces.js";

const START = Date.parse("2025-06-11T10:00:00Z");
let temp: TempHome | undefined;
const open: Array<{ runtime: Runtime; delivery: Delivery }> = [];
afterEach(async () => {
  for (const { runtime, delivery } of open.splice(0)) {
    delivery.stop();
    await runtime.close();
  }
  temp?.cleanup();
  temp = undefined;
});

/** One service process over the home's real SQLite file, with time moved by hand. */
async function service(clock: ManualClock, config = "") {
  temp ??= createTempHome("jarvis-delivery-");
  if (config) temp.writeConfig(config);
  const runtime = createRuntime({
    env: temp.env,
    clock,
    ids: new SequentialIds(),
    logger: silentLogger,
    tools: () => [],
  });
  const scheduler = new ManualScheduler(clock);
  const notifier = new RecordingNotifier();
  const live: Array<{ type: string; alert: Alert }> = [];
  const delivery = new Delivery({
    db: runtime.db,
    clock,
    scheduler,
    ids: new SequentialIds(),
    logger: silentLogger,
    sources: [
      timerSource(runtime.db, "UTC", clock, new SequentialIds()),
      reminderSource({
        services: createCalendarServices(runtime.deps),
        db: runtime.db,
        clock,
        logger: silentLogger,
        timezone: "UTC",
      }),
    ],
    surfaces: [desktopSurface(notifier, silentLogger), liveSurface((text) => live.push(JSON.parse(text)))],
  });
  await delivery.start();
  runtime.onWake(() => delivery.wake());
  const timers = new TimerService({
    db: runtime.db,
    clock,
    ids: new SequentialIds(),
    onScheduled: (at) => runtime.deps.later?.wake(at),
  });
  open.push({ runtime, delivery });
  return { runtime, delivery, scheduler, notifier, live, timers };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("delivery of timers and alarms", () => {
  it("rings exactly when due on every surface, once, and a button on the desktop snoozes it everywhere", async () => {
    const clock = new ManualClock(START);
    const s = await service(clock);
    s.timers.create("timer", START + 300_000, "tea", 300);
    s.scheduler.advance(299_999);
    expect(s.live).toEqual([]);
    s.scheduler.advance(1);
    expect(s.live.map((m) => [m.type, m.alert.message])).toEqual([
      ["alert", 'Timer "tea" is done (5 minutes).'],
    ]);
    expect(s.notifier.shown).toMatchObject([
      { title: "Jarvis: Timer", body: 'Timer "tea" is done (5 minutes).', actions: ["snooze", "dismiss"] },
    ]);
    const [ringing] = s.delivery.open();
    expect(ringing).toMatchObject({ status: "ringing", lateMs: 0, kind: "timer" });
    s.notifier.shown[0]!.choose("snooze");
    await flush();
    expect(s.live.at(-1)).toMatchObject({ type: "alert_closed", alert: { status: "snoozed" } });
    expect(s.delivery.open()).toEqual([]);
    s.scheduler.advance(10 * 60_000);
    expect(s.live.at(-1)).toMatchObject({ type: "alert", alert: { status: "ringing", id: ringing!.id } });
    expect(s.notifier.shown).toHaveLength(2);
    s.delivery.dismiss(ringing!.id);
    expect(s.notifier.shown[1]!.withdrawn).toBe(true);
    expect(() => s.delivery.dismiss(ringing!.id)).toThrow(/already dismissed/);
    s.scheduler.advance(3_600_000);
    expect(s.notifier.shown).toHaveLength(2);
    // a service stopping withdraws what it shows (no notification process left waiting for a click)
    s.timers.create("timer", clock.now() + 1_000, "last", 1);
    s.scheduler.advance(1_000);
    expect(s.notifier.shown[2]?.withdrawn).toBe(false);
    s.delivery.stop();
    expect(s.notifier.shown[2]?.withdrawn).toBe(true);
  });

  it("reports what came due while the service was down as missed, with how late, and never rings it twice", async () => {
    const first = await service(new ManualClock(START));
    first.timers.create("alarm", START + 30 * 60_000, "standup");
    first.timers.create("timer", START + 60_000, undefined, 60);
    first.delivery.stop();
    await first.runtime.close();
    open.length = 0;

    const clock = new ManualClock(START + 2 * 3_600_000 + 5 * 60_000);
    const [late, other] = [await service(clock), await service(clock)];
    const messages = [...late.live, ...other.live].map((m) => m.alert.message);
    expect(messages.sort()).toEqual([
      'Missed alarm "standup" for Wed, Jun 11, 10:30 AM (1 h 35 min late).',
      "Missed timer (1 minute): it ended 2 h 4 min ago.",
    ]);
    expect([...late.live, ...other.live].every((m) => m.alert.status === "missed")).toBe(true);
    late.scheduler.advance(60_000);
    other.scheduler.advance(60_000);
    expect(late.live.length + other.live.length).toBe(2);
  });

  it("says how late a ring is when it is late at all (a busy process), instead of ringing silently late", async () => {
    const clock = new ManualClock(START);
    const s = await service(clock);
    s.timers.create("timer", START + 60_000, "eggs", 60);
    clock.set(START + 65_000); // the wake-up came 5 s late
    s.delivery.tick();
    expect(s.live[0]?.alert.message).toBe('Timer "eggs" is done (1 minute). (rang 5 s late)');
  });
});

describe("reminders", () => {
  it("a VTODO with a due time in a local calendar alerts like an alarm; one due while down is missed", async () => {
    temp = createTempHome("jarvis-delivery-");
    const dir = join(temp.home, "calendars", "tasks");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "color"), "");
    const todo = (uid: string, due: string, summary: string) =>
      writeFileSync(
        join(dir, `${uid}.ics`),
        `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:${uid}\r\nDTSTAMP:20250601T000000Z\r\nDUE:${due}\r\nSUMMARY:${summary}\r\nEND:VTODO\r\nEND:VCALENDAR\r\n`,
      );
    todo("old", "20250101T090000Z", "Ancient chore");
    todo("soon", "20250611T101500Z", "File the timesheet");
    const config = `calendar:\n  accounts:\n    - name: home\n      local: { path: "${join(temp.home, "calendars")}" }\n`;
    const s = await service(new ManualClock(START), config);
    s.scheduler.advance(15 * 60_000);
    expect(s.live.map((m) => m.alert.message)).toEqual(["Reminder: File the timesheet (due 10:15 AM)."]);
    todo("while-down", "20250611T110000Z", "Water the plants");
    s.delivery.stop();
    await s.runtime.close();
    open.length = 0;
    const again = await service(new ManualClock(START + 2 * 3_600_000));
    expect(again.live.map((m) => m.alert.message)).toEqual([
      "Missed reminder: Water the plants (due Wed, Jun 11, 11:00 AM, 1 h late).",
    ]);
  });

  it("a repeating reminder rings at each of its days, not once", async () => {
    temp = createTempHome("jarvis-delivery-");
    const dir = join(temp.home, "calendars", "tasks");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "color"), "");
    writeFileSync(
      join(dir, "daily.ics"),
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:daily\r\nDTSTAMP:20250601T000000Z\r\nDUE:20250611T101500Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Stretch\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
    );
    const config = `calendar:\n  accounts:\n    - name: home\n      local: { path: "${join(temp.home, "calendars")}" }\n`;
    const s = await service(new ManualClock(START), config);
    s.scheduler.advance(15 * 60_000);
    s.scheduler.advance(24 * 3_600_000);
    expect(s.live.map((m) => m.alert.message)).toEqual([
      "Reminder: Stretch (due 10:15 AM).",
      "Reminder: Stretch (due 10:15 AM).",
    ]);
  });
});
