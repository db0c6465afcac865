import type { DAVResponse } from "tsdav";
import type { DavServerConfig } from "../../config/schema.js";
import { resolveCredentials } from "../../config/secrets.js";
import type { Clock } from "../../core/clock.js";
import { JarvisError } from "../../core/errors.js";
import type { AccountSecrets } from "../mail/accounts.js";
import { connectionError, type ServiceName } from "../mail/net-errors.js";
import {
  type CalendarBackend,
  type CalendarInfo,
  type CalendarObject,
  type Component,
  objectFileName,
} from "./backend.js";
import { davFetch } from "./dav-fetch.js";
import { utcStamp } from "./timezone.js";

/** The Authorization header for a DAV server block (Basic, or Bearer for OAuth2). */
export async function davAuthorization(
  account: string,
  service: "caldav" | "carddav",
  server: DavServerConfig,
  secrets: AccountSecrets,
  signal: AbortSignal,
): Promise<string> {
  const credentials = await resolveCredentials(account, service, server, server.user, { ...secrets, signal });
  return credentials.kind === "xoauth2"
    ? `Bearer ${credentials.accessToken}`
    : `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString("base64")}`;
}

/** Turns a DAV status into the same one-line errors as connection failures. */
export function statusError(
  service: ServiceName,
  url: string,
  account: string,
  status: number,
  what: string,
): JarvisError {
  if (status === 401 || status === 403) {
    return connectionError(
      service,
      url,
      account,
      Object.assign(new Error("401 Unauthorized"), { status: 401 }),
    );
  }
  if (status === 404) {
    return new JarvisError(
      "NOT_FOUND",
      `${service} server ${url} (account ${account}): ${what} not found (HTTP 404)`,
      {
        fix: `check ${service.toLowerCase()}.url in config.yaml`,
      },
    );
  }
  if (status === 412) {
    return new JarvisError("TOOL_FAILED", `${what} changed on the server since it was read`, {
      fix: "list it again and retry",
    });
  }
  return new JarvisError(
    "UNAVAILABLE",
    `${service} server ${url} (account ${account}) failed to ${what} (HTTP ${status})`,
  );
}

function calendarData(response: DAVResponse): string | undefined {
  const value = response.props?.calendarData as unknown;
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "_cdata" in value)
    return String((value as { _cdata: unknown })._cdata);
  if (value && typeof value === "object" && "_text" in value)
    return String((value as { _text: unknown })._text);
  return undefined;
}

/** CalDAV through tsdav, discovery cached for a minute (it costs three round trips). */
export class CalDavBackend implements CalendarBackend {
  readonly kind = "caldav" as const;
  private readonly fetch: typeof fetch;
  private cached: { at: number; calendars: CalendarInfo[] } | undefined;

  constructor(
    private readonly account: string,
    private readonly server: DavServerConfig,
    private readonly secrets: AccountSecrets,
    private readonly clock: Clock,
  ) {
    this.fetch = davFetch(server, server.url);
  }

  private fail(error: unknown): JarvisError {
    if (error instanceof JarvisError) return error;
    const message = error instanceof Error ? error.message : String(error);
    if (/cannot find (principalUrl|homeUrl)/.test(message)) {
      return new JarvisError(
        "UNAVAILABLE",
        `CalDAV server ${this.server.url} (account ${this.account}) offers no calendars there`,
        {
          fix: "check caldav.url (the server's CalDAV address)",
          cause: error,
        },
      );
    }
    return connectionError("CalDAV", this.server.url, this.account, error);
  }

  private async call<T>(
    signal: AbortSignal,
    fn: (headers: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const authorization = await davAuthorization(this.account, "caldav", this.server, this.secrets, signal);
    try {
      return await fn({ authorization });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw this.fail(error);
    }
  }

  async calendars(signal: AbortSignal): Promise<CalendarInfo[]> {
    if (this.cached && this.clock.now() - this.cached.at < 60_000) return this.cached.calendars;
    const calendars = await this.call(signal, async (headers) => {
      // tsdav loads on the first CalDAV request, not when the tool list is built.
      const { createAccount, fetchCalendars } = await import("tsdav");
      const options = { headers, fetch: this.fetch, fetchOptions: { signal } };
      const account = await createAccount({
        account: { serverUrl: this.server.url, accountType: "caldav" },
        ...options,
      });
      const found = await fetchCalendars({ account, ...options });
      return found.map((calendar) => ({
        id: calendar.url,
        name:
          typeof calendar.displayName === "string" && calendar.displayName
            ? calendar.displayName
            : decodeURIComponent(
                new URL(calendar.url).pathname.split("/").filter(Boolean).at(-1) ?? "calendar",
              ),
        components: (calendar.components ?? []).map((c) => c.toUpperCase()),
      }));
    });
    this.cached = { at: this.clock.now(), calendars };
    return calendars;
  }

  async objects(
    calendar: CalendarInfo,
    component: Component,
    range: { start: number; end: number } | undefined,
    signal: AbortSignal,
  ): Promise<CalendarObject[]> {
    const { calendarQuery } = await import("tsdav");
    const responses = await this.call(signal, (headers) =>
      calendarQuery({
        url: calendar.id,
        props: { "d:getetag": {}, "c:calendar-data": {} },
        filters: {
          "comp-filter": {
            _attributes: { name: "VCALENDAR" },
            "comp-filter": {
              _attributes: { name: component },
              ...(range
                ? {
                    "time-range": { _attributes: { start: utcStamp(range.start), end: utcStamp(range.end) } },
                  }
                : {}),
            },
          },
        },
        depth: "1",
        headers,
        fetch: this.fetch,
        fetchOptions: { signal },
      }),
    );
    const failed = responses.find((r) => !r.ok && r.status !== undefined && r.status !== 404 && !r.props);
    if (failed)
      throw statusError("CalDAV", this.server.url, this.account, failed.status ?? 500, "list events");
    return responses.flatMap((response) => {
      const data = calendarData(response);
      if (!data || !response.href) return [];
      return [
        {
          url: new URL(response.href, calendar.id).href,
          etag: typeof response.props?.getetag === "string" ? response.props.getetag : undefined,
          data,
          calendarId: calendar.id,
        },
      ];
    });
  }

  async get(calendar: CalendarInfo, url: string, signal: AbortSignal): Promise<CalendarObject | undefined> {
    return this.call(signal, async (headers) => {
      const response = await this.fetch(url, { method: "GET", headers, signal });
      if (response.status === 404) return undefined;
      if (!response.ok)
        throw statusError("CalDAV", this.server.url, this.account, response.status, "read the event");
      return {
        url,
        etag: response.headers.get("etag") ?? undefined,
        data: await response.text(),
        calendarId: calendar.id,
      };
    });
  }

  async create(
    calendar: CalendarInfo,
    uid: string,
    data: string,
    signal: AbortSignal,
  ): Promise<CalendarObject> {
    const url = new URL(objectFileName(uid), calendar.id.endsWith("/") ? calendar.id : `${calendar.id}/`)
      .href;
    return this.call(signal, async (headers) => {
      const response = await this.fetch(url, {
        method: "PUT",
        headers: { ...headers, "content-type": "text/calendar; charset=utf-8", "if-none-match": "*" },
        body: data,
        signal,
      });
      if (response.status === 412)
        throw new JarvisError("TOOL_FAILED", "already exists", { details: { exists: true, url } });
      if (!response.ok)
        throw statusError("CalDAV", this.server.url, this.account, response.status, "save the event");
      return { url, etag: response.headers.get("etag") ?? undefined, data, calendarId: calendar.id };
    });
  }

  async update(object: CalendarObject, data: string, signal: AbortSignal): Promise<void> {
    await this.call(signal, async (headers) => {
      const response = await this.fetch(object.url, {
        method: "PUT",
        headers: {
          ...headers,
          "content-type": "text/calendar; charset=utf-8",
          ...(object.etag ? { "if-match": object.etag } : {}),
        },
        body: data,
        signal,
      });
      if (!response.ok)
        throw statusError("CalDAV", this.server.url, this.account, response.status, "the event");
    });
  }

  async remove(object: CalendarObject, signal: AbortSignal): Promise<void> {
    await this.call(signal, async (headers) => {
      const response = await this.fetch(object.url, {
        method: "DELETE",
        headers: { ...headers, ...(object.etag ? { "if-match": object.etag } : {}) },
        signal,
      });
      if (!response.ok && response.status !== 404) {
        throw statusError("CalDAV", this.server.url, this.account, response.status, "the event");
      }
    });
  }
}
