import { afterEach, describe, expect, it } from 'vitest';
import type { CallMedia } from '../../legs/media.types.js';
import { AudioOut } from './audio-out.js';

/** A leg that records what it is given; marks come back only when the test says they played. */
function recordingLeg() {
  const given: Array<'frame' | string> = [];
  const media: CallMedia = {
    send: () => void given.push('frame'),
    clear: () => undefined,
    mark: (name) => void given.push(name),
    playedMs: () => 0,
    close: async () => undefined,
    setHandlers: () => undefined,
  };
  return { media, given };
}

const outs: AudioOut[] = [];
afterEach(() => {
  for (const out of outs.splice(0)) out.stop();
});

describe('AudioOut.whenPlayed', () => {
  it('marks the line after what is queued, and resolves when the leg reports that mark', async () => {
    const leg = recordingLeg();
    const out = new AudioOut(leg.media, { ambient: null, recorder: null, leadMs: 1_000 });
    outs.push(out);
    out.enqueue(new Int16Array(320));
    out.enqueue(new Int16Array(320));
    let played = false;
    void out.whenPlayed().then(() => (played = true));
    expect(leg.given).toEqual(['frame', 'frame', 'played-1']);
    expect(out.marked('u7')).toBe(false);
    await Promise.resolve();
    expect(played).toBe(false);
    expect(out.marked('played-1')).toBe(true);
    await Promise.resolve();
    expect(played).toBe(true);
  });

  it('resolves at once when the line is cleared (barge-in) or stopped, whose marks never come back', async () => {
    const leg = recordingLeg();
    const out = new AudioOut(leg.media, { ambient: null, recorder: null, leadMs: 0 });
    outs.push(out);
    for (let i = 0; i < 50; i++) out.enqueue(new Int16Array(320));
    const cleared = out.whenPlayed();
    out.clear();
    await expect(cleared).resolves.toBeUndefined();
    for (let i = 0; i < 50; i++) out.enqueue(new Int16Array(320));
    const stopped = out.whenPlayed();
    out.stop();
    await expect(stopped).resolves.toBeUndefined();
    await expect(out.whenPlayed()).resolves.toBeUndefined();
  });
});
