import type SMTPConnection from "nodemailer/lib/smtp-connection";
import type { SMTPConnectionSendInfo } from "nodemailer/lib/smtp-connection";
import type { MailAccountConfig } from "../../config/schema.js";
import { type AccountSecrets, noSmtp, smtpCredentials, smtpEndpoint, tlsOptions } from "./accounts.js";
import { connectionError } from "./net-errors.js";

/**
 * One SMTP session, driven step by step (connect, login, then send) so the outbox can record
 * "sending" exactly when the message starts to travel and not before.
 */
export class SmtpSession {
  private constructor(
    private readonly connection: SMTPConnection,
    private readonly account: MailAccountConfig,
    private readonly onError: (handler: ((error: unknown) => void) | undefined) => void,
  ) {}

  static async open(
    account: MailAccountConfig,
    secrets: AccountSecrets,
    signal: AbortSignal,
  ): Promise<SmtpSession> {
    const smtp = account.smtp;
    if (!smtp) throw noSmtp(account.name);
    const credentials = await smtpCredentials(account, { ...secrets, signal });
    // nodemailer loads on the first send, not when the tool list is built.
    const [{ default: SMTPConnection }, { default: XOAuth2 }] = await Promise.all([
      import("nodemailer/lib/smtp-connection"),
      import("nodemailer/lib/xoauth2"),
    ]);
    const connection = new SMTPConnection({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      requireTLS: !smtp.secure && smtp.starttls,
      ignoreTLS: !smtp.secure && !smtp.starttls,
      tls: tlsOptions(smtp, smtp.host),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      allowInternalNetworkInterfaces: true,
      logger: false,
    });
    const endpoint = smtpEndpoint(account);
    const abort = () => connection.close();
    signal.addEventListener("abort", abort, { once: true });
    // connect() reports failures as 'error' events, not through its callback
    let failed: ((error: unknown) => void) | undefined;
    connection.on("error", (error) => failed?.(error));
    try {
      await new Promise<void>((resolve, reject) => {
        failed = reject;
        connection.connect((error) => (error ? reject(error) : resolve()));
      });
      await new Promise<void>((resolve, reject) => {
        const auth =
          credentials.kind === "xoauth2"
            ? {
                user: credentials.user,
                oauth2: new XOAuth2({ user: credentials.user, accessToken: credentials.accessToken }),
                method: "XOAUTH2",
              }
            : {
                user: credentials.user,
                pass: credentials.password,
                credentials: { user: credentials.user, pass: credentials.password },
              };
        failed = reject;
        connection.login(auth, (error) => (error ? reject(error) : resolve()));
      });
      failed = undefined;
      return new SmtpSession(connection, account, (handler) => {
        failed = handler;
      });
    } catch (error) {
      connection.close();
      if (signal.aborted) throw signal.reason;
      throw connectionError("SMTP", endpoint, account.name, error);
    } finally {
      signal.removeEventListener("abort", abort);
    }
  }

  /**
   * Transmits the message. A rejection with an SMTP reply code means the server refused it
   * (`refused`); anything else after the transfer began leaves delivery unknown (`uncertain`).
   */
  send(envelope: { from: string; to: string[] }, raw: Buffer): Promise<SMTPConnectionSendInfo> {
    return new Promise((resolve, reject) => {
      const settle = (error: unknown, info?: SMTPConnectionSendInfo) => {
        this.onError(undefined);
        if (!error) return resolve(info!);
        const responseCode = (error as { responseCode?: number }).responseCode;
        const refused = typeof responseCode === "number" && responseCode >= 400;
        reject(
          Object.assign(connectionError("SMTP", smtpEndpoint(this.account), this.account.name, error), {
            refused,
          }),
        );
      };
      this.onError((error) => settle(error));
      this.connection.send(envelope, raw, (error, info) => settle(error, info));
    });
  }

  close(): void {
    try {
      this.connection.quit();
    } catch {
      this.connection.close();
    }
  }
}
