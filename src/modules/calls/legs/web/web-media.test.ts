import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { tone } from '../../audio/test-signal.js';
import { connectWebCaller, type WebCaller } from '../../../../../test/helpers/web-caller.js';
import { WebCallMedia } from './web-media.js';

/** A WebCallMedia on a real socket pair, on a hand-moved playback clock. */
let server: Server | undefined;
let caller: WebCaller | undefined;

afterEach(async () => {
  caller?.ws.terminate();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

async function pair(now: () => number): Promise<{ media: WebCallMedia; caller: WebCaller; socket: WebSocket }> {
  server = createServer();
  const wss = new WebSocketServer({ server });
  const accepted = new Promise<WebSocket>((resolve) => wss.on('connection', resolve));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const result = await connectWebCaller(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  if (!('caller' in result)) throw new Error('refused');
  caller = result.caller;
  const socket = await accepted;
  return { media: new WebCallMedia(socket, { now }), caller, socket };
}

const frame = () => tone(500, 20, 16_000);

describe('WebCallMedia', () => {
  it('estimates playback by real time since sending, clears the browser queue, and fires pending marks at a clear', async () => {
    let nowMs = 1_000;
    const { media, caller } = await pair(() => nowMs);
    const marks: Array<{ name: string; playedMs: number }> = [];
    media.setHandlers({ onAudio: () => {}, onClose: () => {}, onMark: (name) => marks.push({ name, playedMs: media.playedMs() }) });
    for (let i = 0; i < 10; i++) media.send(frame());
    media.mark('sentence-1');
    expect(media.playedMs()).toBe(0);
    nowMs += 70;
    expect(media.playedMs()).toBe(70);
    media.clear();
    expect(marks).toEqual([{ name: 'sentence-1', playedMs: 70 }]);
    expect(media.playedMs()).toBe(70);
    nowMs += 500;
    expect(media.playedMs()).toBe(70);
    // New audio after the clear starts now, not behind the dropped queue.
    media.send(frame());
    nowMs += 20;
    expect(media.playedMs()).toBe(90);
    await caller.waitForEvent((e) => e.type === 'clear');
    await caller.waitForAudioMs(220);
    expect(caller.frames.map((f) => f.length)).toEqual(new Array(11).fill(320));
    expect(caller.events).toEqual([{ type: 'clear' }]);
  });

  it("cuts incoming audio of any chunk size into 20 ms engine frames, and ends on the page's end event", async () => {
    const { media, caller } = await pair(() => 0);
    const frames: Int16Array[] = [];
    const closed: string[] = [];
    media.setHandlers({ onAudio: (f) => frames.push(f), onClose: (reason) => closed.push(reason) });
    const audio = tone(700, 100, 16_000);
    // 100 ms sent as 3 uneven chunks, one of them splitting a sample across two messages.
    const bytes = Buffer.from(audio.buffer);
    for (const [from, to] of [
      [0, 999],
      [999, 2501],
      [2501, bytes.length],
    ] as const)
      caller.ws.send(bytes.subarray(from, to), { binary: true });
    caller.hangUp();
    await caller.closed;
    expect(frames.map((f) => f.length)).toEqual([320, 320, 320, 320, 320]);
    expect(Array.from(frames[2]!.subarray(0, 4))).toEqual(Array.from(audio.subarray(640, 644)));
    expect(closed).toEqual(['hangup']);
    expect(caller.events).toEqual([{ type: 'end', reason: 'hangup' }]);
    await media.close('ended');
    expect(caller.events).toHaveLength(1);
  });

  it("reports the page's keypad keys, one per dtmf event, and ignores anything else", async () => {
    const { media, caller } = await pair(() => 0);
    const keys: string[] = [];
    const closed = new Promise<void>((resolve) =>
      media.setHandlers({ onAudio: () => {}, onDtmf: (digit) => keys.push(digit), onClose: () => resolve() }),
    );
    for (const message of [
      { type: 'dtmf', digit: '4' },
      { type: 'dtmf', digit: '12' },
      { type: 'dtmf', digit: 5 },
      { type: 'dtmf' },
      { type: 'dtmf', digit: 'x' },
      { type: 'dtmf', digit: '#' },
    ]) {
      caller.ws.send(JSON.stringify(message));
    }
    caller.hangUp();
    await closed;
    expect(keys).toEqual(['4', '#']);
  });

  it('tells handlers set after the socket closed (the call was still being attached) that it has closed', async () => {
    const { media, caller, socket } = await pair(() => 0);
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    caller.ws.terminate();
    await socketClosed;
    const closed = new Promise<string>((resolve) => media.setHandlers({ onAudio: () => {}, onClose: resolve }));
    expect(await closed).toBe('hangup');
  });
});
