import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applicationDirs, LinuxApps, loadDesktopEntries } from "./apps.js";
import { parseDesktopEntry, parseExec } from "./desktop-entry.js";

const ctx = { name: "Editor", file: "/usr/share/applications/editor.desktop", icon: "editor-icon" };

describe("parseExec", () => {
  it("splits on spaces, honours quotes and escapes, drops or expands field codes", () => {
    expect(parseExec("mousepad %U", ctx)).toEqual(["mousepad"]);
    expect(parseExec('"/opt/My App/bin/app" --name "a \\"quoted\\" word" %F', ctx)).toEqual([
      "/opt/My App/bin/app",
      "--name",
      'a "quoted" word',
    ]);
    expect(parseExec("app %i --title=%c --file %k 100%%", ctx)).toEqual([
      "app",
      "--icon",
      "editor-icon",
      "--title=Editor",
      "--file",
      ctx.file,
      "100%",
    ]);
    expect(parseExec('app ""', ctx)).toEqual(["app", ""]);
  });

  it("keeps shell syntax as literal argv (never a shell)", () => {
    expect(parseExec("sh -c 'rm -rf ~'; $(reboot) `id` | tee x", ctx)).toEqual([
      "sh",
      "-c",
      "'rm",
      "-rf",
      "~';",
      "$(reboot)",
      "`id`",
      "|",
      "tee",
      "x",
    ]);
    expect(() => parseExec('app "unterminated', ctx)).toThrow(/unterminated/);
  });
});

describe("parseDesktopEntry", () => {
  const text = [
    "[Desktop Entry]",
    "Type=Application",
    "Name=Mousepad",
    "Name[de]=Mauspad",
    "GenericName=Text Editor",
    "Keywords=text;editor;notepad;",
    "Exec=mousepad %U",
    "StartupWMClass=Mousepad",
    "[Desktop Action window]",
    "Name=New Window",
    "Exec=mousepad --new-window",
  ].join("\n");

  it("reads the main group only, with locale", () => {
    const entry = parseDesktopEntry("org.xfce.mousepad", "/x.desktop", text, "de_DE.UTF-8");
    expect(entry).toMatchObject({
      id: "org.xfce.mousepad",
      name: "Mauspad",
      genericName: "Text Editor",
      keywords: ["text", "editor", "notepad"],
      exec: ["mousepad"],
      startupWmClass: "Mousepad",
      terminal: false,
      noDisplay: false,
    });
  });

  it("rejects links, hidden entries and entries without Exec", () => {
    expect(parseDesktopEntry("a", "/a", "[Desktop Entry]\nType=Link\nName=A\nURL=http://x")).toBeUndefined();
    expect(parseDesktopEntry("a", "/a", "[Desktop Entry]\nName=A\nExec=a\nHidden=true")).toBeUndefined();
    expect(parseDesktopEntry("a", "/a", "[Desktop Entry]\nName=A")).toBeUndefined();
    expect(parseDesktopEntry("a", "/a", '[Desktop Entry]\nName=A\nExec=a "open')).toBeUndefined();
  });
});

describe("loading and resolving apps", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function setup() {
    dir = mkdtempSync(join(tmpdir(), "jarvis-apps-"));
    const user = join(dir, "home", ".local", "share", "applications");
    const system = join(dir, "usr", "share", "applications");
    mkdirSync(join(system, "kde"), { recursive: true });
    mkdirSync(user, { recursive: true });
    const entry = (name: string, exec: string, extra = "") =>
      `[Desktop Entry]\nType=Application\nName=${name}\nExec=${exec}\n${extra}`;
    writeFileSync(
      join(system, "org.xfce.mousepad.desktop"),
      entry("Mousepad", "mousepad %U", "GenericName=Text Editor"),
    );
    writeFileSync(join(system, "xterm.desktop"), entry("XTerm", "xterm"));
    writeFileSync(join(system, "hidden.desktop"), entry("Shadowed", "shadowed"));
    writeFileSync(join(system, "kde", "konsole.desktop"), entry("Konsole", "konsole", "TryExec=konsole"));
    writeFileSync(
      join(system, "settings.desktop"),
      entry("Editor Settings", "mousepad --preferences", "NoDisplay=true"),
    );
    writeFileSync(join(user, "hidden.desktop"), entry("Shadowed", "shadowed", "Hidden=true"));
    writeFileSync(
      join(user, "xterm.desktop"),
      entry("Big Terminal", 'xterm -fa Monospace -fs 20 -T "big term"'),
    );
    const proc = join(dir, "proc");
    for (const [pid, comm, cmdline] of [
      ["100", "mousepad", "/usr/bin/mousepad\0--daemon\0"],
      ["200", "bash", "bash\0"],
    ] as const) {
      mkdirSync(join(proc, pid), { recursive: true });
      writeFileSync(join(proc, pid, "comm"), `${comm}\n`);
      writeFileSync(join(proc, pid, "cmdline"), cmdline);
    }
    const env = { HOME: join(dir, "home"), XDG_DATA_DIRS: join(dir, "usr", "share") };
    return { env, proc };
  }

  it("lets the user's entries shadow the system's, hides Hidden and missing TryExec", () => {
    const { env } = setup();
    expect(applicationDirs(env)[0]).toBe(join(dir, "home", ".local", "share", "applications"));
    const entries = loadDesktopEntries(env, (p) => (p === "konsole" ? undefined : `/usr/bin/${p}`));
    expect(entries.map((e) => e.id).sort()).toEqual(["org.xfce.mousepad", "settings", "xterm"]);
    expect(entries.find((e) => e.id === "xterm")?.exec).toEqual([
      "xterm",
      "-fa",
      "Monospace",
      "-fs",
      "20",
      "-T",
      "big term",
    ]);
    const withKonsole = loadDesktopEntries(env, (p) => `/usr/bin/${p}`);
    expect(withKonsole.map((e) => e.id)).toContain("kde-konsole");
  });

  it("resolves by name, generic name and prefix; knows what runs; launches the Exec argv", async () => {
    const { env, proc } = setup();
    const launched: string[][] = [];
    const apps = new LinuxApps({
      env,
      procRoot: proc,
      which: (p) => `/usr/bin/${p}`,
      launcher: async (file, args) => {
        launched.push([file, ...args]);
        return { pid: 4242 };
      },
      windows: undefined as never,
    });
    const list = await apps.list();
    expect(list.map((a) => [a.name, a.running, a.pids])).toEqual([
      ["Mousepad", true, [100]],
      ["Big Terminal", false, []],
      ["Konsole", false, []],
    ]);
    expect((await apps.resolve("text editor"))?.id).toBe("org.xfce.mousepad");
    expect((await apps.resolve("MOUSEPAD"))?.windowHints).toEqual(["mousepad"]);
    expect((await apps.resolve("big"))?.id).toBe("xterm");
    expect(await apps.resolve("nonexistent")).toBeUndefined();
    const term = await apps.resolve("xterm");
    expect(await apps.launch(term!)).toEqual({ pid: 4242 });
    expect(launched).toEqual([["xterm", "-fa", "Monospace", "-fs", "20", "-T", "big term"]]);
  });

  it("quit closes the app's windows politely; force terminates only the owners of its windows here", async () => {
    const { env, proc } = setup();
    const killed: Array<[number, string]> = [];
    const closed: string[] = [];
    const window = {
      id: "0x00600003",
      title: "notes",
      app: "mousepad",
      pid: 100,
      rect: { x: 0, y: 0, width: 1, height: 1 },
      active: true,
    };
    const apps = new LinuxApps({
      env,
      procRoot: proc,
      which: (p) => `/usr/bin/${p}`,
      launcher: async () => ({ pid: 1 }),
      kill: (pid, signal) => killed.push([pid, signal]),
      windows: {
        list: async () => [window],
        close: async (w: { id: string }) => {
          closed.push(w.id);
        },
      } as never,
    });
    const mousepad = { ...(await apps.resolve("mousepad"))!, pids: [100, 555] };
    expect(await apps.quit(mousepad, { force: false })).toEqual({ closed: 1, killed: 0 });
    expect(closed).toEqual(["0x00600003"]);
    expect(await apps.quit(mousepad, { force: true })).toEqual({ closed: 0, killed: 1 });
    expect(killed).toEqual([[100, "SIGTERM"]]);
    await expect(apps.quit({ ...mousepad, pids: [] }, { force: true })).rejects.toThrow(/is not running/);
  });
});
