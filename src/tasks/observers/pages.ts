import { createHash } from "node:crypto";
import type { JarvisConfig } from "../../config/schema.js";
import { createWebDocumentReader } from "../../tools/web/document.js";
import { htmlToMarkdown } from "../../tools/web/readable.js";
import { parseEvery } from "../schedule.js";
import type { EventTrigger } from "../spec.js";
import type { RoutineRecord } from "../store.js";
import type { Part } from "../supervisor.js";
import { type ObserverHost, observe } from "./host.js";

type PageTrigger = Extract<EventTrigger, { type: "page" }>;
interface PageState {
  hash: string;
  text: string;
  checkedAt: number;
}

const MAX_BYTES = 2_000_000;
const KEEP_CHARS = 2_000;

/**
 * Web page triggers: each page is fetched on its own period through the web tools' guarded path
 * (SSRF checks on every hop, size and time limits) and reduced to its readable text; a change
 * of that text fires. The first fetch is the baseline. Nothing is fetched between periods.
 */
export function pageObserver(
  host: ObserverHost,
  web: JarvisConfig["web"],
  env: NodeJS.ProcessEnv,
  /** How long between looks at a routine's page (its `every`; tests shorten it). */
  interval: (routine: RoutineRecord) => number = (routine) =>
    parseEvery((routine.spec.trigger as PageTrigger).every),
): Part {
  const read = createWebDocumentReader(web, env, { ytDlp: null });
  return {
    name: "observer:pages",
    async run(signal) {
      await observe(host, signal, async () => {
        const now = host.clock.now();
        let soonest = now + 60_000;
        for (const routine of host.routines("page")) {
          const state = host.state<PageState>(routine.id);
          const due = state ? state.checkedAt + interval(routine) : now;
          if (due > now) {
            soonest = Math.min(soonest, due);
            continue;
          }
          await check(host, routine, read, signal).catch((error: unknown) =>
            host.logger.warn(
              { err: error, url: (routine.spec.trigger as PageTrigger).url },
              "could not read a watched page",
            ),
          );
          soonest = Math.min(soonest, host.clock.now() + interval(routine));
        }
        return soonest;
      });
    },
  };
}

async function check(
  host: ObserverHost,
  routine: RoutineRecord,
  read: ReturnType<typeof createWebDocumentReader>,
  signal: AbortSignal,
): Promise<void> {
  const trigger = routine.spec.trigger as PageTrigger;
  const before = host.state<PageState>(routine.id);
  const checkedAt = host.clock.now();
  let text: string;
  try {
    const document = await read(trigger.url, { maxBytes: MAX_BYTES, signal });
    const raw = Buffer.from(document.bytes).toString("utf8");
    text = document.name.endsWith(".html")
      ? htmlToMarkdown(raw, { baseUrl: document.url, maxLinks: 0 }).markdown
      : raw;
  } catch (error) {
    // Keep the old text; try again next period.
    if (before) host.saveState(routine.id, { ...before, checkedAt });
    throw error;
  }
  const clean = text.replace(/\s+/g, " ").trim();
  const hash = createHash("sha256").update(clean).digest("hex");
  host.saveState(routine.id, { hash, text: clean.slice(0, KEEP_CHARS), checkedAt });
  if (!before || before.hash === hash) return;
  host.fire(routine, {
    trigger: `page changed: ${trigger.url}`,
    data: { page: { url: trigger.url, text: clean.slice(0, KEEP_CHARS), previous: before.text } },
    untrusted: `the page ${new URL(trigger.url).host}`,
    handles: [{ kind: "u", value: trigger.url, label: new URL(trigger.url).host }],
  });
}
