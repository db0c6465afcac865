import { describe, expect, it } from "vitest";
import { profileString, sandboxExecArgv, seatbeltProfile } from "../../src/extend/sandbox/macos.js";
import { DEFAULT_LIMITS } from "../../src/extend/sandbox/types.js";

// macOS cannot run here: these pin the command line and profile sandbox-exec receives.
const plan = {
  argv: ["python3", "tool.py", "--in", "a b.csv"],
  read: ["/Users/ana/Documents/in"],
  write: ["/Users/ana/Documents/out"],
  hide: ["/Users/ana/Documents/in/.ssh"],
  scratch: "/private/var/folders/xy/run-1",
  limits: { ...DEFAULT_LIMITS, cpuSeconds: 7, processes: 64, fileSizeMb: 2 },
  nproc: 300,
};

describe("sandbox-exec on macOS (argv contract)", () => {
  it("runs the program through sandbox-exec with a generated profile and fixed ulimits, argv untouched", () => {
    const argv = sandboxExecArgv("/usr/bin/sandbox-exec", plan);
    expect(argv.slice(0, 2)).toEqual(["/usr/bin/sandbox-exec", "-p"]);
    expect(argv[2]).toBe(seatbeltProfile(plan));
    expect(argv.slice(3, 5)).toEqual(["/bin/sh", "-c"]);
    expect(argv[5]).toBe('ulimit -t 7; ulimit -f 4096; ulimit -u 300; ulimit -n 256; ulimit -c 0; exec "$@"');
    expect(argv.slice(6)).toEqual(["jarvis-sandbox", "python3", "tool.py", "--in", "a b.csv"]);
  });

  it("denies by default, grants exactly the given paths, denies hidden secrets after the grants, no network", () => {
    const profile = seatbeltProfile(plan);
    const lines = profile.trim().split("\n");
    expect(lines[1]).toBe("(deny default)");
    expect(profile).toContain('(allow file-read* (subpath "/Users/ana/Documents/in"))');
    expect(profile).toContain('(allow file-read* file-write* (subpath "/Users/ana/Documents/out"))');
    expect(profile).toContain('(allow file-read* file-write* (subpath "/private/var/folders/xy/run-1"))');
    const deny = lines.findIndex((line) =>
      line.includes('(deny file-read* file-write* (subpath "/Users/ana/Documents/in/.ssh"))'),
    );
    expect(deny).toBeGreaterThan(lines.findIndex((line) => line.includes('Documents/in"))')));
    expect(profile).not.toMatch(/network/);
    expect(profile).not.toMatch(/\/Users\/ana"/);
  });

  it("with an allowlist, only the proxy's loopback port is reachable", () => {
    expect(seatbeltProfile({ ...plan, proxyPort: 41234 })).toContain(
      '(allow network-outbound (remote ip "localhost:41234"))',
    );
  });

  it("quotes paths and refuses control characters", () => {
    expect(profileString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(() => profileString("a\nb")).toThrow(/control characters/);
  });
});
