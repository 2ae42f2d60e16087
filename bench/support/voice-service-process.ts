/**
 * The process under measurement in `npm run bench -- voice`: the real app (pipeline engine, web
 * calls) and, beside it, a minimal reference pipeline doing only the unavoidable work of a turn
 * (STT socket -> streamed chat request to the first sentence -> speech request -> first frame to
 * the caller). Talks to the benchmark over IPC: `ready`, per-turn metrics, CPU usage on request.
 */
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDeps } from '../../src/deps.js';
import { bytesToPcm16, pcm16ToBytes } from '../../src/modules/calls/audio/frames.js';
import { createResampler } from '../../src/modules/calls/audio/resampler.js';
import type { TurnMetrics } from '../../src/modules/calls/engine/engine-metrics.js';
import { SEED_VOICE_IDS } from '../../src/modules/catalog/catalog.seed-voices.js';
import { SEED_IDS } from '../../src/modules/catalog/catalog.seed.js';
import { parseAssistantBody } from '../../src/modules/assistants/assistant-input.js';
import { createBenchDatabase } from './database.js';

const env = JSON.parse(process.env.BENCH_VOICE_ENV ?? '{}') as Record<string, string>;
const send = (message: Record<string, unknown>) => process.send?.(message);

const database = await createBenchDatabase();
const config = loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789', DATA_DIR: 'memory://', ...env });
const deps = await createDeps(config, {
  database: database.handle,
  logger: pino({ level: 'silent' }),
  callEngineHooks: { onTurnMetrics: (metrics: TurnMetrics) => send({ type: 'turn', metrics }) },
});
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });

const { user, apiKey } = await deps.services.accounts.createUser({ email: 'voice-bench@example.com', password: 'bench-password', balanceUsd: 1000 });
const assistant = async (initialMessage: string, overrides: Record<string, unknown> = {}) => {
  const body = {
    name: 'Voice bench', voice_id: SEED_VOICE_IDS.novaPipeline, language_id: SEED_IDS.english, type: 'inbound', mode: 'pipeline', llm_model_id: SEED_IDS.gpt4oMini, status: 'active',
    timezone: 'UTC', initial_message: initialMessage, system_prompt: 'You answer briefly.', max_duration: 1200, max_silence_duration: 360, ...overrides,
  };
  return (await deps.services.assistants.create(user.id, parseAssistantBody(body, 'create'))).uuid;
};
// The load phase: the assistant speaks on while the caller's audio streams in (the listener,
// the noise suppressor and the detectors still hear every frame).
const speaksOn = { allow_interruptions: false };

const reference = startReference(env);
await new Promise<void>((resolve) => (reference.address() ? resolve() : reference.once('listening', () => resolve())));
send({
  type: 'ready',
  port: (app.server.address() as AddressInfo).port,
  referencePort: (reference.address() as AddressInfo).port,
  token: apiKey.token,
  shortGreeting: await assistant('Hi.'),
  longGreeting: {
    deepgram: await assistant('Hello, LONG greeting.', speaksOn),
    openai: await assistant('Hello, LONG greeting.', { ...speaksOn, transcriber_provider_id: 5 }),
    // The fake realtime server has no VAD of its own: nothing interrupts it (nor may it be told not to).
    realtime: await assistant('Hello, LONG greeting.', { mode: 'multimodal', voice_id: SEED_VOICE_IDS.alloyMultimodal }),
  },
});

process.on('message', (message: { type?: string }) => {
  if (message.type === 'cpu') send({ type: 'cpu', usage: process.cpuUsage(), at: performance.now() });
  if (message.type === 'stop') void app.close().then(() => database.drop()).then(() => process.exit(0));
});

/** The reference: per caller socket, one STT socket; each final transcript is answered once. */
function startReference(settings: Record<string, string>): WebSocketServer {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (caller) => {
    const stt = new WebSocket(`${settings.DEEPGRAM_API_URL!.replace(/^http/, 'ws')}/v1/listen?encoding=linear16&sample_rate=16000`, { headers: { authorization: `Token ${settings.DEEPGRAM_API_KEY}` } });
    caller.on('message', (data) => {
      if (stt.readyState === WebSocket.OPEN) stt.send(data as Buffer);
    });
    caller.on('close', () => stt.close());
    stt.on('message', (data) => {
      const result = JSON.parse(data.toString()) as { type?: string; speech_final?: boolean; channel?: { alternatives?: Array<{ transcript?: string }> } };
      if (result.type === 'Results' && result.speech_final) void answer(caller, result.channel?.alternatives?.[0]?.transcript ?? '', settings);
    });
  });
  return wss;
}

async function answer(caller: WebSocket, text: string, settings: Record<string, string>): Promise<void> {
  const transcriptAt = performance.now();
  const llmRequestAt = performance.now();
  const chat = await fetch(`${settings.LLM_BASE_URL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'system', content: 'You answer briefly.' }, { role: 'user', content: text }] }),
  });
  const reader = chat.body!.getReader();
  const decoder = new TextDecoder();
  let written = '';
  let buffered = '';
  let llmFirstTokenAt: number | undefined;
  while (!/[.!?]\s/.test(written)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line.includes('[DONE]')) continue;
      const content = (JSON.parse(line.slice(6)) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content;
      if (content) {
        llmFirstTokenAt ??= performance.now();
        written += content;
      }
    }
  }
  const sentence = written.split(/(?<=[.!?])\s/)[0] ?? written;
  const ttsRequestAt = performance.now();
  const speech = await fetch(`${settings.SPEECH_BASE_URL}/audio/speech`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
    body: JSON.stringify({ model: 'tts', voice: 'nova', input: sentence, response_format: 'pcm' }),
  });
  const audio = speech.body!.getReader();
  const first = await audio.read();
  const ttsFirstFrameAt = performance.now();
  const samples = createResampler(24_000, 16_000).process(bytesToPcm16(first.value!.subarray(0, 960)));
  caller.send(pcm16ToBytes(samples), { binary: true });
  const firstFrameSentAt = performance.now();
  const totalMs = firstFrameSentAt - transcriptAt;
  const llmFirstTokenMs = (llmFirstTokenAt ?? ttsRequestAt) - llmRequestAt;
  const ttsFirstAudioMs = ttsFirstFrameAt - ttsRequestAt;
  send({ type: 'reference-turn', metrics: { callId: 0, totalMs, llmFirstTokenMs, ttsFirstAudioMs, serviceMs: totalMs - llmFirstTokenMs - ttsFirstAudioMs } });
  await reader.cancel().catch(() => undefined);
  await audio.cancel().catch(() => undefined);
}
