import type { JarvisConfig } from "../config/schema.js";

/**
 * How the running service follows each setting of config.yaml once it reloads the file
 * (`reload.ts`): `read` where it is read at each use from the shared config (changed in place),
 * `rebuilt` where the part built from it is made again, or, where it is only read at start, the
 * setting in the person's words, for the sentence that says it waits for a restart.
 * Every top-level key of the schema is here (a test checks it): a new setting needs a decision.
 */
export type Following = "read" | "rebuilt" | { restart: string };

export const FOLLOWING: Readonly<Record<string, Following>> = {
  policy: "read",
  files: "read",
  shell: "read",
  sandbox: "read",
  web: "read",
  // The knowledge tools and the agent's recall open the index again when these change
  embeddings: "read",
  knowledge: "read",
  "weather.default_city": "read",
  "weather.base_url": { restart: "the weather service's address" },
  "weather.geocoding_url": { restart: "the address places are looked up at for the weather" },
  "weather.units": { restart: "the weather's units" },
  "skills.outside_allowed": "read",
  "skills.folders": { restart: "the folders skills are read from" },
  models: "rebuilt",
  mail: "rebuilt",
  calendar: "rebuilt",
  mcp: "rebuilt",
  "routines.mail_poll_s": "rebuilt",
  "routines.calendar_poll_s": "rebuilt",
  "routines.confirm_expiry_s": { restart: "how long a routine's question waits for your answer" },
  "routines.max_depth": { restart: "how many routines may set each other off in a row" },
  "routines.keep_runs": { restart: "how many past runs each routine keeps" },
  "service.reminders_poll_s": { restart: "how often reminders are looked up" },
  "service.speak_alerts": { restart: "speaking alerts aloud" },
  browser: { restart: "the browser Jarvis drives" },
  voice: { restart: "the voice settings (wake word, speech recognition and voice)" },
  factory: { restart: "how many times the tool factory repairs a draft" },
  store: { restart: "the encryption of Jarvis's store" },
  "server.host": { restart: "the address Jarvis listens on" },
  "server.port": { restart: "the port Jarvis listens on" },
};

/** The value at a dotted path of the config (`server.port`). */
function at(config: JarvisConfig, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], config);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The settings (keys of FOLLOWING) whose values differ between two configs. */
export function changedSettings(before: JarvisConfig, after: JarvisConfig): string[] {
  return Object.keys(FOLLOWING).filter((path) => !same(at(before, path), at(after, path)));
}

/** Of these settings, those only read at start (they wait for a restart). */
export function restartOnly(paths: readonly string[]): string[] {
  return paths.filter((path) => typeof followingOf(path) === "object");
}

/** The entry for a path or for the section or setting it is under (`voice.tts` → `voice`). */
export function followingOf(path: string): Following | undefined {
  for (let parts = path.split("."); parts.length > 0; parts = parts.slice(0, -1)) {
    const found = FOLLOWING[parts.join(".")];
    if (found) return found;
  }
  return undefined;
}

export const RESTART_FIX = "restart Jarvis: `jarvis service stop`, then `jarvis service start`";

/**
 * What waits for a restart, one sentence each: settings only read at start whose value in
 * config.yaml (`file`) differs from the one the service started with (`started`).
 * "config.yaml sets the port Jarvis listens on to 7788, but Jarvis still uses 7777: it applies
 * when Jarvis restarts."
 */
export function pendingRestart(
  started: JarvisConfig,
  file: JarvisConfig,
  /** What is really in use where a flag overrode the config (`--port`): said instead of `started`'s. */
  inUse: Readonly<Record<string, unknown>> = {},
): string[] {
  return restartOnly(changedSettings(started, file)).map((path) => {
    const what = (FOLLOWING[path] as { restart: string }).restart;
    const [was, now] = [path in inUse ? inUse[path] : at(started, path), at(file, path)];
    return isScalar(was) && isScalar(now)
      ? `config.yaml sets ${what} to ${said(now)}, but Jarvis still uses ${said(was)}: it applies when Jarvis restarts.`
      : `config.yaml changes ${what}: it applies when Jarvis restarts.`;
  });
}

function said(value: unknown): string {
  if (value === undefined || value === null) return "nothing";
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}

function isScalar(value: unknown): boolean {
  return value === undefined || value === null || ["string", "number", "boolean"].includes(typeof value);
}
