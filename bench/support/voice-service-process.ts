/**
 * The process under measurement in `npm run bench -- voice`: the real app (pipeline engine, web
 * calls) and, beside it, a minimal reference pipeline doing only the unavoidable work of a turn
 * (STT socket -> streamed chat request to the first sentence -> speech request -> first frame to
 * the caller). Talks to the benchmark over IPC: `ready`, per-turn metrics, CPU usage on request.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
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
const config = loadConfig({
  LOG_LEVEL: 'silent',
  SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789',
  DATA_DIR: 'memory://',
  ...env,
});
const deps = await createDeps(config, {
  database: database.handle,
  logger: pino({ level: 'silent' }),
  callEngineHooks: { onTurnMetrics: (metrics: TurnMetrics) => send({ type: 'turn', metrics }) },
});
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });

const { user, apiKey } = await deps.services.accounts.createUser({
  email: 'voice-bench@example.com',
  password: 'bench-password',
  balanceUsd: 1000,
});
const assistant = async (initialMessage: string, overrides: Record<string, unknown> = {}) => {
  const body = {
    name: 'Voice bench',
    voice_id: SEED_VOICE_IDS.novaPipeline,
    language_id: SEED_IDS.english,
    type: 'inbound',
    mode: 'pipeline',
    llm_model_id: SEED_IDS.gpt4oMini,
    status: 'active',
    timezone: 'UTC',
    initial_message: initialMessage,
    system_prompt: 'You answer briefly.',
    max_duration: 1200,
    max_silence_duration: 360,
    ...overrides,
  };
  // An override of undefined removes the field (a realtime assistant must not name a chat model).
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete (body as Record<string, unknown>)[key];
  return (await deps.services.assistants.create(user.id, parseAssistantBody(body, 'create'), { kind: 'system', label: 'bench' })).uuid;
};
// The load phase: the assistant speaks on while the caller's audio streams in (the listener,
// the noise suppressor and the detectors still hear every frame).
const speaksOn = { allow_interruptions: false };

const reference = startReference(env);
const loadReference = startLoadReference(env);
for (const server of [reference, loadReference])
  await new Promise<void>((resolve) => (server.address() ? resolve() : server.once('listening', () => resolve())));
const variants: Record<string, string> = {};
for (const noiseCancellation of [false, true]) {
  const nc = { enable_noise_cancellation: noiseCancellation };
  const suffix = noiseCancellation ? '+nc' : '';
  variants[`deepgram${suffix}`] = await assistant('Hello, LONG greeting.', { ...speaksOn, ...nc });
  variants[`openai${suffix}`] = await assistant('Hello, LONG greeting.', { ...speaksOn, ...nc, transcriber_provider_id: 5 });
  // The fake realtime server has no VAD of its own: nothing interrupts it (nor may it be told not to).
  // Its noise reduction is the provider's (asked in session.update): no local work either way.
  variants[`realtime${suffix}`] = await assistant('Hello, LONG greeting.', {
    ...nc,
    mode: 'multimodal',
    voice_id: SEED_VOICE_IDS.alloyMultimodal,
    llm_model_id: undefined,
    multimodal_model_id: SEED_IDS.gpt4oRealtime,
  });
}
send({
  type: 'ready',
  port: (app.server.address() as AddressInfo).port,
  referencePort: (reference.address() as AddressInfo).port,
  loadReferencePort: (loadReference.address() as AddressInfo).port,
  token: apiKey.token,
  shortGreeting: await assistant('Hi.'),
  variants,
});

// BENCH_VOICE_PROFILE_DIR: a CPU profile of each measured window (between two `cpu` requests).
const profileDir = process.env.BENCH_VOICE_PROFILE_DIR;
const inspector = profileDir ? new Session() : null;
inspector?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    inspector!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
  );
let profiling: string | null = null;

process.on('message', (message: { type?: string; label?: string }) => {
  if (message.type === 'cpu') {
    send({ type: 'cpu', usage: process.cpuUsage(), at: performance.now() });
    if (!inspector) return;
    if (profiling) {
      const label = profiling;
      profiling = null;
      void post('Profiler.stop').then((result) =>
        writeFileSync(`${profileDir}/${label}.cpuprofile`, JSON.stringify((result as { profile: unknown }).profile)),
      );
    } else if (message.label) {
      profiling = message.label;
      void post('Profiler.enable').then(() => post('Profiler.start'));
    }
  }
  if (message.type === 'stop')
    void app
      .close()
      .then(() => database.drop())
      .then(() => process.exit(0));
});

/**
 * The load phase's minimal reference: the unavoidable work of a call's audio and nothing else.
 * Per caller socket, one STT socket each inbound frame is forwarded to; one shared 20 ms ticker
 * sends every caller a ready-made frame.
 */
function startLoadReference(settings: Record<string, string>): WebSocketServer {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const frame = Buffer.alloc(640, 1);
  // Per caller: frames sent since the ticker's anchor (a caller joining later starts at the current tick).
  const callers = new Map<WebSocket, number>();
  let ticker: NodeJS.Timeout | null = null;
  let anchor = 0;
  // Anchored on the clock, as a real line must be: a late tick sends what is due (setInterval drifts).
  const tick = () => {
    const due = Math.floor((performance.now() - anchor) / 20) + 1;
    for (const [c, sent] of callers) {
      for (let k = sent; k < due; k++) c.send(frame, { binary: true });
      callers.set(c, due);
    }
  };
  wss.on('connection', (caller) => {
    const stt = new WebSocket(`${settings.DEEPGRAM_API_URL!.replace(/^http/, 'ws')}/v1/listen?encoding=linear16&sample_rate=16000`, {
      headers: { authorization: `Token ${settings.DEEPGRAM_API_KEY}` },
    });
    caller.on('message', (data) => {
      if (stt.readyState === WebSocket.OPEN) stt.send(data as Buffer);
    });
    if (!ticker) {
      anchor = performance.now();
      ticker = setInterval(tick, 20);
    }
    callers.set(caller, Math.floor((performance.now() - anchor) / 20));
    caller.on('close', () => {
      stt.close();
      callers.delete(caller);
      if (callers.size === 0 && ticker) {
        clearInterval(ticker);
        ticker = null;
      }
    });
  });
  return wss;
}

/** The reference: per caller socket, one STT socket; each final transcript is answered once. */
function startReference(settings: Record<string, string>): WebSocketServer {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (caller) => {
    const stt = new WebSocket(`${settings.DEEPGRAM_API_URL!.replace(/^http/, 'ws')}/v1/listen?encoding=linear16&sample_rate=16000`, {
      headers: { authorization: `Token ${settings.DEEPGRAM_API_KEY}` },
    });
    caller.on('message', (data) => {
      if (stt.readyState === WebSocket.OPEN) stt.send(data as Buffer);
    });
    caller.on('close', () => stt.close());
    stt.on('message', (data) => {
      const result = JSON.parse(data.toString()) as {
        type?: string;
        speech_final?: boolean;
        channel?: { alternatives?: Array<{ transcript?: string }> };
      };
      if (result.type === 'Results' && result.speech_final)
        void answer(caller, result.channel?.alternatives?.[0]?.transcript ?? '', settings);
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
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      stream: true,
      messages: [
        { role: 'system', content: 'You answer briefly.' },
        { role: 'user', content: text },
      ],
    }),
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
  send({
    type: 'reference-turn',
    metrics: { callId: 0, totalMs, llmFirstTokenMs, ttsFirstAudioMs, serviceMs: totalMs - llmFirstTokenMs - ttsFirstAudioMs },
  });
  await reader.cancel().catch(() => undefined);
  await audio.cancel().catch(() => undefined);
}
