/**
 * The service's mail-trigger lag (`BENCH_SERVICE_PARTS=mail`): a real Dovecot, a mail routine
 * created through the service's API, and ~20 mails appended one at a time. The lag is from the
 * APPEND's completion to the routine's alert reaching a WebSocket client. The poll is set to an
 * hour, so every firing came through IMAP IDLE.
 */
import { imapClient, PASSWORD, rfc822, USER } from "../test/mail/harness.js";
import { startDovecot } from "../test/mail/servers.js";
import { summarize } from "./util.js";

interface Alerts {
  alerts: Array<{ message: string; receivedAt: number }>;
  close(): void;
}

export interface MailPartHost {
  /** Writes config.yaml (before the service starts). */
  writeConfig(yaml: string): void;
  env: NodeJS.ProcessEnv;
  start(): Promise<void>;
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  watch(): Alerts;
  modelRequests(): number;
}

const MAILS = Number(process.env.BENCH_MAILS ?? 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function mailTriggerLag(host: MailPartHost): Promise<Record<string, unknown>> {
  const dovecot = await startDovecot({ users: [{ user: USER, password: PASSWORD }] });
  try {
    host.env.JARVIS_TEST_MAIL_PASSWORD = PASSWORD;
    host.writeConfig(`routines:
  mail_poll_s: 3600
mail:
  accounts:
    - name: personal
      from: "Ada Lovelace <ada@example.com>"
      imap: { host: 127.0.0.1, port: ${dovecot.port}, secure: false, starttls: false, user: ${USER}, password_env: JARVIS_TEST_MAIL_PASSWORD }
`);
    await host.start();
    const watcher = host.watch();
    await host.api("POST", "/api/routines", {
      name: "ana's mail",
      on_mail_from: "ana",
      say: "Mail from Ana: {{mail.subject}}",
    });
    await sleep(2_000); // the baseline look and the IDLE connection
    const requestsBefore = host.modelRequests();
    const lags: number[] = [];
    const client = await imapClient(dovecot.port);
    try {
      for (let i = 0; i < MAILS; i++) {
        const subject = `Note ${i}`;
        await client.append(
          "INBOX",
          rfc822({ From: "Ana <ana@example.org>", To: "ada@example.com", Subject: subject }, "hello"),
        );
        const appendedAt = Date.now();
        const deadline = appendedAt + 30_000;
        let alert: Alerts["alerts"][number] | undefined;
        while (!alert && Date.now() < deadline) {
          alert = watcher.alerts.find((a) => a.message.endsWith(subject));
          if (!alert) await sleep(5);
        }
        if (alert) lags.push(alert.receivedAt - appendedAt);
        await sleep(300);
      }
    } finally {
      await client.logout();
      watcher.close();
    }
    return {
      mails: MAILS,
      fired: lags.length,
      pollS: 3600,
      lagMs: summarize(lags),
      modelRequests: host.modelRequests() - requestsBefore,
      measuredAt: new Date().toISOString(),
    };
  } finally {
    await dovecot.stop();
  }
}
