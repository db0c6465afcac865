import type { JarvisConfig } from "../../config/schema.js";
import type { CalendarServices } from "../../tools/calendar/index.js";
import type { ToolDeps } from "../../tools/deps.js";
import type { Part, Supervisor } from "../supervisor.js";
import { calendarObserver } from "./calendar.js";
import { fileObserver } from "./files.js";
import type { ObserverHost } from "./host.js";
import { mailObserver } from "./mail.js";
import { pageObserver } from "./pages.js";

/** A part built from one slice of the config: a change to that slice rebuilds it. */
export interface ConfiguredPart {
  name: string;
  /** The slice it is built from, as a comparable string. */
  key(config: JarvisConfig): string;
  /** The part (undefined: nothing to run with this config, e.g. no mail account) and what to close after it. */
  make(): Promise<{ part: Part; close?: () => Promise<void> } | undefined>;
}

/** What the observers need from the runtime. */
export interface ObserverRuntime {
  config: JarvisConfig;
  env: NodeJS.ProcessEnv;
  deps: ToolDeps;
}

/** The service's observers, each with the config it reads when built. */
export function observerParts(
  host: ObserverHost,
  runtime: ObserverRuntime,
  calendar: CalendarServices,
): ConfiguredPart[] {
  const { config } = runtime;
  return [
    { name: "observer:files", key: () => "", make: async () => ({ part: fileObserver(host) }) },
    {
      name: "observer:pages",
      key: (c) => JSON.stringify(c.web),
      make: async () => ({ part: pageObserver(host, config.web, runtime.env) }),
    },
    {
      name: "observer:calendar",
      key: (c) => JSON.stringify([c.calendar, c.routines.calendar_poll_s]),
      make: async () => ({
        part: calendarObserver(host, calendar, config.routines.calendar_poll_s * 1000),
      }),
    },
    {
      name: "observer:mail",
      key: (c) => JSON.stringify([c.mail.accounts, c.routines.mail_poll_s]),
      async make() {
        if (config.mail.accounts.length === 0) return undefined;
        const { createMailServices } = await import("../../tools/mail/index.js");
        // A pool of its own: replacing the part closes every connection it opened.
        const services = createMailServices(runtime.deps);
        return {
          part: mailObserver(host, services, config.routines.mail_poll_s * 1000),
          close: () => services.pool.closeAll(),
        };
      },
    },
  ];
}

/**
 * Supervised parts that follow the config: `reconfigure` stops the ones whose slice changed
 * (their connections closed) and starts them again from the new config, and leaves the rest
 * running untouched.
 */
export class ConfiguredParts {
  private readonly closers = new Map<string, () => Promise<void>>();

  constructor(
    private readonly supervisor: Supervisor,
    private readonly parts: readonly ConfiguredPart[],
  ) {}

  async start(only?: ReadonlySet<string>): Promise<void> {
    for (const spec of this.parts) {
      if (only && !only.has(spec.name)) continue;
      const made = await spec.make();
      if (!made) continue;
      if (made.close) this.closers.set(spec.name, made.close);
      this.supervisor.add(made.part);
    }
  }

  async reconfigure(previous: JarvisConfig, next: JarvisConfig): Promise<string[]> {
    const changed = new Set(
      this.parts.filter((spec) => spec.key(previous) !== spec.key(next)).map((spec) => spec.name),
    );
    for (const name of changed) await this.stop(name);
    await this.start(changed);
    return [...changed];
  }

  async close(): Promise<void> {
    for (const name of [...this.closers.keys()]) await this.stop(name);
  }

  private async stop(name: string): Promise<void> {
    await this.supervisor.remove(name);
    const close = this.closers.get(name);
    this.closers.delete(name);
    await close?.().catch(() => undefined);
  }
}
