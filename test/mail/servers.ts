/**
 * Real servers for the mail and calendar tests, each on a random loopback port in a temp dir:
 * Dovecot (IMAP, optionally IMAPS with a throwaway certificate) and a small SMTP capture server
 * that speaks real SMTP over a real socket. Every process is stopped by its PID.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForPort(port: number, timeoutMs = 15_000, process?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process && process.exitCode !== null) throw new Error(`server exited with ${process.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`port ${port} did not open within ${timeoutMs} ms`);
}

export async function stopProcess(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = "SIGTERM",
): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(child.pid, signal);
  const timer = setTimeout(
    () => child.pid && child.exitCode === null && process.kill(child.pid, "SIGKILL"),
    5_000,
  );
  await exited;
  clearTimeout(timer);
}

/** A self-signed certificate for 127.0.0.1/localhost (EC, so it is fast to make). */
export function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

export interface DovecotServer {
  port: number;
  tlsPort: number | undefined;
  dir: string;
  pid: number;
  certificate: { cert: string; key: string } | undefined;
  /** Maildir of a user (for writing messages directly, as a delivery agent would). */
  maildir(user: string): string;
  /** Gives files written into a maildir to the user the IMAP processes run as. */
  fixOwnership(user: string): void;
  log(): string;
  stop(): Promise<void>;
}

/** Dovecot as a non-daemon (`dovecot -F`) with a passwd-file userdb and maildir storage. */
export async function startDovecot(options: {
  users: Array<{ user: string; password: string }>;
  tls?: boolean;
  prepare?: (maildir: (user: string) => string) => void;
}): Promise<DovecotServer> {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-dovecot-"));
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  const me = userInfo();
  const uid = root ? 65534 : me.uid;
  const gid = root ? 65534 : me.gid;
  const loginUser = root ? "dovenull" : me.username;
  const internalUser = root ? "dovecot" : me.username;
  for (const sub of ["run", "state", "mail"]) mkdirSync(join(dir, sub), { recursive: true });
  const maildir = (user: string) => join(dir, "mail", user, "Maildir");
  writeFileSync(
    join(dir, "passwd"),
    options.users
      .map((u) => `${u.user}:{PLAIN}${u.password}:${uid}:${gid}::${join(dir, "mail", u.user)}::\n`)
      .join(""),
  );
  for (const u of options.users) {
    for (const sub of ["cur", "new", "tmp"]) mkdirSync(join(maildir(u.user), sub), { recursive: true });
  }
  options.prepare?.(maildir);
  const fixOwnership = (user: string) => {
    if (!root) return;
    const walk = (path: string) => {
      chownSync(path, uid, gid);
      if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    };
    walk(join(dir, "mail", user));
  };
  for (const u of options.users) fixOwnership(u.user);
  const port = await freePort();
  const tlsPort = options.tls ? await freePort() : undefined;
  const certificate = options.tls ? makeCertificate(dir) : undefined;
  writeFileSync(
    join(dir, "dovecot.conf"),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
${certificate ? `ssl = yes\nssl_cert = <${certificate.cert}\nssl_key = <${certificate.key}` : "ssl = no"}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_login_user = ${loginUser}
default_internal_user = ${internalUser}
first_valid_uid = 1
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort ?? 0}
  }
}
service anvil {
  chroot =
  # no growing delay after the wrong-password test
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
`,
  );
  const child = spawn("dovecot", ["-F", "-c", join(dir, "dovecot.conf")], { stdio: "ignore" });
  const log = () => {
    try {
      return readFileSync(join(dir, "dovecot.log"), "utf8");
    } catch {
      return "";
    }
  };
  try {
    await waitForPort(port, 15_000, child);
    if (tlsPort) await waitForPort(tlsPort, 15_000, child);
  } catch (error) {
    await stopProcess(child, "SIGKILL");
    throw new Error(`dovecot did not start: ${(error as Error).message}\n${log()}`);
  }
  return {
    port,
    tlsPort,
    dir,
    pid: child.pid!,
    certificate,
    maildir,
    fixOwnership,
    log,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
