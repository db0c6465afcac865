import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYCHAIN_SERVICE } from "../../src/config/secrets.js";
import { homeId } from "../../src/config/vault.js";
import { JARVIS_BIN, runCliInProcess } from "../../src/testing/cli.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";

/** Planted secrets, each of a kind users keep in Jarvis; none may be readable at rest. */
const PLANTED = {
  configPassword: "plum-orchard-7781-config",
  mailText: "heron-lagoon-5521 the quarterly numbers are attached",
  mailPassword: "teal-fjord-0093",
  mailToken: "ghp_Qm8vXw2LrT5yNc0KpZ4sJd7HfB1gAe6UoIa3",
  memory: "cobalt-thistle-2264 my locker code",
  document: "amber-walrus-9180 the draft contract",
  question: "saffron-kestrel-3307",
};

/** What to look for: the secret's distinctive first word, in any case (memory capitalises). */
const marker = (secret: string) => secret.split(" ")[0]!.toLowerCase();

let temp: TempHome;
const run = (args: string[]) => runCliInProcess(args, { env: temp.env });
const rawFiles = () =>
  ["jarvis.db", "jarvis.db-wal", "jarvis.db-shm"]
    .map((name) => join(temp.jarvisHome, name))
    .filter(existsSync)
    .map((path) => readFileSync(path).toString("latin1").toLowerCase());
const logText = () =>
  readdirSync(join(temp.jarvisHome, "logs"))
    .map((name) => readFileSync(join(temp.jarvisHome, "logs", name), "utf8"))
    .join("\n")
    .toLowerCase();

describe("secrets at rest, with secrets planted the way users would", () => {
  let exported = "";

  beforeAll(async () => {
    temp = createTempHome();
    temp.writeConfig(`mail:
  accounts:
    - name: personal
      from: "Ada <ada@example.com>"
      imap: { host: 127.0.0.1, port: 1, secure: false, starttls: false, user: ada, password: "${PLANTED.configPassword}" }
      smtp: { host: 127.0.0.1, port: 1, secure: false, starttls: false, user: ada, password: "${PLANTED.configPassword}" }
`);
    const body = `${PLANTED.mailText}. My password is ${PLANTED.mailPassword} and the token ${PLANTED.mailToken}`;
    // The send fails (nothing listens on port 1) after the message is in the outbox and the audit.
    const sent = await run([
      "tools",
      "call",
      "mail_send",
      "--yes",
      "--args",
      JSON.stringify({ to: ["bob@example.com"], subject: "numbers", body }),
    ]);
    expect(sent.stderr).toContain("SMTP server 127.0.0.1:1");
    expect((await run(["memory", "add", PLANTED.memory])).code).toBe(0);
    const doc = join(temp.home, "Documents", "contract.txt");
    writeFileSync(doc, `${PLANTED.document}\n\nSigned by both parties.\n`);
    expect((await run(["docs", "add", doc])).code).toBe(0);
    expect((await run(["ask", `what is ${PLANTED.question}`])).code).not.toBe(2);
    const exportRun = await run(["audit", "export"]);
    expect(exportRun.code).toBe(0);
    exported = exportRun.stdout;
  }, 120_000);
  afterAll(() => temp.cleanup());

  it("keeps every planted string out of the raw database files", async () => {
    const files = rawFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const [kind, secret] of Object.entries(PLANTED)) {
      expect([kind, files.some((bytes) => bytes.includes(marker(secret)))]).toEqual([kind, false]);
    }
    // ...while Jarvis itself reads them back.
    expect((await run(["memory", "list"])).stdout.toLowerCase()).toContain(marker(PLANTED.memory));
    expect((await run(["docs", "search", "amber walrus contract"])).stdout).toContain("contract.txt");
  });

  it("keeps every planted string out of the logs", () => {
    const logs = logText();
    expect(logs.length).toBeGreaterThan(0);
    for (const [kind, secret] of Object.entries(PLANTED)) {
      expect([kind, logs.includes(marker(secret))]).toEqual([kind, false]);
    }
  });

  it("exports the audit with the mail as sent but no password, token or config secret", () => {
    expect(exported).toContain("mail_send");
    // The export is the record of what was done: the words of the mail are there, its secrets are not.
    expect(exported).toContain(PLANTED.mailText.slice(0, 20));
    for (const secret of [PLANTED.configPassword, PLANTED.mailPassword, PLANTED.mailToken]) {
      expect(exported).not.toContain(secret);
    }
    expect(exported).toContain("My password is [redacted]");
  });
});

const keyring =
  process.platform === "linux" &&
  hasPrograms(
    ["dbus-run-session", "gnome-keyring-daemon", "secret-tool"],
    "dbus-daemon gnome-keyring libsecret-tools",
  );

describe.runIf(keyring)("the store's key in a real Secret Service (gnome-keyring)", () => {
  /**
   * One D-Bus session with gnome-keyring unlocked, running the given shell lines: every `jarvis`
   * in it talks to the real keyring, which keeps its file in the temp HOME between sessions.
   */
  function inKeyringSession(home: TempHome, script: string) {
    const {
      JARVIS_KEYCHAIN: _off,
      JARVIS_PASSPHRASE: _passphrase,
      DBUS_SESSION_BUS_ADDRESS: _bus,
      ...env
    } = home.env;
    const result = spawnSync(
      "dbus-run-session",
      [
        "--",
        "sh",
        "-c",
        `printf 'keyring password' | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1\n${script}`,
      ],
      { env: { ...env, JARVIS: `${process.execPath} ${JARVIS_BIN}` }, encoding: "utf8", timeout: 90_000 },
    );
    return { stdout: result.stdout, stderr: result.stderr.replace(/^dbus-daemon.*\n/gm, "") };
  }

  it("encrypts with a key it keeps in the keychain, reopens in a later session, and stops with one line when the entry is gone", () => {
    const home = createTempHome();
    try {
      const account = `store-key/${homeId(home.jarvisHome)}`;
      const first = inKeyringSession(
        home,
        `$JARVIS memory add "${PLANTED.memory}"; $JARVIS doctor --json; secret-tool lookup service ${KEYCHAIN_SERVICE} username ${account} >/dev/null && echo KEY-IN-KEYRING`,
      );
      expect(first.stdout, first.stderr).toContain("KEY-IN-KEYRING");
      const check = first.stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { name: string })
        .find((result) => result.name === "store encryption");
      expect(check).toMatchObject({
        status: "ok",
        detail: expect.stringMatching(/encrypted.*system keychain/),
      });
      const raw = readFileSync(join(home.jarvisHome, "jarvis.db")).toString("latin1").toLowerCase();
      expect(raw).not.toContain(marker(PLANTED.memory));

      const later = inKeyringSession(home, "$JARVIS memory list");
      expect(later.stdout.toLowerCase(), later.stderr).toContain(marker(PLANTED.memory));

      const gone = inKeyringSession(
        home,
        `secret-tool clear service ${KEYCHAIN_SERVICE} username ${account}; $JARVIS memory list; echo "exit $?"`,
      );
      expect(gone.stdout).toContain("exit 1");
      expect(gone.stdout.toLowerCase()).not.toContain(marker(PLANTED.memory));
      expect(gone.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^STORE_LOCKED: the store at .* is encrypted and its key is missing from the system keychain.*restore the "store-key" entry/,
        ),
      ]);
    } finally {
      home.cleanup();
    }
  }, 120_000);
});
