import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse.js';

describe('server-sent events from a chunked stream', () => {
  it('gives each complete event once, across chunk boundaries', () => {
    const feed = createSseParser();
    expect(feed('event: token\ndata: {"content":"Hel"}\n\nevent: tok')).toEqual([{ event: 'token', data: { content: 'Hel' } }]);
    expect(feed('en\ndata: {"content":"lo"}\r\n\r\n: keep-alive\n\n')).toEqual([{ event: 'token', data: { content: 'lo' } }]);
    expect(feed('event: done\ndata: {"status":true,"message":"Hello"}\n\n')).toEqual([
      { event: 'done', data: { status: true, message: 'Hello' } },
    ]);
  });
});
