/**
 * Runs INSIDE a sandbox that has a network allowlist (standalone: Node built-ins only, so it
 * runs from source or from dist). The sandbox's network namespace has only loopback; this
 * bridge listens there — an HTTP proxy port, and each allowed loopback `host:port` — and
 * carries every connection over the Unix socket to Jarvis's proxy, which decides. Then it
 * runs the program and exits with its status.
 *
 * argv: <config JSON> -- <program> [args…]
 */
import { spawn } from "node:child_process";
import { connect, createServer, type Socket } from "node:net";

interface BridgeConfig {
  socket: string;
  proxyPort: number;
  forwards: Array<{ host: string; port: number }>;
}

const SIGNALS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGTERM: 15,
  SIGXCPU: 24,
  SIGXFSZ: 25,
};

function upstream(config: BridgeConfig): Socket {
  return connect(config.socket);
}

/** A loopback port forwarded as a CONNECT to the same host:port. */
function forward(config: BridgeConfig, client: Socket, host: string, port: number): void {
  const server = upstream(config);
  server.once("connect", () =>
    server.write(`CONNECT ${host}:${port} HTTP/1.1\r\nhost: ${host}:${port}\r\n\r\n`),
  );
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf("\r\n\r\n");
    if (end < 0) return;
    server.off("data", onData);
    if (!/^HTTP\/1\.[01] 200/.test(head.toString("latin1"))) {
      client.destroy();
      server.destroy();
      return;
    }
    const rest = head.subarray(end + 4);
    if (rest.length > 0) client.write(rest);
    client.pipe(server).pipe(client);
    server.resume();
  };
  server.on("data", onData);
  server.on("error", () => client.destroy());
  client.on("error", () => server.destroy());
}

function listen(port: number, host: string, onConnection: (socket: Socket) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.pause();
      onConnection(socket);
    });
    server.once("error", reject);
    server.listen(port, host, () => {
      server.unref();
      resolve();
    });
  });
}

async function main(): Promise<void> {
  const separator = process.argv.indexOf("--");
  const config = JSON.parse(process.argv[2] ?? "{}") as BridgeConfig;
  const command = process.argv.slice(separator + 1);
  await listen(config.proxyPort, "127.0.0.1", (client) => {
    const server = upstream(config);
    server.once("connect", () => {
      client.pipe(server).pipe(client);
      client.resume();
    });
    server.on("error", () => client.destroy());
    client.on("error", () => server.destroy());
  });
  for (const target of config.forwards) {
    const host = target.host === "localhost" ? "127.0.0.1" : target.host;
    // The client stays paused until the proxy accepted: its first bytes wait for the pipe.
    await listen(target.port, host, (client) => forward(config, client, target.host, target.port));
  }
  const [program, ...args] = command;
  if (!program) process.exit(2);
  const child = spawn(program, args, { stdio: "inherit" });
  child.on("error", (error) => {
    process.stderr.write(`${program}: ${error.message}\n`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => process.exit(code ?? 128 + (SIGNALS[signal ?? ""] ?? 1)));
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox network bridge: ${(error as Error).message}\n`);
  process.exit(125);
});
