import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatSamples } from '../../audio/frames.js';
import { containsSignalForText, signalForText, silence } from '../../audio/test-signal.js';
import { apiFor, createAssistant } from '../../../../../test/helpers/assistants.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { callEnded, startEngineApp, type EngineApp } from '../../../../../test/helpers/voice-engine.js';
import { connectWebCaller, type WebCaller } from '../../../../../test/helpers/web-caller.js';

/**
 * A browser call through the real pipeline engine and its production adapters (fake Deepgram,
 * fake model, fake ElevenLabs): the page receives, beside the audio, the live events it draws
 * its transcript from, in the order things happened.
 */
let e: EngineApp;
let port: number;
const callers: WebCaller[] = [];
beforeAll(async () => {
  e = await startEngineApp();
  port = (e.t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const caller of callers) caller.ws.terminate();
  await e.close();
});

/** The socket URL points at PUBLIC_URL; the test reaches the same path on the local port. */
const localUrl = (websocketUrl: string) => {
  const url = new URL(websocketUrl);
  return `ws://127.0.0.1:${port}${url.pathname}${url.search}`;
};

describe('browser calls through the pipeline engine', () => {
  it('sends the page speaking, transcript and function_call events for the greeting, the caller and the reply', async () => {
    const user = await createUser(e.t.deps, { balanceUsd: 10 });
    const assistant = await createAssistant(apiFor(e.t, user.token), {
      status: 'active',
      initial_message: 'Hi there, this is the shop.',
      tools: [{ type: 'end_call' }],
    });
    e.deepgram.knowPhrases('That is all thanks');
    e.llm.reply({ toolCalls: [{ name: 'end_conversation', arguments: { reason: 'done' } }] }, { content: 'Goodbye, have a nice day!' });
    const res = await e.t.app.inject({
      method: 'POST',
      url: '/api/calls/web',
      remoteAddress: '198.51.100.77',
      payload: { assistant_id: assistant.uuid },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { call_id: callId, websocket_url: websocketUrl } = res.json();
    const listens = e.deepgram.listens.length;
    const connected = await connectWebCaller(localUrl(websocketUrl));
    if (!('caller' in connected)) throw new Error(`socket refused with ${connected.status}`);
    const caller = connected.caller;
    callers.push(caller);
    const listen = await e.deepgram.nextListen(listens);

    // The greeting: speaking when its first audio goes out, its transcript once it has played.
    await caller.waitForEvent((ev) => ev.type === 'transcript' && ev.role === 'assistant');
    expect(containsSignalForText(caller.heard(), 16_000, 'Hi there, this is the shop.')).toBe(true);
    expect(caller.events).toEqual([
      { type: 'speaking', role: 'assistant' },
      { type: 'transcript', role: 'assistant', text: 'Hi there, this is the shop.', final: true },
    ]);

    // The caller speaks: Deepgram's VAD, its interim word, then the final transcript.
    listen.speechStarted();
    await caller.waitForEvent((ev) => ev.type === 'speaking' && ev.role === 'user');
    caller.sendAudio(concatSamples([signalForText('That is all thanks', 16_000), silence(300, 16_000)]));

    // The model ends the call, then says goodbye; the page gets the reply and the end.
    expect(await caller.waitForEvent((ev) => ev.type === 'end')).toEqual({ type: 'end', reason: 'assistant_hangup' });
    await caller.closed;
    expect(containsSignalForText(caller.heard(), 16_000, 'Goodbye, have a nice day!')).toBe(true);
    expect(caller.events).toEqual([
      { type: 'speaking', role: 'assistant' },
      { type: 'transcript', role: 'assistant', text: 'Hi there, this is the shop.', final: true },
      { type: 'speaking', role: 'user' },
      { type: 'transcript', role: 'user', text: 'That', final: false },
      { type: 'transcript', role: 'user', text: 'That is all thanks', final: true },
      { type: 'function_call', name: 'end_conversation', arguments: { reason: 'done' }, result: { ended: true } },
      { type: 'speaking', role: 'assistant' },
      { type: 'transcript', role: 'assistant', text: 'Goodbye, have a nice day!', final: true },
      { type: 'end', reason: 'assistant_hangup' },
    ]);
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ type: 'web', status: 'ended_by_assistant', end_reason: 'end_call' });
    expect(row.transcript.map(({ sender, text }) => ({ sender, text }))).toEqual([
      { sender: 'bot', text: 'Hi there, this is the shop.' },
      { sender: 'human', text: 'That is all thanks' },
      { sender: 'bot', text: 'Goodbye, have a nice day!' },
    ]);
  });
});
