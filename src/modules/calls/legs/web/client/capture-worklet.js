// Microphone capture: the context's rate (44.1/48 kHz) down to 16 kHz PCM16, posted in 20 ms frames.
const TARGET_RATE = 16000;
const FRAME_SAMPLES = 320;

class CaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.step = sampleRate / TARGET_RATE;
    this.position = 0;
    this.frame = new Int16Array(FRAME_SAMPLES);
    this.filled = 0;
    // A one-pole low-pass under 8 kHz before decimation, so high frequencies do not fold into speech.
    this.alpha = Math.min(1, (2 * Math.PI * 7000) / sampleRate);
    this.smoothed = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    for (let i = 0; i < channel.length; i++) {
      this.smoothed += this.alpha * (channel[i] - this.smoothed);
      this.position += 1;
      if (this.position < this.step) continue;
      this.position -= this.step;
      const s = Math.max(-1, Math.min(1, this.smoothed));
      this.frame[this.filled++] = s < 0 ? s * 0x8000 : s * 0x7fff;
      if (this.filled === FRAME_SAMPLES) {
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(FRAME_SAMPLES);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('capture-16k', CaptureProcessor);
