import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import {
  type CalendarBackend,
  type CalendarInfo,
  type CalendarObject,
  type Component,
  objectFileName,
} from "./backend.js";

async function etagOf(path: string): Promise<string | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info ? `"${info.mtimeMs.toFixed(3)}-${info.size}"` : undefined;
}

/**
 * A local calendar store in the vdir layout (vdirsyncer, khal): a directory per calendar, one
 * .ics file per object. Works with no server at all; the etag is mtime+size.
 */
export class LocalCalendarBackend implements CalendarBackend {
  readonly kind = "local" as const;

  constructor(private readonly root: string) {}

  async calendars(): Promise<CalendarInfo[]> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const entries = await readdir(this.root, { withFileTypes: true });
    const directories = entries.filter((e) => e.isDirectory() && !e.name.startsWith("."));
    if (directories.length === 0) {
      // a fresh store gets one calendar so events and reminders have somewhere to go
      await mkdir(join(this.root, "personal"), { recursive: true, mode: 0o700 });
      return this.calendars();
    }
    return Promise.all(
      directories.map(async (d) => {
        const path = join(this.root, d.name);
        const displayName = await readFile(join(path, "displayname"), "utf8").catch(() => "");
        return { id: path, name: displayName.trim() || d.name, components: [] };
      }),
    );
  }

  async objects(calendar: CalendarInfo, component: Component): Promise<CalendarObject[]> {
    const names = (await readdir(calendar.id)).filter((n) => n.endsWith(".ics"));
    const out: CalendarObject[] = [];
    for (const name of names) {
      const url = join(calendar.id, name);
      const data = await readFile(url, "utf8").catch(() => undefined);
      if (data?.includes(`BEGIN:${component}`))
        out.push({ url, etag: await etagOf(url), data, calendarId: calendar.id });
    }
    return out;
  }

  async get(calendar: CalendarInfo, url: string): Promise<CalendarObject | undefined> {
    this.inside(calendar, url);
    const data = await readFile(url, "utf8").catch(() => undefined);
    return data === undefined ? undefined : { url, etag: await etagOf(url), data, calendarId: calendar.id };
  }

  async create(calendar: CalendarInfo, uid: string, data: string): Promise<CalendarObject> {
    const url = join(calendar.id, objectFileName(uid));
    try {
      await writeFile(url, data, { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") {
        throw new JarvisError("TOOL_FAILED", "already exists", { details: { exists: true, url } });
      }
      throw error;
    }
    return { url, etag: await etagOf(url), data, calendarId: calendar.id };
  }

  async update(object: CalendarObject, data: string): Promise<void> {
    if (object.etag && (await etagOf(object.url)) !== object.etag) {
      throw new JarvisError("TOOL_FAILED", "the event changed since it was read", {
        fix: "list it again and retry",
      });
    }
    const temp = join(object.calendarId, `.${basename(object.url)}.${randomBytes(4).toString("hex")}.tmp`);
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, object.url);
  }

  async remove(object: CalendarObject): Promise<void> {
    await rm(object.url, { force: true });
  }

  private inside(calendar: CalendarInfo, url: string): void {
    if (!url.startsWith(`${calendar.id}/`))
      throw new JarvisError("NOT_FOUND", "that event is not in this calendar");
  }
}
