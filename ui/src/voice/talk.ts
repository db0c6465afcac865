import { MicCapture } from "./capture";
import { ClipPlayer } from "./playback";

/** The push-to-talk protocol version this page speaks (the server refuses others). */
export const VOICE_PROTOCOL = 1;

/** What push-to-talk needs from the live connection (`LiveStore`). */
export interface VoiceLink {
  send(message: Record<string, unknown>): Promise<Record<string, unknown>>;
  sendBinary(data: ArrayBuffer): boolean;
  onMessage(listener: (message: Record<string, unknown> | ArrayBuffer) => void): () => void;
}

export type Phase = "idle" | "starting" | "listening" | "answer" | "transcribing" | "thinking" | "speaking";

export interface TalkSnapshot {
  phase: Phase;
  /** The button is down (or clicked on): the user is talking to Jarvis. */
  capturing: boolean;
  /** The microphone stays open while Jarvis answers: talking over the answer interrupts it. */
  handsFree: boolean;
  heard?: string;
  note?: string;
  error?: string;
  clipsReceived: number;
  clipsPlayed: number;
  chimes: number;
}

const SERVER_PHASE: Record<string, Phase> = {
  idle: "idle",
  listening: "listening",
  transcribing: "transcribing",
  turn: "thinking",
  speaking: "speaking",
};

/**
 * Push-to-talk in the page: `press()` opens the microphone and streams 16 kHz PCM between
 * `voice_start` and `voice_end`; the server's voice events drive the phase; spoken clips are
 * played as they come. Pressing while Jarvis speaks stops the playback here at once and
 * interrupts it there. When the server stops listening on its own (end of speech, a limit),
 * the press ends.
 *
 * Hands-free barge-in (when the server offers it): the microphone stays open for the whole
 * conversation, echo-cancelled. While Jarvis speaks, audio streams as a `bargeIn` stretch; the
 * server's VAD hears speech over the answer, the page stops playback (`barge_in`) and the
 * follow-up is heard without a press. The microphone closes when the conversation is idle.
 */
export class PushToTalk {
  private snapshot: TalkSnapshot = {
    phase: "idle",
    capturing: false,
    handsFree: false,
    clipsReceived: 0,
    clipsPlayed: 0,
    chimes: 0,
  };
  private mic: MicCapture | undefined;
  private pressing = false;
  /** The server offers barge-in by voice (from the last press's ack). */
  private bargeIn = false;
  /** Streaming over an answer (a `bargeIn` stretch is open on the server). */
  private monitoring = false;
  /** Audio captured before `voice_start` was sent (sent right after it). */
  private early: Int16Array[] | undefined;
  private expectClip = false;
  private readonly player: ClipPlayer;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly link: VoiceLink,
    private readonly options: { sessionId(): string | null; onSession(sessionId: string): void },
  ) {
    this.player = new ClipPlayer(() => this.update({}));
  }

  /** Starts receiving from the connection; the returned function stops it (and any talking). */
  attach(): () => void {
    const unsubscribe = this.link.onMessage((message) => this.receive(message));
    return () => {
      unsubscribe();
      this.closeMic(true);
      this.player.stop();
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get state(): TalkSnapshot {
    return this.snapshot;
  }

  private update(change: Partial<TalkSnapshot>): void {
    this.snapshot = {
      ...this.snapshot,
      ...change,
      clipsReceived: this.player.received,
      clipsPlayed: this.player.played,
      chimes: this.player.chimes,
    };
    for (const listener of this.listeners) listener();
  }

  get capturing(): boolean {
    return this.pressing;
  }

  async press(): Promise<void> {
    if (this.pressing) return;
    this.pressing = true;
    this.monitoring = false; // the press takes over the stream (the server ends that stretch)
    this.player.unlock();
    this.player.stop(); // barge-in: silence now, the server is told by voice_start
    this.update({ phase: "starting", capturing: true, error: undefined, note: undefined, heard: undefined });
    if (!this.mic) {
      this.early = [];
      let mic: MicCapture;
      try {
        mic = await MicCapture.open((pcm) => this.onAudio(pcm));
      } catch (error) {
        this.pressing = false;
        this.early = undefined;
        this.update({ phase: "idle", capturing: false, error: micError(error) });
        return;
      }
      if (!this.pressing) {
        mic.stop(); // let go before the microphone opened
        this.early = undefined;
        this.update({ phase: "idle", capturing: false });
        return;
      }
      this.mic = mic;
    }
    const sessionId = this.options.sessionId();
    // Audio follows on the same socket right away: the server orders it after this message.
    this.link.send({ type: "voice_start", v: VOICE_PROTOCOL, ...(sessionId ? { sessionId } : {}) }).then(
      (ack) => {
        const voice = (ack.voice ?? {}) as { bargeIn?: boolean };
        this.bargeIn = voice.bargeIn === true;
        // Already listening (for a yes/no) emits no new state: the ack says it is on.
        if (this.snapshot.phase === "starting") this.update({ phase: "listening" });
      },
      (error: Error) => {
        this.closeMic(false);
        this.update({ phase: "idle", error: error.message });
      },
    );
    for (const pcm of this.early ?? []) this.link.sendBinary(pcm.buffer as ArrayBuffer);
    this.early = undefined;
  }

  private onAudio(pcm: Int16Array): void {
    if (!this.pressing && !this.monitoring) return;
    if (this.early)
      this.early.push(pcm); // before voice_start went out
    else this.link.sendBinary(pcm.buffer as ArrayBuffer);
  }

  /** Button up (or Jarvis stopped listening): the rest of the audio, then `voice_end`. */
  release(): void {
    if (!this.pressing) return;
    this.endPress();
  }

  /** Ends the press; hands-free, the microphone stays open for the answer. */
  private endPress(): void {
    if (!this.bargeIn) {
      this.closeMic(true);
      return;
    }
    this.mic?.flush();
    this.pressing = false;
    void this.link.send({ type: "voice_end" }).catch(() => undefined);
    this.update({ capturing: false });
  }

  /** Jarvis speaks: stream over the answer so talking interrupts it. */
  private startMonitor(): void {
    if (!this.mic || this.pressing || this.monitoring) return;
    this.monitoring = true;
    this.update({ handsFree: true });
    this.link.send({ type: "voice_start", v: VOICE_PROTOCOL, bargeIn: true }).then(
      (ack) => {
        const voice = (ack.voice ?? {}) as { monitoring?: boolean };
        if (voice.monitoring === false && this.monitoring && !this.pressing) this.closeMic(false);
      },
      () => {
        if (this.monitoring && !this.pressing) this.closeMic(false);
      },
    );
  }

  private endMonitor(): void {
    if (!this.monitoring) return;
    this.mic?.flush();
    this.monitoring = false;
    void this.link.send({ type: "voice_end" }).catch(() => undefined);
  }

  private closeMic(tellServer: boolean): void {
    const mic = this.mic;
    this.mic = undefined;
    mic?.stop(); // flushes the last chunk while still pressing
    const streaming = this.pressing || this.monitoring;
    this.pressing = false;
    this.monitoring = false;
    if (tellServer && mic && streaming) void this.link.send({ type: "voice_end" }).catch(() => undefined);
    this.update({ capturing: false, handsFree: false });
  }

  private receive(message: Record<string, unknown> | ArrayBuffer): void {
    if (message instanceof ArrayBuffer) {
      if (!this.expectClip) return;
      this.expectClip = false;
      void this.player
        .play(message)
        .catch(() => this.update({ note: "a spoken answer could not be played" }));
      return;
    }
    switch (message.type) {
      case "voice":
        this.onVoiceEvent(message.event as Record<string, unknown>);
        break;
      case "voice_audio":
        this.expectClip = true;
        break;
      case "voice_stop":
        this.player.stop();
        break;
      case "voice_turn":
        if (typeof message.sessionId === "string") this.options.onSession(message.sessionId);
        break;
      case "voice_error": {
        const error = message.error as { message?: string } | undefined;
        if (this.pressing || this.monitoring) this.closeMic(true);
        this.update({ error: error?.message ?? "push-to-talk failed" });
        break;
      }
      default:
        break;
    }
  }

  private onVoiceEvent(event: Record<string, unknown>): void {
    switch (event.type) {
      case "state": {
        const phase = SERVER_PHASE[String(event.state)] ?? "idle";
        // Jarvis stopped listening (end of speech, nothing heard): the press ends.
        if (phase !== "listening" && this.pressing && this.snapshot.phase !== "starting") this.endPress();
        if (phase === "speaking") this.startMonitor();
        else if (phase !== "listening") this.endMonitor();
        // The conversation is over: the microphone goes off.
        if (phase === "idle" && !this.pressing) this.closeMic(false);
        const waitingForAnswer = phase === "listening" && !this.pressing && !this.monitoring;
        this.update({ phase: waitingForAnswer ? "answer" : phase });
        break;
      }
      case "barge_in":
        // Jarvis heard speech over its answer: silence here at once (voice_stop follows).
        this.player.stop();
        break;
      case "activated":
        // The button is the wake word: the same chime says Jarvis is listening.
        this.player.chime();
        this.update({ phase: "listening", heard: undefined, note: undefined });
        break;
      case "transcript":
        this.update({ heard: String(event.text ?? "") || "(not understood)" });
        break;
      case "listen_timeout":
        this.update({ note: "I didn't hear anything." });
        break;
      case "confirm_prompt":
        this.update({
          note: this.mic
            ? "Answer yes or no: just say it (or use the dialog)."
            : "Answer yes or no: hold the button and say it (or use the dialog).",
        });
        break;
      case "confirm_answer":
        this.update({
          note: `Heard “${String(event.heard || "nothing")}”: ${event.answer === "approve" ? "approved" : "denied"}.`,
        });
        break;
      case "error":
        this.update({ error: String(event.message ?? "voice error") });
        break;
      default:
        break;
    }
  }

  /** The socket dropped: the server forgot this press and its conversation. */
  connectionLost(): void {
    if (this.snapshot.phase === "idle" && !this.pressing && !this.mic) return;
    this.closeMic(false);
    this.player.stop();
    this.expectClip = false;
    this.update({ phase: "idle", error: "The connection to Jarvis dropped; press again when it is back." });
  }
}

function micError(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError")
    return "Microphone access was denied; allow it in the browser to talk to Jarvis.";
  if (name === "NotFoundError") return "No microphone was found.";
  return (error as Error)?.message ?? "The microphone could not be opened.";
}
