import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLive } from "../hooks";
import { live } from "../live";
import "../styles/voice.css";
import { type Phase, PushToTalk as Talk } from "../voice/talk";

/** A press shorter than this is a click: it toggles (click to start, click again to stop). */
const CLICK_MS = 300;

const STATUS: Record<Phase, string> = {
  idle: "",
  starting: "Opening the microphone…",
  listening: "Listening…",
  answer: "Jarvis is waiting for your yes or no — hold to answer",
  transcribing: "Transcribing…",
  thinking: "Working on it…",
  speaking: "Speaking… (press to interrupt)",
};

function typingInto(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return (
    element.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A"].includes(element.tagName) ||
    element.closest("[role=dialog]") !== null
  );
}

/**
 * The push-to-talk button beside the chat box: hold to talk (mouse, touch, or the Space bar
 * when not typing), or click to start and click again to stop; Enter/Space on the focused
 * button toggles too. What Jarvis hears and says shows in the chat like a typed command.
 */
export function PushToTalk({
  sessionId,
  onSession,
}: {
  sessionId: string | null;
  onSession(sessionId: string): void;
}) {
  const session = useRef(sessionId);
  session.current = sessionId;
  const adopt = useRef(onSession);
  adopt.current = onSession;
  const [talk] = useState(
    () => new Talk(live, { sessionId: () => session.current, onSession: (id) => adopt.current(id) }),
  );
  const state = useSyncExternalStore(talk.subscribe, () => talk.state);
  const press = useRef<{ at: number; wasOn: boolean } | undefined>(undefined);

  useEffect(() => talk.attach(), [talk]);
  const { connection } = useLive();
  useEffect(() => {
    if (connection !== "open") talk.connectionLost();
  }, [connection, talk]);

  // Space bar held anywhere but in a field, a button or a dialog: talk while it is down.
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.key !== " " || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingInto(event.target)) return;
      event.preventDefault();
      void talk.press();
    };
    const up = (event: KeyboardEvent) => {
      if (event.key !== " " || typingInto(event.target)) return;
      talk.release();
    };
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    return () => {
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, [talk]);

  const handsFreeStatus =
    state.handsFree && state.phase === "speaking" ? "Speaking… (talk or press to interrupt)" : undefined;
  const status = state.error ?? state.note ?? handsFreeStatus ?? STATUS[state.phase];
  const showHeard = state.heard && state.phase !== "listening" && state.phase !== "starting";
  const heard = showHeard ? `You said: “${state.heard}”` : "";
  const label = state.capturing ? "Stop talking" : "Push to talk";
  return (
    <div
      className={`ptt phase-${state.phase}`}
      data-phase={state.phase}
      data-clips={state.clipsReceived}
      data-clips-played={state.clipsPlayed}
      data-chimes={state.chimes}
      data-hands-free={state.handsFree}
    >
      <button
        type="button"
        className={`button ptt-button ${state.capturing ? "capturing" : ""}`}
        aria-pressed={state.capturing}
        aria-label={label}
        title="Hold to talk, or click to start and stop (Space bar when you are not typing)"
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          press.current = { at: event.timeStamp, wasOn: talk.capturing };
          if (!talk.capturing) void talk.press();
        }}
        onPointerUp={(event) => {
          const down = press.current;
          press.current = undefined;
          if (!down) return;
          // A tap on a talking button stops it; a hold ends when let go; a click leaves it on.
          // Measured between the input events' own timestamps, not when the handlers run: the
          // press handler opens audio (an AudioContext, a re-render), which on a busy machine
          // takes longer than a click, and a click measured that way became a hold released
          // before the microphone opened.
          if (down.wasOn || event.timeStamp - down.at >= CLICK_MS) talk.release();
        }}
        onPointerCancel={() => talk.release()}
        onClick={(event) => {
          if (event.detail !== 0) return; // pointer clicks are handled above
          if (talk.capturing) talk.release();
          else void talk.press();
        }}
      >
        {state.capturing ? <StopIcon /> : <MicIcon />}
      </button>
      <span className="ptt-status" role="status" aria-live="polite">
        {[heard, status].filter(Boolean).join(" · ")}
      </span>
    </div>
  );
}

function MicIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="ptt-icon">
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 10v1a7 7 0 0 0 14 0v-1M12 18v4M8 22h8" />
    </svg>
  );
}

function StopIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="ptt-icon stop">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </svg>
  );
}
