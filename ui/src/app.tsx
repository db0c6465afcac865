import { useEffect, useState } from "react";
import { clearToken, getToken, onUnauthorized } from "./api";
import { ConfirmDialog } from "./components/ConfirmDialog";
import { Notices } from "./components/Notices";
import { useLive } from "./hooks";
import { live } from "./live";
import { Audit } from "./pages/Audit";
import { Chat } from "./pages/Chat";
import { Extend } from "./pages/Extend";
import { Mcp } from "./pages/Mcp";
import { Routines } from "./pages/Routines";
import { RunPage, Runs } from "./pages/Runs";
import { Settings } from "./pages/Settings";
import { SignIn } from "./pages/SignIn";
import { Tools } from "./pages/Tools";
import { Link, usePath } from "./router";

const NAV = [
  { to: "/", label: "Chat" },
  { to: "/runs", label: "Runs" },
  { to: "/routines", label: "Routines" },
  { to: "/audit", label: "Audit" },
  { to: "/tools", label: "Tools" },
  { to: "/mcp", label: "MCP" },
  { to: "/extend", label: "Extend" },
  { to: "/settings", label: "Settings" },
];

function Page({ path }: { path: string }) {
  const run = /^\/runs\/([^/]+)$/.exec(path);
  if (run?.[1]) return <RunPage id={decodeURIComponent(run[1])} />;
  switch (path) {
    case "/runs":
      return <Runs />;
    case "/routines":
      return <Routines />;
    case "/audit":
      return <Audit />;
    case "/tools":
      return <Tools />;
    case "/mcp":
      return <Mcp />;
    case "/extend":
      return <Extend />;
    case "/settings":
      return <Settings />;
    default:
      return <Chat />;
  }
}

/** Always visible while anything runs: stops every run and every call in flight. */
function KillSwitch() {
  const store = useLive();
  const [busy, setBusy] = useState(false);
  if (store.active.size === 0) return null;
  const kill = async () => {
    setBusy(true);
    try {
      await store.send({ type: "kill" });
    } catch {
      await fetch("/api/kill", {
        method: "POST",
        headers: { authorization: `Bearer ${getToken() ?? ""}`, "content-type": "application/json" },
        body: "{}",
      }).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button danger kill"
      onClick={() => void kill()}
      disabled={busy}
      aria-label={`Stop everything (${store.active.size} running)`}
    >
      ■ Stop<span className="wide-only"> all</span> <span className="count">{store.active.size}</span>
    </button>
  );
}

function ConnectionDot() {
  const store = useLive();
  const label =
    store.connection === "open"
      ? "connected"
      : store.connection === "connecting"
        ? "connecting…"
        : "reconnecting…";
  return (
    <span className={`connection connection-${store.connection}`} role="status" title={label}>
      <span className="dot" aria-hidden="true" />
      <span className="connection-label">{label}</span>
    </span>
  );
}

export function App() {
  const path = usePath();
  const [token, setTokenState] = useState(getToken());
  const [expired, setExpired] = useState(false);
  useEffect(
    () =>
      onUnauthorized(() => {
        clearToken();
        live.stop();
        setExpired(true);
        setTokenState(null);
      }),
    [],
  );
  useEffect(() => {
    if (token) live.connect();
  }, [token]);
  if (!token) return <SignIn expired={expired} onSignedIn={() => window.location.reload()} />;
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          <span className="logo" aria-hidden="true" />
          Jarvis
        </Link>
        <nav aria-label="main">
          {NAV.map((item) => {
            const current = item.to === "/" ? path === "/" : path.startsWith(item.to);
            return (
              <Link
                key={item.to}
                to={item.to}
                className={current ? "active" : undefined}
                aria-current={current ? "page" : undefined}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <div className="topbar-right">
          <KillSwitch />
          <ConnectionDot />
        </div>
      </header>
      <main id="main" className={path === "/" ? "main chat-main" : "main"}>
        <Page path={path} />
      </main>
      <Notices />
      <ConfirmDialog />
    </div>
  );
}
