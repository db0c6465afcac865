import { JarvisError } from "../../core/errors.js";

export type ServiceName = "IMAP" | "SMTP" | "CalDAV" | "CardDAV";

const TLS_CODES: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the certificate chain contains a self-signed certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the certificate is not signed by a trusted authority",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the certificate's issuer is not trusted",
  CERT_HAS_EXPIRED: "the certificate has expired",
  CERT_NOT_YET_VALID: "the certificate is not valid yet",
  ERR_TLS_CERT_ALTNAME_INVALID: "the certificate does not match the host name",
  ERR_SSL_WRONG_VERSION_NUMBER: "the server does not speak TLS on this port",
  ERR_SSL_PACKET_LENGTH_TOO_LONG: "the server does not speak TLS on this port",
  EPROTO: "the TLS handshake failed",
};

/** Walks `cause` chains (fetch wraps socket errors) and returns every error seen. */
function chain(error: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    out.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return out;
}

function tlsReason(errors: Array<Record<string, unknown>>): string | undefined {
  for (const e of errors) {
    const code = typeof e.code === "string" ? e.code : "";
    if (TLS_CODES[code]) return TLS_CODES[code];
    const message = typeof e.message === "string" ? e.message : "";
    if (/wrong version number|packet length too long/i.test(message))
      return TLS_CODES.ERR_SSL_WRONG_VERSION_NUMBER;
    if (/self[- ]signed certificate/i.test(message)) return TLS_CODES.DEPTH_ZERO_SELF_SIGNED_CERT;
    if (/certificate|ssl|tls/i.test(message) && /verify|handshake|alert|altname/i.test(message)) {
      return message.split("\n")[0];
    }
  }
  return undefined;
}

function codeOf(errors: Array<Record<string, unknown>>): string {
  for (const e of errors) if (typeof e.code === "string" && e.code) return e.code;
  return "";
}

/**
 * Turns a connection failure into one line a user can act on: server down, wrong password,
 * TLS trouble, timeout. `endpoint` is `host:port` or a URL; secrets never appear.
 */
export function connectionError(
  service: ServiceName,
  endpoint: string,
  account: string,
  error: unknown,
): JarvisError {
  if (error instanceof JarvisError) return error;
  const errors = chain(error);
  const code = codeOf(errors);
  const where = `${service} server ${endpoint} (account ${account})`;
  const first = errors[0] ?? {};
  const authFailed =
    first.authenticationFailed === true ||
    code === "EAUTH" ||
    first.status === 401 ||
    /authenticat|invalid credentials|401 unauthorized/i.test(
      String(first.message ?? first.responseText ?? ""),
    );
  if (authFailed) {
    return new JarvisError("AUTH_FAILED", `${where} refused the login: wrong user or password`, {
      fix: `check ${service === "SMTP" ? "smtp" : service === "IMAP" ? "imap" : service.toLowerCase()}.user and the stored secret (\`jarvis accounts add ${account}\` to replace it)`,
      cause: error,
    });
  }
  const tls = tlsReason(errors);
  if (tls) {
    return new JarvisError("UNAVAILABLE", `TLS error with ${where}: ${tls}`, {
      fix: "trust the server's CA with ca_file, or check secure/port (993 and 465 are TLS, 143 and 587 STARTTLS)",
      cause: error,
    });
  }
  if (code === "ECONNREFUSED") {
    return new JarvisError("UNAVAILABLE", `cannot reach ${where}: connection refused`, {
      fix: "check that the server is running and the host and port are right",
      cause: error,
    });
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new JarvisError("UNAVAILABLE", `cannot reach ${where}: host not found`, {
      fix: "check the host name and your network connection",
      cause: error,
    });
  }
  if (/TIMEOUT|ETIMEDOUT/.test(code) || (first.name as string | undefined) === "TimeoutError") {
    return new JarvisError("UNAVAILABLE", `cannot reach ${where}: timed out`, {
      fix: "check the host, port and firewall",
      cause: error,
    });
  }
  if (code === "ECONNRESET" || code === "EPIPE" || code === "EConnectionClosed" || code === "NoConnection") {
    return new JarvisError("UNAVAILABLE", `${where} closed the connection`, {
      fix: "check secure/port and try again",
      cause: error,
    });
  }
  const message = String(first.responseText ?? first.response ?? first.message ?? error).split("\n")[0];
  return new JarvisError("UNAVAILABLE", `${where} failed: ${message}`, { cause: error });
}
