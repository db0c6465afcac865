import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { type MailHarness, mailConfig, openHarness, PASSWORD, USER } from "./harness.js";
import { type DovecotServer, freePort, startDovecot } from "./servers.js";
import { SmtpCapture } from "./smtp-capture.js";

const ok = hasPrograms(["dovecot", "openssl"], "dovecot-imapd openssl");

describe.skipIf(!ok)("mail failures: server down, wrong password, TLS trouble — one clear line each", () => {
  let dovecot: DovecotServer;
  let smtpTls: SmtpCapture;
  let harness: MailHarness | undefined;

  beforeAll(async () => {
    dovecot = await startDovecot({ users: [{ user: USER, password: PASSWORD }], tls: true });
    smtpTls = await new SmtpCapture({ users: { [USER]: PASSWORD }, tls: dovecot.certificate! }).start();
  });
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });
  afterAll(async () => {
    await smtpTls?.stop();
    await dovecot?.stop();
  });

  const search = async (config: string, options: { password?: string } = {}) => {
    harness = openHarness(config, options);
    return harness.runtime.gate.call({ tool: "mail_search", args: {} }, harness.scope());
  };
  const expectOneLine = (observation: string, pattern: RegExp) => {
    expect(observation.split("\n")).toHaveLength(1);
    expect(observation).toMatch(pattern);
    expect(observation).not.toContain(PASSWORD);
  };

  it("server down", async () => {
    const port = await freePort();
    const outcome = await search(mailConfig({ imapPort: port }));
    expect(outcome.code).toBe("UNAVAILABLE");
    expectOneLine(
      outcome.observation,
      new RegExp(
        `cannot reach IMAP server 127\\.0\\.0\\.1:${port} \\(account personal\\): connection refused`,
      ),
    );
  });

  it("wrong IMAP password", async () => {
    const outcome = await search(mailConfig({ imapPort: dovecot.port }), { password: "wrong" });
    expect(outcome.code).toBe("AUTH_FAILED");
    expectOneLine(
      outcome.observation,
      /IMAP server 127\.0\.0\.1:\d+ \(account personal\) refused the login: wrong user or password/,
    );
  });

  it("missing secret: the environment variable is not set", async () => {
    const config = mailConfig({ imapPort: dovecot.port }).replace(
      "JARVIS_TEST_MAIL_PASSWORD",
      "JARVIS_TEST_UNSET_VARIABLE",
    );
    const outcome = await search(config);
    expect(outcome.code).toBe("CONFIG_INVALID");
    expectOneLine(
      outcome.observation,
      /personal \(imap\): environment variable JARVIS_TEST_UNSET_VARIABLE is not set/,
    );
  });

  it("TLS: a self-signed certificate is refused, trusted with ca_file, and TLS on a plain port is named", async () => {
    const selfSigned = await search(
      mailConfig({ imapPort: dovecot.tlsPort! }).replace("secure: false, starttls: false", "secure: true"),
    );
    expect(selfSigned.code).toBe("UNAVAILABLE");
    expectOneLine(
      selfSigned.observation,
      /TLS error with IMAP server 127\.0\.0\.1:\d+ \(account personal\): the server's certificate is self-signed/,
    );
    await harness?.close();

    const trusted = await search(
      mailConfig({
        imapPort: dovecot.tlsPort!,
        imapExtra: `, ca_file: ${dovecot.certificate!.cert}`,
      }).replace("secure: false, starttls: false", "secure: true"),
    );
    expect(trusted.status).toBe("ok");
    await harness?.close();

    const wrongPort = await search(
      mailConfig({ imapPort: dovecot.port }).replace("secure: false, starttls: false", "secure: true"),
    );
    expect(wrongPort.code).toBe("UNAVAILABLE");
    expectOneLine(
      wrongPort.observation,
      /TLS error with IMAP server .*: the server does not speak TLS on this port/,
    );
  });

  it("SMTP: self-signed certificate and wrong password, nothing sent", async () => {
    const send = async (smtpExtra: string, password?: string) => {
      await harness?.close();
      const config = mailConfig({ imapPort: dovecot.port, smtpPort: smtpTls.port, smtpExtra }).replace(
        /smtp: \{ host: 127\.0\.0\.1, port: (\d+), secure: false, starttls: false/,
        "smtp: { host: 127.0.0.1, port: $1, secure: true",
      );
      harness = openHarness(config, password ? { password } : {});
      return harness.runtime.gate.call(
        { tool: "mail_send", args: { to: ["carol@example.net"], subject: "x", body: "y" } },
        harness.scope({ broker: new FixedConfirmationBroker("approve"), userText: ["carol@example.net"] }),
      );
    };
    const untrusted = await send("");
    expect(untrusted.code).toBe("UNAVAILABLE");
    expectOneLine(
      untrusted.observation,
      /TLS error with SMTP server 127\.0\.0\.1:\d+ \(account personal\): the server's certificate is self-signed/,
    );
    const badLogin = await send(
      `, ca_file: ${dovecot.certificate!.cert}, password_env: JARVIS_TEST_SMTP_PASSWORD`,
      PASSWORD,
    );
    expect(badLogin.code).toBe("CONFIG_INVALID"); // the smtp variable is not set at all
    await harness?.close();
    const config = mailConfig({
      imapPort: dovecot.port,
      smtpPort: smtpTls.port,
      smtpExtra: `, ca_file: ${dovecot.certificate!.cert}`,
    }).replace(/secure: false, starttls: false, ca_file/, "secure: true, ca_file");
    harness = openHarness(config, { password: "wrong" });
    const wrong = await harness.runtime.gate.call(
      { tool: "mail_send", args: { to: ["carol@example.net"], subject: "x", body: "y" } },
      harness.scope({ broker: new FixedConfirmationBroker("approve"), userText: ["carol@example.net"] }),
    );
    expect(wrong.code).toBe("AUTH_FAILED");
    expectOneLine(
      wrong.observation,
      /SMTP server 127\.0\.0\.1:\d+ \(account personal\) refused the login: wrong user or password/,
    );
    expect(smtpTls.messages).toHaveLength(0);
  });

  it("no account configured", async () => {
    const outcome = await search("policy: { autonomy: smart }\n");
    expect(outcome.code).toBe("UNAVAILABLE");
    expectOneLine(outcome.observation, /no mail account is configured/);
  });
});
