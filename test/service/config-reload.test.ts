import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJarvis } from "../../src/testing/cli.js";
import { createTempHome } from "../../src/testing/home.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { PASSWORD, rfc822, USER } from "../mail/harness.js";
import { type DovecotServer, startDovecot } from "../mail/servers.js";
import { EVERYTHING_SERVER, NODE } from "../mcp/harness.js";
import { eventually, type ServiceProcess, startService } from "./process.js";

const ok = hasPrograms(["dovecot", "doveadm"], "dovecot-imapd");
const WORK = "bob";

/**
 * A config change reaches a running `jarvis start --service` without a restart: removing a mail
 * account closes its IMAP connections (counted by Dovecot itself) and a mail to it afterwards
 * fires nothing, while the other account keeps firing; a config.yaml that does not parse is
 * refused in one line and the service keeps running on the config it had.
 */
describe.skipIf(!ok)("config changes reach the running service", () => {
  const temp = createTempHome("jarvis-config-reload-");
  const env: NodeJS.ProcessEnv = { ...temp.env, JARVIS_TEST_MAIL_PASSWORD: PASSWORD };
  let dovecot: DovecotServer;
  let service: ServiceProcess | undefined;
  const jarvis = (args: string[]) => runJarvis(args, { env, timeoutMs: 90_000 });

  const account = (name: string, user: string) => `    - name: ${name}
      from: "${user} <${user}@example.com>"
      imap: { host: 127.0.0.1, port: ${dovecot.port}, secure: false, starttls: false, user: ${user}, password_env: JARVIS_TEST_MAIL_PASSWORD }
`;

  beforeAll(async () => {
    dovecot = await startDovecot({
      users: [
        { user: USER, password: PASSWORD },
        { user: WORK, password: PASSWORD },
      ],
    });
    temp.writeConfig(`mail:
  accounts:
${account("personal", USER)}${account("work", WORK)}routines:
  mail_poll_s: 3600 # mail triggers come through IMAP IDLE
`);
  }, 60_000);

  afterAll(async () => {
    if (service?.child.exitCode === null) service.child.kill("SIGKILL");
    await dovecot?.stop();
    temp.cleanup();
  });

  /** Dovecot's own count of IMAP sessions logged in as `user` (`doveadm who`). */
  const sessions = (user: string): number => {
    const out = execFileSync("doveadm", ["-c", join(dovecot.dir, "dovecot.conf"), "who", user], {
      encoding: "utf8",
    });
    const line = out.split("\n").find((l) => l.split(/\s+/)[0] === user);
    return line ? Number(line.split(/\s+/)[1]) : 0;
  };

  async function deliver(user: string, subject: string): Promise<void> {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: dovecot.port,
      secure: false,
      doSTARTTLS: false,
      auth: { user, pass: PASSWORD },
      logger: false,
    });
    await client.connect();
    try {
      await client.append(
        "INBOX",
        rfc822(
          {
            From: "Ana <ana@example.com>",
            To: `${user}@example.com`,
            Subject: subject,
            Date: new Date().toUTCString(),
          },
          "hello",
        ),
      );
    } finally {
      await client.logout();
    }
  }

  const runsOf = async (id: string) => {
    const { status, body } = await service!.api<{ routine?: { runs: unknown[] } }>(
      "GET",
      `/api/routines/${id}`,
    );
    if (!body.routine) throw new Error(`GET /api/routines/${id}: ${status} ${JSON.stringify(body)}`);
    return body.routine.runs;
  };

  it("removing an account while the service runs closes its IMAP connections; its mail then fires nothing, the other account's still does", async () => {
    service = await startService(env);
    const ids: Record<string, string> = {};
    for (const name of ["personal", "work"]) {
      const added = await jarvis([
        "routines",
        "add",
        "--name",
        `ana on ${name}`,
        "--on-mail-from",
        "ana",
        "--on-mail-account",
        name,
        "--say",
        "Mail from Ana",
        "--json",
      ]);
      expect(added.code, added.stderr).toBe(0);
      ids[name] = (JSON.parse(added.stdout) as { routine: { id: string } }).routine.id;
    }
    // Both inboxes are watched (IDLE): Dovecot counts sessions for both users.
    await eventually("both accounts watched", () => sessions(USER) > 0 && sessions(WORK) > 0, 30_000);
    await deliver(WORK, "before");
    await eventually("the work routine fired", async () => (await runsOf(ids.work!)).length === 1, 30_000);

    const removed = await jarvis(["accounts", "remove", "work"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain("The running service uses the new config now.");
    // In the world: Dovecot has no session for the removed account's user any more.
    await eventually("the work connections closed", () => sessions(WORK) === 0, 20_000);
    await eventually("personal still watched", () => sessions(USER) > 0, 20_000);

    await deliver(WORK, "after removal");
    await deliver(USER, "to personal");
    await eventually(
      "the personal routine fired",
      async () => (await runsOf(ids.personal!)).length === 1,
      30_000,
    );
    expect(await runsOf(ids.work!)).toHaveLength(1);
    expect(sessions(WORK)).toBe(0);
    const { body } = await service.api<{ parts: Array<{ name: string; state: string }> }>(
      "GET",
      "/api/service",
    );
    expect(body.parts.find((p) => p.name === "observer:mail")?.state).toBe("running");
  }, 180_000);

  it("an MCP server added while the service runs starts there (its process, its tools); removed, it stops", async () => {
    service ??= await startService(env);
    const pid = service.child.pid!;
    /** The MCP server's processes the service started (children in /proc, not the event log). */
    const children = () =>
      readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .filter((entry) => {
          try {
            const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
            const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
            return ppid === pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(EVERYTHING_SERVER);
          } catch {
            return false;
          }
        });
    const tools = async () => (await jarvis(["tools", "list"])).stdout;
    expect(children()).toHaveLength(0);
    const added = await jarvis(["mcp", "add", "everything", "--", NODE, EVERYTHING_SERVER, "stdio"]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("The running service uses the new config now.");
    await eventually("the server's process", () => children().length === 1, 30_000);
    await eventually(
      "its tools in the service's catalog",
      async () => /^everything__echo /m.test(await tools()),
      30_000,
    );

    const removed = await jarvis(["mcp", "remove", "everything"]);
    expect(removed.code, removed.stderr).toBe(0);
    await eventually("the server's process ended", () => children().length === 0, 20_000);
    expect(await tools()).not.toMatch(/^everything__echo /m);
  }, 120_000);

  it("a config.yaml that does not parse is refused in one line naming the fix; the service keeps its config", async () => {
    service ??= await startService(env);
    const good = readFileSync(join(temp.jarvisHome, "config.yaml"), "utf8");
    writeFileSync(join(temp.jarvisHome, "config.yaml"), `${good}\nmail: [unclosed\n`);
    const refused = await jarvis(["config", "reload"]);
    expect(refused.code).not.toBe(0);
    const lines = refused.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^CONFIG_INVALID: config\.yaml.*\(.+\)$/);
    // Still running, still watching the account it had.
    expect(service.child.exitCode).toBeNull();
    expect(sessions(USER)).toBeGreaterThan(0);
    writeFileSync(join(temp.jarvisHome, "config.yaml"), good);
    const again = await jarvis(["config", "reload"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("The running service already uses this config.");
  }, 120_000);
});
