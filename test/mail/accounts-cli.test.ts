import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDoctor } from "../../src/runtime/doctor/index.js";
import { runCliInProcess } from "../../src/testing/cli.js";
import { installFakeSecretTool } from "../../src/testing/fake-secret-tool.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { ACCOUNT_DOCTOR_CHECKS } from "../../src/tools/mail/doctor.js";
import { makeCalendar, type RadicaleServer, startRadicale } from "../calendar/radicale.js";
import { PASSWORD, USER } from "./harness.js";
import { type DovecotServer, startDovecot } from "./servers.js";
import { SmtpCapture } from "./smtp-capture.js";

const ok = hasPrograms(["dovecot", "radicale"], "dovecot-imapd radicale");

describe.skipIf(!ok)("jarvis accounts add|list|test|remove and the doctor checks", () => {
  let dovecot: DovecotServer;
  let smtp: SmtpCapture;
  let radicale: RadicaleServer;
  let temp: TempHome;
  let env: NodeJS.ProcessEnv;
  let keyring: string;

  beforeAll(async () => {
    [dovecot, smtp, radicale] = await Promise.all([
      startDovecot({ users: [{ user: USER, password: PASSWORD }] }),
      new SmtpCapture({ users: { [USER]: PASSWORD } }).start(),
      startRadicale({ user: USER, password: PASSWORD }),
    ]);
    await makeCalendar(radicale, `/${USER}/personal/`, "Personal", ["VEVENT", "VTODO"]);
    temp = createTempHome();
    const faked = installFakeSecretTool(temp.dir, { ...temp.env, PATH: process.env.PATH });
    keyring = faked.keyring;
    env = { ...faked.env, DAV_PASSWORD: PASSWORD };
  });
  afterAll(async () => {
    temp?.cleanup();
    await Promise.all([dovecot?.stop(), smtp?.stop(), radicale?.stop()]);
  });

  const jarvis = (args: string[], input = "", runEnv = env) => runCliInProcess(args, { env: runEnv, input });
  const config = () => readFileSync(join(temp.jarvisHome, "config.yaml"), "utf8");
  const mailFlags = () => [
    "--from",
    "Ada Lovelace <ada@example.com>",
    "--imap",
    `127.0.0.1:${dovecot.port}`,
    "--smtp",
    `127.0.0.1:${smtp.port}`,
    "--user",
    USER,
    "--security",
    "none",
  ];

  it("adds a mail account with the password in the keychain (never in config.yaml) and logs in", async () => {
    const added = await jarvis(
      ["accounts", "add", "personal", ...mailFlags(), "--password-stdin"],
      `${PASSWORD}\n`,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("password in the OS keychain as personal/imap");
    expect(config()).not.toContain(PASSWORD);
    expect(config()).toContain("password_keychain: personal/imap");
    expect(readFileSync(join(keyring, "personal_imap"), "utf8")).toBe(PASSWORD);

    const listed = await jarvis(["accounts", "list"]);
    expect(listed.stdout).toMatch(
      /personal\s+mail\s+imap ada@127\.0\.0\.1:\d+ \(plain\)\s+smtp 127\.0\.0\.1:\d+ \(plain\)/,
    );
    expect(listed.stdout).toContain("[password from keychain personal/imap]");
    expect(listed.stdout + listed.stderr).not.toContain(PASSWORD);

    const tested = await jarvis(["accounts", "test", "personal"]);
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(
      /^ok {3}personal imap {4}logged in to 127\.0\.0\.1:\d+ as ada; 4 mailboxes, 0 messages in INBOX$/m,
    );
    expect(tested.stdout).toMatch(/^ok {3}personal smtp {4}logged in to 127\.0\.0\.1:\d+$/m);
  });

  it("adds a CalDAV account reading its password from an environment variable", async () => {
    const added = await jarvis([
      "accounts",
      "add",
      "home",
      "--caldav",
      radicale.url,
      "--user",
      USER,
      "--password-env",
      "DAV_PASSWORD",
    ]);
    expect(added.code, added.stderr).toBe(0);
    const tested = await jarvis(["accounts", "test", "home"]);
    expect(tested.code, tested.stdout).toBe(0);
    expect(tested.stdout).toContain("ok   home caldav  1 calendar: Personal");
    expect(tested.stdout).toContain("ok   home carddav 0 contacts");
    const doctor = await runDoctor(env, ACCOUNT_DOCTOR_CHECKS);
    expect(doctor.map((d) => [d.name, d.status])).toEqual([
      ["mail accounts", "ok"],
      ["calendar accounts", "ok"],
    ]);
  });

  it("a wrong password fails the test with one line per server and exit 1", async () => {
    const replaced = await jarvis(
      ["accounts", "add", "personal", ...mailFlags(), "--password-stdin", "--replace"],
      "wrong\n",
    );
    expect(replaced.code).toBe(0);
    const tested = await jarvis(["accounts", "test", "personal"]);
    expect(tested.code).toBe(1);
    expect(tested.stdout).toMatch(
      /^FAIL personal imap {4}AUTH_FAILED: IMAP server .* refused the login: wrong user or password/m,
    );
    expect(tested.stdout).toMatch(/^FAIL personal smtp {4}AUTH_FAILED: SMTP server .* refused the login/m);
    await jarvis(
      ["accounts", "add", "personal", ...mailFlags(), "--password-stdin", "--replace"],
      `${PASSWORD}\n`,
    );
  });

  it("refuses bad input with one line and leaves config.yaml as it was", async () => {
    const before = config();
    const cases: Array<[string[], string, number]> = [
      [["accounts", "add", "Bad Name", ...mailFlags(), "--password-stdin"], "USAGE: account name", 2],
      [
        ["accounts", "add", "x", ...mailFlags().map((f) => f.replace(/:\d+$/, ":99999")), "--password-stdin"],
        "port 99999 is out of range",
        2,
      ],
      [
        ["accounts", "add", "x", "--imap", "h", "--from", "a@b.example", "--password-stdin"],
        "needs --from, --imap and --user",
        2,
      ],
      [
        ["accounts", "add", "personal", ...mailFlags(), "--password-stdin"],
        'an account named "personal" already exists',
        2,
      ],
      [
        ["accounts", "add", "x", ...mailFlags(), "--security", "ssl", "--password-stdin"],
        "--security must be",
        2,
      ],
      [
        ["accounts", "add", "x", ...mailFlags(), "--password-env", "not-a-var"],
        "is not an environment variable name",
        2,
      ],
      [["accounts", "add", "x", ...mailFlags()], "no password given", 2],
      [
        ["accounts", "add", "x", "--caldav", "ftp://x", "--user", "u", "--password-env", "P"],
        "is not an http(s) URL",
        2,
      ],
      [["accounts", "test", "nobody"], 'NOT_FOUND: no account named "nobody"', 1],
      [["accounts", "remove", "nobody"], 'NOT_FOUND: no account named "nobody"', 1],
    ];
    for (const [args, message, code] of cases) {
      const run = await jarvis(args, "pw\n");
      expect(run.code, `${args.join(" ")}\n${run.stderr}`).toBe(code);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(message);
    }
    // no keychain program: refused before anything is written
    const noKeychain = await jarvis(["accounts", "add", "x", ...mailFlags(), "--password-stdin"], "pw\n", {
      ...env,
      PATH: "/nonexistent",
    });
    expect(noKeychain.code).toBe(1);
    expect(noKeychain.stderr).toMatch(
      /^UNAVAILABLE: the OS keychain is not available: secret-tool is not installed/,
    );
    expect(config()).toBe(before);
  });

  it("stores a clear-text password only when insisted on, with a warning; remove cleans up", async () => {
    const added = await jarvis(
      ["accounts", "add", "clear", ...mailFlags(), "--password-stdin", "--store-password-in-config"],
      "hunter2\n",
    );
    expect(added.code).toBe(0);
    expect(added.stderr).toMatch(/^warning: the password for clear is stored in clear text/);
    expect(config()).toContain("password: hunter2");
    const listed = await jarvis(["accounts", "list"]);
    expect(listed.stderr).toContain("warning: clear: the password is stored in clear in config.yaml");
    const removed = await jarvis(["accounts", "remove", "clear"]);
    expect(removed.code).toBe(0);
    expect(config()).not.toContain("hunter2");
    await jarvis(["accounts", "remove", "personal"]);
    expect(existsSync(join(keyring, "personal_imap"))).toBe(false);
    expect(config()).not.toContain("name: personal");
  });
});
