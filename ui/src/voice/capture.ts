// Never inlined: a data: URL would break the page's CSP (script-src 'self').
import workletUrl from "./capture-worklet.js?url&no-inline";
import { Resampler } from "./resample";

/** 40 ms of 16 kHz audio per WebSocket message (the server takes up to 1 s). */
const SEND_SAMPLES = 640;

/**
 * The microphone while the button is down (and, hands-free, while Jarvis answers): getUserMedia
 * (echo-cancelled) → AudioWorklet (ScriptProcessor where there is none) → 16 kHz int16 →
 * `onChunk` every 40 ms. `stop()` sends what is left and releases the microphone, so the
 * browser's recording indicator goes off between conversations.
 */
export class MicCapture {
  private pending: Int16Array[] = [];
  private pendingSamples = 0;
  private stopped = false;

  private constructor(
    private readonly stream: MediaStream,
    private readonly context: AudioContext,
    private readonly onChunk: (pcm: Int16Array) => void,
  ) {}

  static async open(onChunk: (pcm: Int16Array) => void): Promise<MicCapture> {
    if (!navigator.mediaDevices?.getUserMedia) {
      throw new Error(
        "this page cannot use the microphone here (it needs http://127.0.0.1, localhost or https)",
      );
    }
    // Noise suppression and gain control reshape speech enough to make the grammar recogniser
    // mishear ("five minutes" → "a minute" in 2 of 3 e2e runs; 5 of 5 right without them).
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: false, autoGainControl: false },
    });
    const context = new AudioContext();
    const capture = new MicCapture(stream, context, onChunk);
    try {
      await capture.connect();
    } catch (error) {
      capture.stop();
      throw error;
    }
    return capture;
  }

  private async connect(): Promise<void> {
    const { context } = this;
    if (context.state === "suspended") await context.resume();
    const source = context.createMediaStreamSource(this.stream);
    const resampler = new Resampler(context.sampleRate);
    const take = (samples: Float32Array) => this.collect(resampler.push(samples));
    if (context.audioWorklet) {
      await context.audioWorklet.addModule(workletUrl);
      const node = new AudioWorkletNode(context, "jarvis-capture", {
        numberOfOutputs: 1,
        outputChannelCount: [1],
      });
      node.port.onmessage = (event: MessageEvent<Float32Array>) => take(event.data);
      source.connect(node);
      // Connected to the output (silent: the worklet writes nothing) so the graph pulls it.
      node.connect(context.destination);
    } else {
      const processor = context.createScriptProcessor(2048, 1, 1);
      processor.onaudioprocess = (event) => take(event.inputBuffer.getChannelData(0).slice());
      source.connect(processor);
      processor.connect(context.destination);
    }
  }

  private collect(pcm: Int16Array): void {
    if (this.stopped || pcm.length === 0) return;
    this.pending.push(pcm);
    this.pendingSamples += pcm.length;
    if (this.pendingSamples >= SEND_SAMPLES) this.flush();
  }

  /** Sends what was collected so far (the end of a press while the microphone stays open). */
  flush(): void {
    if (this.pendingSamples === 0) return;
    const out = new Int16Array(this.pendingSamples);
    let offset = 0;
    for (const part of this.pending) {
      out.set(part, offset);
      offset += part.length;
    }
    this.pending = [];
    this.pendingSamples = 0;
    this.onChunk(out);
  }

  stop(): void {
    if (this.stopped) return;
    this.flush();
    this.stopped = true;
    for (const track of this.stream.getTracks()) track.stop();
    void this.context.close().catch(() => undefined);
  }
}
