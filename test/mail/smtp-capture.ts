/**
 * A small SMTP server for tests: real SMTP (EHLO/HELO, AUTH PLAIN/LOGIN, MAIL, RCPT, DATA with
 * dot-unstuffing, RSET, NOOP, QUIT) over a real socket, plain or implicit TLS. It keeps what it
 * received so tests can count deliveries. `nextData` simulates a refusal or a dropped link.
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import tls from "node:tls";

export interface CapturedMessage {
  from: string;
  to: string[];
  data: string;
  user: string | undefined;
}

export class SmtpCapture {
  readonly messages: CapturedMessage[] = [];
  /** What to do with the next DATA: accept (default), refuse with 554, or drop the link after it. */
  nextData: "accept" | "reject" | "drop" = "accept";
  port = 0;
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly options: { users?: Record<string, string>; tls?: { cert: string; key: string } } = {},
  ) {}

  async start(): Promise<this> {
    const handler = (socket: net.Socket) => this.session(socket);
    this.server = this.options.tls
      ? tls.createServer(
          { cert: readFileSync(this.options.tls.cert), key: readFileSync(this.options.tls.key) },
          handler,
        )
      : net.createServer(handler);
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  withMessageId(messageId: string): CapturedMessage[] {
    return this.messages.filter((m) => m.data.includes(`Message-ID: ${messageId}`));
  }

  private session(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => {});
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = "";
    let user: string | undefined;
    let from: string | undefined;
    let to: string[] = [];
    let data: string[] | undefined;
    let pending: "plain" | "login-user" | "login-pass" | undefined;
    let loginUser = "";
    const needsAuth = this.options.users !== undefined;
    const checkLogin = (name: string, password: string) => {
      if (this.options.users?.[name] === password) {
        user = name;
        reply("235 2.7.0 Authentication successful");
      } else reply("535 5.7.8 Authentication credentials invalid");
    };
    const handle = (line: string) => {
      if (data) {
        if (line === ".") {
          const body = data.join("\r\n");
          data = undefined;
          const action = this.nextData;
          this.nextData = "accept";
          if (action === "reject") return reply("554 5.7.1 Message rejected");
          this.messages.push({ from: from ?? "", to, data: body, user });
          if (action === "drop") return socket.destroy(); // received, but the client never hears 250
          return reply(`250 2.0.0 Ok: queued as ${this.messages.length}`);
        }
        data.push(line.startsWith("..") ? line.slice(1) : line);
        return;
      }
      if (pending === "plain") {
        pending = undefined;
        const [, name = "", password = ""] = Buffer.from(line, "base64").toString("utf8").split("\0");
        return checkLogin(name, password);
      }
      if (pending === "login-user") {
        loginUser = Buffer.from(line, "base64").toString("utf8");
        pending = "login-pass";
        return reply("334 UGFzc3dvcmQ6");
      }
      if (pending === "login-pass") {
        pending = undefined;
        return checkLogin(loginUser, Buffer.from(line, "base64").toString("utf8"));
      }
      const [verb = "", ...rest] = line.split(" ");
      const argument = rest.join(" ");
      switch (verb.toUpperCase()) {
        case "EHLO":
          return reply(
            [
              "250-capture.test",
              ...(needsAuth ? ["250-AUTH PLAIN LOGIN"] : []),
              "250-8BITMIME",
              "250 SIZE 52428800",
            ].join("\r\n"),
          );
        case "HELO":
          return reply("250 capture.test");
        case "AUTH": {
          const [mechanism = "", initial] = argument.split(" ");
          if (mechanism.toUpperCase() === "PLAIN") {
            if (!initial) {
              pending = "plain";
              return reply("334 ");
            }
            const [, name = "", password = ""] = Buffer.from(initial, "base64").toString("utf8").split("\0");
            return checkLogin(name, password);
          }
          if (mechanism.toUpperCase() === "LOGIN") {
            pending = "login-user";
            return reply("334 VXNlcm5hbWU6");
          }
          return reply("504 5.5.4 Unrecognized authentication type");
        }
        case "MAIL":
          if (needsAuth && !user) return reply("530 5.7.0 Authentication required");
          from = /<([^>]*)>/.exec(argument)?.[1] ?? "";
          to = [];
          return reply("250 2.1.0 Ok");
        case "RCPT":
          if (from === undefined) return reply("503 5.5.1 MAIL first");
          to.push(/<([^>]*)>/.exec(argument)?.[1] ?? "");
          return reply("250 2.1.5 Ok");
        case "DATA":
          if (to.length === 0) return reply("503 5.5.1 RCPT first");
          data = [];
          return reply("354 End data with <CR><LF>.<CR><LF>");
        case "RSET":
          from = undefined;
          to = [];
          return reply("250 2.0.0 Ok");
        case "NOOP":
          return reply("250 2.0.0 Ok");
        case "QUIT":
          reply("221 2.0.0 Bye");
          return socket.end();
        default:
          return reply("502 5.5.2 Command not recognized");
      }
    };
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let index = buffer.indexOf("\r\n");
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        handle(line);
        if (socket.destroyed) return;
        index = buffer.indexOf("\r\n");
      }
    });
    reply("220 capture.test ESMTP");
  }
}
