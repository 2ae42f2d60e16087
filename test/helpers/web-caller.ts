import WebSocket from 'ws';
import { bytesToPcm16, concatSamples } from '../../src/modules/calls/audio/frames.js';

export interface WebCallerEvent {
  type: string;
  [key: string]: unknown;
}

/** A browser call's page as seen on the wire: what it heard, the events it got, and its controls. */
export interface WebCaller {
  ws: WebSocket;
  /** Binary frames received, in order. */
  frames: Int16Array[];
  events: WebCallerEvent[];
  heard(): Int16Array;
  sendAudio(samples: Int16Array): void;
  hangUp(): void;
  closed: Promise<{ code: number }>;
  /** Resolves once an event matching `predicate` has arrived (or already had). */
  waitForEvent(predicate: (event: WebCallerEvent) => boolean): Promise<WebCallerEvent>;
  waitForAudioMs(ms: number): Promise<void>;
}

/** Opens a browser call socket; resolves the HTTP status instead when the upgrade is refused. */
export function connectWebCaller(url: string, options: { origin?: string } = {}): Promise<{ caller: WebCaller } | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options.origin ? { origin: options.origin } : {});
    const frames: Int16Array[] = [];
    const events: WebCallerEvent[] = [];
    const waiters: Array<() => void> = [];
    const notify = () => waiters.splice(0).forEach((w) => w());
    ws.on('message', (data, isBinary) => {
      if (isBinary) frames.push(bytesToPcm16(data as Buffer));
      else events.push(JSON.parse(data.toString()) as WebCallerEvent);
      notify();
    });
    const closed = new Promise<{ code: number }>((r) => ws.on('close', (code) => r({ code })));
    ws.on('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('error', (error) => {
      if (ws.readyState !== WebSocket.CLOSED) reject(error);
    });
    const until = (check: () => boolean) =>
      new Promise<void>((r) => {
        const probe = () => (check() ? r() : waiters.push(probe));
        probe();
      });
    const caller: WebCaller = {
      ws,
      frames,
      events,
      heard: () => concatSamples(frames),
      sendAudio(samples) {
        ws.send(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), { binary: true });
      },
      hangUp: () => ws.send(JSON.stringify({ type: 'end' })),
      closed,
      async waitForEvent(predicate) {
        await until(() => events.some(predicate));
        return events.find(predicate)!;
      },
      waitForAudioMs: (ms) => until(() => frames.reduce((n, f) => n + f.length, 0) >= (ms * 16_000) / 1000),
    };
    ws.on('open', () => resolve({ caller }));
  });
}
