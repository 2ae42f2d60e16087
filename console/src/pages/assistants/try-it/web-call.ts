import { readSession } from '../../../api/session.js';
import { apiErrorFrom } from '../../../api/errors.js';

const RATE = 16_000;

export interface CallEvents {
  onStatus: (text: string, state: 'starting' | 'connected' | 'ended') => void;
  onTranscript: (role: 'user' | 'assistant', text: string, final: boolean) => void;
}

/**
 * A free test call from this browser, as the /call test page and the widget place it: POST
 * /api/calls/web with the owner's token, then the microphone as 16 kHz PCM16 over the call's
 * WebSocket (same origin), and what comes back played as it arrives.
 */
export async function startWebCall(assistantUuid: string, events: CallEvents): Promise<{ hangUp: () => void; receivedMs: () => number }> {
  const session = readSession();
  const response = await fetch('/api/calls/web', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    body: JSON.stringify({ assistant_id: assistantUuid }),
  });
  const body = (await response.json().catch(() => undefined)) as { websocket_url?: string } | undefined;
  if (!response.ok || !body?.websocket_url) throw apiErrorFrom(body, response.status);

  let socket: WebSocket | null = null;
  let context: AudioContext | null = null;
  let microphone: MediaStream | null = null;
  let playhead = 0;
  let received = 0;
  let ended = false;
  const playing = new Set<AudioBufferSourceNode>();

  const finish = (text: string) => {
    if (ended) return;
    ended = true;
    events.onStatus(text, 'ended');
    microphone?.getTracks().forEach((track) => track.stop());
    // Give the server the end event before the socket goes.
    const closing = socket;
    if (closing && closing.readyState <= WebSocket.OPEN) setTimeout(() => closing.close(), 500);
    setTimeout(() => void context?.close(), 600);
  };

  try {
    context = new AudioContext();
    await context.audioWorklet.addModule('/call/assets/capture-worklet.js');
    microphone = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
  } catch (error) {
    // The call was placed but cannot be carried: open its socket only to end it.
    const unused = new WebSocket(body.websocket_url);
    unused.onopen = () => {
      unused.send(JSON.stringify({ type: 'end' }));
      unused.close();
    };
    finish('Call ended.');
    throw new Error(
      `The microphone could not be used: ${error instanceof Error ? error.message : String(error)}. Allow it in the browser's address bar, then try again.`,
    );
  }
  const audio = context;
  const mic = microphone;
  // Opened once the microphone is ready, with its handlers set before it can open.
  const live = new WebSocket(body.websocket_url);
  socket = live;
  live.binaryType = 'arraybuffer';
  events.onStatus('Connecting…', 'starting');

  live.onopen = () => {
    events.onStatus('On the call. Speak now.', 'connected');
    const capture = new AudioWorkletNode(audio, 'capture-16k');
    capture.port.onmessage = (message) => {
      if (live.readyState === WebSocket.OPEN) live.send(message.data as ArrayBuffer);
    };
    audio.createMediaStreamSource(mic).connect(capture);
  };
  live.onmessage = (message) => {
    if (typeof message.data === 'string') {
      const event = JSON.parse(message.data) as {
        type: string;
        role?: 'user' | 'assistant';
        text?: string;
        final?: boolean;
        reason?: string;
      };
      if (event.type === 'transcript' && event.role) events.onTranscript(event.role, event.text ?? '', Boolean(event.final));
      else if (event.type === 'clear') {
        for (const source of playing) source.stop();
        playing.clear();
        playhead = audio.currentTime;
      } else if (event.type === 'end') finish(`Call ended (${event.reason ?? 'ended'}).`);
      return;
    }
    const samples = new Int16Array(message.data as ArrayBuffer);
    const buffer = audio.createBuffer(1, samples.length, RATE);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i]! / 0x8000;
    const source = audio.createBufferSource();
    source.buffer = buffer;
    source.connect(audio.destination);
    playhead = Math.max(playhead, audio.currentTime + 0.02);
    source.start(playhead);
    playhead += buffer.duration;
    playing.add(source);
    source.onended = () => playing.delete(source);
    received += (samples.length / RATE) * 1000;
  };
  live.onclose = () => finish('Call ended.');
  return {
    hangUp: () => {
      if (live.readyState === WebSocket.OPEN) live.send(JSON.stringify({ type: 'end' }));
      finish('Call ended.');
    },
    receivedMs: () => received,
  };
}
