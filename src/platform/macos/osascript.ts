import { JarvisError } from "../../core/errors.js";
import { MAC_ACCESSIBILITY } from "../requirements.js";
import type { CommandRunner } from "../types.js";

/**
 * Runs a constant AppleScript/JXA program with user data as arguments: the program goes in on
 * stdin (`osascript -`) and every value arrives in `on run argv` / `function run(argv)`. No
 * value is ever spliced into script text, so `"; do shell script "…"` stays a string.
 * (A lone `-` ends option parsing, so an argument like `-e` is data, not a flag.)
 */
export async function osascript(
  run: CommandRunner,
  script: string,
  args: readonly string[],
  options: { language?: "AppleScript" | "JavaScript"; signal?: AbortSignal | undefined } = {},
): Promise<string> {
  const argv = options.language === "JavaScript" ? ["-l", "JavaScript", "-", ...args] : ["-", ...args];
  const result = await run("osascript", argv, { signal: options.signal, input: script });
  if (result.code !== 0) throw osascriptError(result.stderr);
  return result.stdout.replace(/\n$/, "");
}

export function osascriptError(stderr: string): JarvisError {
  const text = stderr.trim().split("\n").pop() ?? "";
  if (/-1719|-25211|assistive access|not allowed to send keystrokes/i.test(stderr)) {
    return new JarvisError("UNAVAILABLE", "macOS has not allowed Jarvis to control the computer", {
      fix: MAC_ACCESSIBILITY,
    });
  }
  if (/-1743|not authori[sz]ed to send Apple events/i.test(stderr)) {
    return new JarvisError("UNAVAILABLE", "macOS has not allowed Jarvis to control that app", {
      fix: "allow it in System Settings → Privacy & Security → Automation",
    });
  }
  if (/-600|-1728|isn.t running|Can.t get application/i.test(stderr)) {
    return new JarvisError("NOT_FOUND", `osascript: ${text}`);
  }
  return new JarvisError("TOOL_FAILED", `osascript: ${text || "failed"}`);
}

/** Scripts as constants. Each reads its data from argv only. */
export const SCRIPTS = {
  quitApp: `on run argv
  tell application (item 1 of argv) to quit
end run`,
  activateApp: `on run argv
  tell application (item 1 of argv) to activate
end run`,
  runningApps: `function run(argv) {
  const se = Application("System Events");
  const procs = se.applicationProcesses.whose({ backgroundOnly: false });
  const names = procs.name(), pids = procs.unixId();
  return JSON.stringify(names.map((name, i) => ({ name, pid: pids[i] })));
}`,
  listWindows: `function run(argv) {
  const se = Application("System Events");
  const out = [];
  const front = se.applicationProcesses.whose({ frontmost: true })();
  const frontPid = front.length ? front[0].unixId() : -1;
  for (const p of se.applicationProcesses.whose({ backgroundOnly: false })()) {
    const pid = p.unixId(), name = p.name();
    p.windows().forEach((w, i) => {
      let pos = [0, 0], size = [0, 0], title = "";
      try { pos = w.position(); size = w.size(); title = w.name() || ""; } catch (e) {}
      out.push({ pid, app: name, index: i + 1, title, x: pos[0], y: pos[1], width: size[0], height: size[1],
        active: pid === frontPid && i === 0 });
    });
  }
  return JSON.stringify(out);
}`,
  windowAction: `function run(argv) {
  const pid = Number(argv[0]), index = Number(argv[1]), action = argv[2];
  const se = Application("System Events");
  const p = se.applicationProcesses.whose({ unixId: pid })()[0];
  if (!p) throw new Error("no such process");
  const w = p.windows[index - 1];
  if (action === "focus") { p.frontmost = true; w.actions.byName("AXRaise").perform(); }
  else if (action === "move") {
    const x = Number(argv[3]), y = Number(argv[4]), wd = Number(argv[5]), ht = Number(argv[6]);
    const pos = w.position(), size = w.size();
    w.position = [isNaN(x) ? pos[0] : x, isNaN(y) ? pos[1] : y];
    w.size = [isNaN(wd) ? size[0] : wd, isNaN(ht) ? size[1] : ht];
  } else if (action === "minimize") { w.attributes.byName("AXMinimized").value = true; }
  else if (action === "close") {
    w.buttons.whose({ subrole: "AXCloseButton" })()[0].actions.byName("AXPress").perform();
  } else throw new Error("unknown window action");
  return "ok";
}`,
  screenBounds: `function run(argv) {
  const b = Application("Finder").desktop.window.bounds();
  return JSON.stringify(b);
}`,
  typeText: `on run argv
  tell application "System Events" to keystroke (item 1 of argv)
end run`,
  hotkey: `on run argv
  set mods to {}
  if (count of argv) > 2 then
    repeat with m in items 3 thru -1 of argv
      set m to m as text
      if m is "command" then set end of mods to command down
      if m is "control" then set end of mods to control down
      if m is "option" then set end of mods to option down
      if m is "shift" then set end of mods to shift down
    end repeat
  end if
  tell application "System Events"
    if item 1 of argv is "code" then
      key code ((item 2 of argv) as integer) using mods
    else
      keystroke (item 2 of argv) using mods
    end if
  end tell
end run`,
  clickAt: `on run argv
  tell application "System Events" to click at {(item 1 of argv) as integer, (item 2 of argv) as integer}
end run`,
  getVolume: `set s to get volume settings
return ((output volume of s) as text) & "," & ((output muted of s) as text)`,
  setVolume: `on run argv
  set volume output volume ((item 1 of argv) as integer)
end run`,
  setMuted: `on run argv
  set volume output muted ((item 1 of argv) is "true")
end run`,
  lock: `tell application "System Events" to keystroke "q" using {control down, command down}`,
  notify: `on run argv
  display notification (item 2 of argv) with title (item 1 of argv)
end run`,
  alert: `on run argv
  set labels to items 3 thru -1 of argv
  display alert (item 1 of argv) message (item 2 of argv) buttons labels giving up after 600
end run`,
  /** Which player to drive: Spotify when it is running, else Music. */
  whichPlayer: `if application "Spotify" is running then
  return "Spotify"
end if
return "Music"`,
  music: `on run argv
  set cmd to item 1 of argv
  tell application "Music"
    if cmd is "play" then
      if (count of argv) > 1 then
        set hits to search playlist "Library" for (item 2 of argv)
        if hits is {} then error "nothing in the library matches"
        play item 1 of hits
      else
        play
      end if
    else if cmd is "pause" then
      pause
    else if cmd is "next" then
      next track
    else if cmd is "previous" then
      previous track
    else if cmd is "now" then
      if player state is stopped then return "stopped"
      set t to current track
      return (player state as text) & (ASCII character 31) & (name of t) & (ASCII character 31) & (artist of t) & (ASCII character 31) & (album of t)
    end if
  end tell
  return "ok"
end run`,
  spotify: `on run argv
  set cmd to item 1 of argv
  tell application "Spotify"
    if cmd is "play" then
      if (count of argv) > 1 then
        play track (item 2 of argv)
      else
        play
      end if
    else if cmd is "pause" then
      pause
    else if cmd is "next" then
      next track
    else if cmd is "previous" then
      previous track
    else if cmd is "now" then
      if player state is stopped then return "stopped"
      set t to current track
      return (player state as text) & (ASCII character 31) & (name of t) & (ASCII character 31) & (artist of t) & (ASCII character 31) & (album of t)
    end if
  end tell
  return "ok"
end run`,
} as const;
