// Push-to-talk capture (an AudioWorklet, plain JS: it is loaded as is). Mixes the input to mono
// and posts it to the page in ~20 ms batches; the page resamples to 16 kHz and sends it.
const BATCH = 1024;

class JarvisCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buffer = new Float32Array(BATCH);
    this.filled = 0;
  }

  process(inputs) {
    const channels = inputs[0] ?? [];
    const first = channels[0];
    if (!first) return true;
    for (let i = 0; i < first.length; i++) {
      let sum = 0;
      for (const channel of channels) sum += channel[i] ?? 0;
      this.buffer[this.filled++] = sum / channels.length;
      if (this.filled === BATCH) {
        this.port.postMessage(this.buffer.slice());
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor("jarvis-capture", JarvisCapture);
