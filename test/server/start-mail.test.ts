import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/core/clock.js";
import { randomIds } from "../../src/core/ids.js";
import { openStore } from "../../src/store/database.js";
import { createTempHome, TEST_STORE_KEY } from "../../src/testing/home.js";
import { Outbox } from "../../src/tools/mail/index.js";
import { spawnStart } from "./harness.js";

const temp = createTempHome("jarvis-start-mail-");
afterAll(() => temp.cleanup());

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("jarvis start and the mail outbox", () => {
  it("finishes a send a crash interrupted: unknowable, so marked uncertain and never resent", async () => {
    const port = await closedPort();
    temp.writeConfig(`mail:
  accounts:
    - name: personal
      from: "Ada <ada@example.com>"
      imap: { host: 127.0.0.1, port: ${port}, secure: false, starttls: false, user: ada, password_env: JARVIS_TEST_MAIL_PASSWORD }
      smtp: { host: 127.0.0.1, port: ${port}, secure: false, starttls: false }
`);
    // what a process killed in the middle of an SMTP send leaves behind
    const db = openStore(join(temp.jarvisHome, "jarvis.db"));
    const outbox = new Outbox(db, systemClock, randomIds);
    const entry = outbox.create({
      sendKey: "k1",
      account: "personal",
      messageId: "<crashed@example.com>",
      runId: "run_crashed",
      envelope: { from: "ada@example.com", to: ["bob@example.com"] },
      raw: Buffer.from("Subject: hi\r\n\r\nhello\r\n"),
      summary: 'to bob@example.com: "hi"',
    });
    expect(outbox.transition(entry.id, ["prepared"], "sending")).toBe(true);
    db.close();

    const run = await spawnStart({ ...temp.env, JARVIS_TEST_MAIL_PASSWORD: "pw" }, ["--port", "0"]);
    try {
      const check = openStore(join(temp.jarvisHome, "jarvis.db"), { key: TEST_STORE_KEY });
      try {
        const view = new Outbox(check, systemClock, randomIds);
        await expect
          .poll(() => view.byKey("k1")?.state, { timeout: 20_000, interval: 200 })
          .toBe("uncertain");
        expect(view.byKey("k1")?.attempts).toBe(1); // looked up, not sent again
      } finally {
        check.close();
      }
    } finally {
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
    }
  });
});
