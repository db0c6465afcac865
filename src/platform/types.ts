/**
 * What Jarvis needs from a desktop, as interfaces the tools program against. Adapters
 * (`linux/`, `macos/`) implement them by spawning programs with argv arrays through an
 * injectable `CommandRunner`, so the exact argv of every action is testable on any OS.
 */

export interface CommandResult {
  stdout: string;
  stderr: string;
  /** Exit code; -1 when killed by a signal. */
  code: number;
}

export interface CommandOptions {
  signal?: AbortSignal | undefined;
  /** Written to stdin, then stdin is closed. */
  input?: string | undefined;
  /** Extra variables on top of the platform's environment. */
  env?: Record<string, string> | undefined;
  timeoutMs?: number | undefined;
}

/** Runs a program to completion. Never a shell: `file` is the program, `args` its argv. */
export type CommandRunner = (
  file: string,
  args: readonly string[],
  options?: CommandOptions,
) => Promise<CommandResult>;

/** Starts a long-lived program (an app) detached from Jarvis and returns its pid. */
export type ProcessLauncher = (file: string, args: readonly string[]) => Promise<{ pid: number | undefined }>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AppInfo {
  /** Stable id: the desktop-file id on Linux (`org.xfce.mousepad`), the bundle name on macOS. */
  id: string;
  name: string;
  description?: string | undefined;
  running: boolean;
  pids: number[];
  /** Lower-case names its windows may carry as WM_CLASS / owner (single-instance apps hand
   * windows to an older process, so the launched pid alone does not find them). */
  windowHints?: string[] | undefined;
}

export interface Apps {
  list(signal?: AbortSignal): Promise<AppInfo[]>;
  /** Finds an installed or running app by id, name, generic name or keyword (case-insensitive). */
  resolve(query: string, signal?: AbortSignal): Promise<AppInfo | undefined>;
  launch(app: AppInfo, signal?: AbortSignal): Promise<{ pid?: number | undefined }>;
  /** Closes its windows politely (the app may ask about unsaved work); `force` terminates it. */
  quit(
    app: AppInfo,
    options: { force: boolean },
    signal?: AbortSignal,
  ): Promise<{ closed: number; killed: number }>;
}

export interface WindowInfo {
  /** X11: `0x` + 8 hex digits; macOS: `<pid>:<index>`. */
  id: string;
  title: string;
  /** WM_CLASS instance on X11 (e.g. `mousepad`), the process name on macOS. */
  app: string;
  pid?: number | undefined;
  rect: Rect;
  active: boolean;
}

export interface Windows {
  list(signal?: AbortSignal): Promise<WindowInfo[]>;
  active(signal?: AbortSignal): Promise<WindowInfo | undefined>;
  focus(window: WindowInfo, signal?: AbortSignal): Promise<void>;
  move(window: WindowInfo, rect: Partial<Rect>, signal?: AbortSignal): Promise<void>;
  maximize(window: WindowInfo, signal?: AbortSignal): Promise<void>;
  minimize(window: WindowInfo, signal?: AbortSignal): Promise<void>;
  close(window: WindowInfo, signal?: AbortSignal): Promise<void>;
  /** The work area windows may be tiled into (screen minus panels). */
  workArea(signal?: AbortSignal): Promise<Rect>;
}

/** A key chord after parsing: modifiers in a fixed order plus one key, both platform-neutral. */
export interface KeyChord {
  modifiers: Array<"ctrl" | "alt" | "shift" | "super">;
  key: string;
}

export type MouseButton = "left" | "right" | "middle";

export interface Input {
  type(text: string, options: { delayMs: number }, signal?: AbortSignal): Promise<void>;
  hotkey(chord: KeyChord, signal?: AbortSignal): Promise<void>;
  click(
    point: { x: number; y: number; button: MouseButton; double: boolean },
    signal?: AbortSignal,
  ): Promise<void>;
}

/** One element of an accessibility tree, flattened in document order. */
export interface UiNode {
  /** Child indices from the window element down to this one (the window itself is `[]`). */
  path: number[];
  depth: number;
  role: string;
  name: string;
  value?: string | undefined;
  description?: string | undefined;
  states: string[];
  actions: string[];
  childCount: number;
}

export interface UiSnapshot {
  window: WindowInfo;
  appName: string;
  nodes: UiNode[];
  /** Stopped at the node limit. */
  truncated: boolean;
}

export type UiActionKind = "press" | "set_value" | "focus";

/** What a ref points at: enough to find the element again and to notice it changed. */
export interface UiTarget {
  path: number[];
  role: string;
  name: string;
}

export interface Accessibility {
  /** The element tree of one window; `all` includes hidden elements (closed menus). */
  snapshot(
    window: WindowInfo,
    options: { all: boolean; maxNodes: number },
    signal?: AbortSignal,
  ): Promise<UiSnapshot>;
  act(
    window: WindowInfo,
    target: UiTarget,
    action: UiActionKind,
    value: string | undefined,
    signal?: AbortSignal,
  ): Promise<string>;
  close(): Promise<void>;
}

export interface OcrWord {
  text: string;
  confidence: number;
  box: Rect;
  /** Words with the same line key are on one text line. */
  line: string;
}

export interface Screen {
  /** Writes a PNG of the whole screen, or of `region`, to `file`. */
  capture(file: string, options: { region?: Rect | undefined }, signal?: AbortSignal): Promise<void>;
  ocr(file: string, signal?: AbortSignal): Promise<OcrWord[]>;
}

export interface Clipboard {
  read(signal?: AbortSignal): Promise<string>;
  write(text: string, signal?: AbortSignal): Promise<void>;
}

export interface VolumeState {
  level: number;
  muted: boolean;
}

export interface Audio {
  get(signal?: AbortSignal): Promise<VolumeState>;
  setLevel(level: number, signal?: AbortSignal): Promise<void>;
  setMuted(muted: boolean, signal?: AbortSignal): Promise<void>;
}

export interface BatteryInfo {
  name: string;
  percent: number;
  state: "charging" | "discharging" | "full" | "not charging" | "unknown";
  /** Minutes to empty or to full, when the system says. */
  minutesRemaining?: number | undefined;
}

export interface Power {
  batteries(signal?: AbortSignal): Promise<{ onAc: boolean | undefined; batteries: BatteryInfo[] }>;
  /** Returns how it was done (device name or program). */
  setBrightness(percent: number, signal?: AbortSignal): Promise<string>;
  lock(signal?: AbortSignal): Promise<void>;
}

export interface Notifier {
  notify(title: string, body: string | undefined, signal?: AbortSignal): Promise<void>;
  /**
   * A notification with buttons that stays until answered: resolves with the chosen action's
   * key, or undefined when it was closed without one. Aborting the signal withdraws it.
   */
  alert(
    title: string,
    body: string,
    actions: ReadonlyArray<{ key: string; label: string }>,
    signal?: AbortSignal,
  ): Promise<string | undefined>;
}

export interface NowPlaying {
  player: string;
  status: "playing" | "paused" | "stopped";
  title?: string | undefined;
  artist?: string | undefined;
  album?: string | undefined;
}

export interface Media {
  /** Resumes, or (where the player can search) plays `query`. Returns what happened. */
  play(query: string | undefined, signal?: AbortSignal): Promise<string>;
  pause(signal?: AbortSignal): Promise<void>;
  next(signal?: AbortSignal): Promise<void>;
  previous(signal?: AbortSignal): Promise<void>;
  nowPlaying(signal?: AbortSignal): Promise<NowPlaying | undefined>;
}

/** Capabilities the requirement check answers for; one per tool family. */
export type Capability =
  | "apps"
  | "windows"
  | "input"
  | "accessibility"
  | "screen"
  | "ocr"
  | "clipboard"
  | "audio"
  | "brightness"
  | "battery"
  | "lock"
  | "notify"
  | "media";

export const CAPABILITIES: readonly Capability[] = [
  "apps",
  "windows",
  "input",
  "accessibility",
  "screen",
  "ocr",
  "clipboard",
  "audio",
  "brightness",
  "battery",
  "lock",
  "notify",
  "media",
];

export interface Platform {
  os: "linux" | "macos";
  apps: Apps;
  windows: Windows;
  input: Input;
  accessibility: Accessibility;
  screen: Screen;
  clipboard: Clipboard;
  audio: Audio;
  power: Power;
  notifier: Notifier;
  media: Media;
  /** Why a capability cannot work here, with the exact fix; undefined when it can. */
  unavailable(capability: Capability): string | undefined;
  close(): Promise<void>;
}
