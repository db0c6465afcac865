import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { api } from "../api";
import { PushToTalk } from "../components/PushToTalk";
import { Turn } from "../components/Turn";
import { useLive } from "../hooks";
import { foldTurn } from "../turn";
import type { JarvisEvent, RunSummary } from "../types";

const SESSION_KEY = "jarvis.session";
const EXAMPLES = [
  "set a timer for 5 minutes",
  "what time is it in Tokyo?",
  "list the files in ~/Documents",
  "what's 15% of 240?",
];

interface Dropped {
  name: string;
  path: string;
  /** "Add to knowledge base": being sent, or the run that adds it (its card shows in the chat). */
  knowledge?: "sending" | { runId: string };
}

/** The chip's words for its knowledge_add run, from the run's live events. */
function knowledgeStatus(events: JarvisEvent[]): string {
  for (const event of events) {
    if (event.type === "tool_finished")
      return event.data.ok ? "✓ added to the knowledge base" : "not added (see the chat)";
    if (event.type === "run_finished" || event.type === "run_failed" || event.type === "run_cancelled")
      return "not added (see the chat)";
  }
  return "adding to the knowledge base…";
}

/** A file dropped from a file manager carries its own path; one from elsewhere is uploaded. */
async function pathsFromDrop(event: DragEvent): Promise<Dropped[]> {
  const uris = event.dataTransfer.getData("text/uri-list");
  const local = uris
    .split(/\r?\n/)
    .filter((line) => line.startsWith("file://"))
    .map((line) => decodeURIComponent(new URL(line).pathname));
  if (local.length > 0) return local.map((path) => ({ name: path.split("/").pop() ?? path, path }));
  const files = [...event.dataTransfer.files];
  return Promise.all(
    files.map(async (file) => {
      const saved = await api<{ path: string; name: string }>(
        `/api/files?name=${encodeURIComponent(file.name)}`,
        {
          method: "POST",
          raw: file,
        },
      );
      return { name: file.name, path: saved.path };
    }),
  );
}

function quotePath(path: string): string {
  return /\s/.test(path) ? `"${path}"` : path;
}

export function Chat() {
  const store = useLive();
  const [session, setSession] = useState<string | null>(() => localStorage.getItem(SESSION_KEY));
  const [text, setText] = useState("");
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [dropped, setDropped] = useState<Dropped[]>([]);
  const input = useRef<HTMLTextAreaElement>(null);
  const bottom = useRef<HTMLDivElement>(null);

  // Tabs share the conversation: a session started or cleared in another tab is followed here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY) setSession(event.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // History of this session (also after a reload or a reconnect: the server kept the events).
  const { epoch, connection } = store;
  useEffect(() => {
    if (!session || connection !== "open" || epoch === 0) return;
    let cancelled = false;
    api<{ runs: Array<RunSummary & { events: JarvisEvent[] }> }>(
      `/api/sessions/${encodeURIComponent(session)}`,
    ).then(
      (data) => {
        if (cancelled) return;
        for (const run of data.runs) store.mergeRun(run.id, run.events, run.sessionId);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [session, epoch, connection, store]);

  // Folded on every render: the store mutates in place, and this is cheap next to rendering.
  const turns = [...store.runs.values()]
    .filter((entry) => session !== null && entry.sessionId === session && entry.events.length > 0)
    .map((entry) => foldTurn(entry.runId, entry.events))
    .filter((turn) => turn.input !== "")
    .sort((a, b) => a.startedAt - b.startedAt);

  const lastVersion =
    turns.length > 0 ? `${turns.length}:${turns.at(-1)?.items.length}:${turns.at(-1)?.text.length}` : "";
  useEffect(() => {
    if (lastVersion) bottom.current?.scrollIntoView({ block: "end" });
  }, [lastVersion]);

  const send = async (value = text) => {
    const message = value.trim();
    if (!message || sending) return;
    setSending(message);
    setError(null);
    try {
      let ack: Record<string, unknown>;
      try {
        ack = await store.send({ type: "turn", text: message, ...(session ? { sessionId: session } : {}) });
      } catch (caught) {
        // A session this Jarvis does not know (new home, deleted database): start a fresh one.
        if ((caught as { code?: string }).code !== "NOT_FOUND" || !session) throw caught;
        ack = await store.send({ type: "turn", text: message });
      }
      const sessionId = String(ack.sessionId);
      store.mergeRun(String(ack.runId), [], sessionId);
      if (sessionId !== session) {
        localStorage.setItem(SESSION_KEY, sessionId);
        setSession(sessionId);
      }
      setText("");
      setDropped([]);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setSending(null);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  // One knowledge_add call through the gate (policy, confirmation, audit), shown as a turn here.
  const addToKnowledge = async (file: Dropped) => {
    const mark = (knowledge: Dropped["knowledge"]) =>
      setDropped((list) => list.map((d) => (d.path === file.path ? { ...d, knowledge } : d)));
    mark("sending");
    setError(null);
    try {
      const ack = await api<{ runId: string; sessionId: string }>("/api/knowledge", {
        method: "POST",
        body: { path: file.path, ...(session ? { sessionId: session } : {}) },
      });
      store.mergeRun(ack.runId, [], ack.sessionId);
      if (ack.sessionId !== session) {
        localStorage.setItem(SESSION_KEY, ack.sessionId);
        setSession(ack.sessionId);
      }
      mark({ runId: ack.runId });
    } catch (caught) {
      mark(undefined);
      setError(`Could not add ${file.name} to the knowledge base: ${(caught as Error).message}`);
    }
  };

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    try {
      const files = await pathsFromDrop(event);
      if (files.length === 0) return;
      setDropped((current) => [...current, ...files]);
      setText(
        (current) =>
          `${current}${current && !current.endsWith(" ") ? " " : ""}${files.map((f) => quotePath(f.path)).join(" ")}`,
      );
      input.current?.focus();
    } catch (caught) {
      setError(`Could not use the dropped file: ${(caught as Error).message}`);
    }
  };

  const newChat = () => {
    localStorage.removeItem(SESSION_KEY);
    setSession(null);
    setText("");
    setError(null);
    input.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; keyboard users type or paste paths
    <div
      className={`chat ${dragging ? "dragging" : ""}`}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].some((t) => t === "Files" || t === "text/uri-list")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={(event) => void onDrop(event)}
    >
      <div className="chat-scroll">
        {turns.length === 0 && !sending && (
          <div className="welcome">
            <h1>What can I do for you?</h1>
            <p className="muted">
              Everyday commands run on this computer, offline. Anything that changes something asks you first.
            </p>
            <div className="examples">
              {EXAMPLES.map((example) => (
                <button
                  key={example}
                  type="button"
                  className="chip-button"
                  onClick={() => void send(example)}
                >
                  {example}
                </button>
              ))}
            </div>
          </div>
        )}
        {turns.map((turn) => (
          <Turn key={turn.runId} turn={turn} active={store.active.has(turn.runId)} />
        ))}
        {sending && !turns.some((t) => t.input === sending && t.status === "running") && (
          <section className="turn pending">
            <div className="bubble user">
              <p>{sending}</p>
            </div>
          </section>
        )}
        <div ref={bottom} />
      </div>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          Drop a file to give Jarvis its path
        </div>
      )}
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {dropped.length > 0 && (
          <ul className="dropped" aria-label="Dropped files">
            {dropped.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be dropped twice
              <li key={`${index}:${file.path}`} className="dropped-chip">
                <span className="dropped-name" title={file.path}>
                  {file.name}
                </span>
                {store.features.knowledge &&
                  (typeof file.knowledge === "object" ? (
                    <span className="muted" role="status">
                      {knowledgeStatus(store.runs.get(file.knowledge.runId)?.events ?? [])}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="link-button"
                      disabled={file.knowledge === "sending"}
                      aria-label={`Add ${file.name} to the knowledge base`}
                      onClick={() => void addToKnowledge(file)}
                    >
                      Add to knowledge base
                    </button>
                  ))}
              </li>
            ))}
            <li className="muted">path added to your message</li>
          </ul>
        )}
        <div className="composer-row">
          <label htmlFor="composer-input" className="visually-hidden">
            Message Jarvis
          </label>
          <textarea
            id="composer-input"
            ref={input}
            value={text}
            rows={1}
            placeholder="Ask Jarvis…"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            // biome-ignore lint/a11y/noAutofocus: the chat's one job is this box
            autoFocus
          />
          <PushToTalk
            sessionId={session}
            onSession={(id) => {
              localStorage.setItem(SESSION_KEY, id);
              setSession(id);
            }}
          />
          <button type="submit" className="button primary" disabled={!text.trim() || sending !== null}>
            Send
          </button>
        </div>
        <div className="composer-foot">
          <button type="button" className="link-button" onClick={newChat}>
            New chat
          </button>
          <span className="muted hints">
            Enter to send · Shift+Enter for a new line · drop a file to add its path
          </span>
        </div>
      </form>
    </div>
  );
}
