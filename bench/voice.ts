/**
 * Voice calls, on loopback, with the service in its own process (bench/support/voice-service-process.ts)
 * and the providers faked here (bench/support/voice-fakes.ts). The machine may be shared: treat
 * the figures as indicative, and compare the ratio and the per-call CPU across runs.
 *
 * (a) Latency the service adds per turn: from the fake STT's final transcript to the first audio
 *     frame sent to the caller, minus the model's time to first token and the synthesizer's time
 *     to first audio (the providers' own delays, as the service measured them). Compared with a
 *     minimal reference pipeline in the same process doing only the unavoidable hops.
 * (b) Simultaneous browser calls with real-time audio both ways (each caller sends 20 ms frames
 *     in real time; the assistant speaks continuously), on every transcriber path: Deepgram
 *     streaming, the OpenAI-compatible transcriber behind the local voice detector, and a
 *     realtime model: per path, with noise suppression off and on (the assistant's
 *     enable_noise_cancellation), the largest count whose outbound jitter stays under 20 ms at
 *     p99, and the service's CPU per call (all its threads). The pipeline paths run the engine's
 *     listener (WebRTC's detector, and the noise suppressor when it is on: Speex's, or RNNoise with
 *     VOICE_NOISE_SUPPRESSOR=rnnoise); a realtime model
 *     detects and denoises on its side. Compared with a bare relay in the same process doing only
 *     the unavoidable work of a call's audio. BENCH_VOICE_LEVELS, BENCH_VOICE_PATHS and
 *     BENCH_VOICE_NC=off|on narrow a run; BENCH_VOICE_PROFILE_DIR writes a CPU profile per window.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { TurnMetrics } from '../src/modules/calls/engine/engine-metrics.js';
import { speechLike } from '../src/modules/calls/audio/test-signal.js';
import { startVoiceFakes } from './support/voice-fakes.js';

const LLM_FIRST_TOKEN_MS = 40;
const TTS_FIRST_BYTE_MS = 25;
const LATENCY_CALLS = 8;
const TURNS_PER_CALL = 6;
const LOAD_LEVELS = (process.env.BENCH_VOICE_LEVELS ?? '25,50,100,150,200,250').split(',').map(Number);
const PATHS = (process.env.BENCH_VOICE_PATHS ?? 'deepgram,openai,realtime').split(',') as Array<'deepgram' | 'openai' | 'realtime'>;
/** Noise suppression off, then on (the assistant's enable_noise_cancellation); BENCH_VOICE_NC=off or on for one. */
const NC_SETTINGS = (process.env.BENCH_VOICE_NC ?? 'off,on').split(',').map((v) => v === 'on');
/** Simultaneous calls each path must hold under the jitter limit. */
const PATH_TARGETS = { deepgram: 100, openai: 50, realtime: 100 };
const NOISE_SUPPRESSION = process.env.VOICE_NOISE_SUPPRESSION ?? 'assistant';
/** The suppressor the pipeline paths run with noise suppression on (VOICE_NOISE_SUPPRESSOR). */
const SUPPRESSOR = process.env.VOICE_NOISE_SUPPRESSOR ?? 'speex';
const LOAD_WINDOW_MS = 6_000;
const JITTER_LIMIT_MS = 20;
const FRAME_MS = 20;

const fakes = await startVoiceFakes({ llmFirstTokenMs: LLM_FIRST_TOKEN_MS, ttsFirstByteMs: TTS_FIRST_BYTE_MS, longAudioMs: 45_000 });
const env = {
  DEEPGRAM_API_KEY: 'bench',
  DEEPGRAM_API_URL: fakes.sttUrl,
  SPEECH_BASE_URL: fakes.ttsBaseUrl,
  SPEECH_API_KEY: 'bench',
  LLM_BASE_URL: fakes.llmBaseUrl,
  LLM_API_KEY: 'bench',
  LLM_MAX_RETRIES: '0',
  VOICE_PRICE_PER_MINUTE_USD: '0.10',
  REALTIME_BASE_URL: fakes.realtimeBaseUrl,
  REALTIME_API_KEY: 'bench',
  VOICE_NOISE_SUPPRESSION: NOISE_SUPPRESSION,
  VOICE_NOISE_SUPPRESSOR: SUPPRESSOR,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};
const child: ChildProcess = fork(fileURLToPath(new URL('./support/voice-service-process.ts', import.meta.url)), {
  env: { ...process.env, BENCH_VOICE_ENV: JSON.stringify(env) },
  // e.g. BENCH_VOICE_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the service.
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_VOICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
});
const serviceTurns: TurnMetrics[] = [];
const referenceTurns: TurnMetrics[] = [];
const cpuWaiters: Array<(usage: { usage: NodeJS.CpuUsage; at: number }) => void> = [];
const ready = await new Promise<{
  port: number;
  referencePort: number;
  loadReferencePort: number;
  token: string;
  shortGreeting: string;
  variants: Record<string, string>;
}>((resolve) => {
  child.on(
    'message',
    (message: { type: string; metrics?: TurnMetrics; usage?: NodeJS.CpuUsage; at?: number } & Record<string, unknown>) => {
      if (message.type === 'ready') resolve(message as never);
      if (message.type === 'turn') serviceTurns.push(message.metrics!);
      if (message.type === 'reference-turn') referenceTurns.push(message.metrics!);
      if (message.type === 'cpu') cpuWaiters.shift()?.({ usage: message.usage!, at: message.at! });
    },
  );
});
const base = `http://127.0.0.1:${ready.port}`;

interface Caller {
  ws: WebSocket;
  arrivals: number[];
  receivedMs: number;
  opened: Promise<void>;
}

function openCaller(url: string): Caller {
  const ws = new WebSocket(url);
  const caller: Caller = {
    ws,
    arrivals: [],
    receivedMs: 0,
    opened: new Promise((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject))),
  };
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return;
    caller.arrivals.push(performance.now());
    caller.receivedMs += ((data as Buffer).length / 2 / 16_000) * 1000;
  });
  return caller;
}

async function webCall(assistantUuid: string): Promise<Caller> {
  const response = await fetch(`${base}/api/calls/web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ready.token}` },
    body: JSON.stringify({ assistant_id: assistantUuid }),
  });
  if (!response.ok) throw new Error(`web call refused: ${response.status} ${await response.text()}`);
  const { websocket_url } = (await response.json()) as { websocket_url: string };
  const caller = openCaller(websocket_url);
  await caller.opened;
  return caller;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** (a) turns on calls held one by one: greeting played, then a final transcript, reply audio awaited. */
async function latency(open: () => Promise<Caller>, turns: TurnMetrics[], settleMs: number): Promise<void> {
  for (let c = 0; c < LATENCY_CALLS; c++) {
    const sttSocket = fakes.nextSttSocket();
    const caller = await open();
    const stt = await sttSocket;
    await sleep(settleMs);
    for (let turn = 0; turn < TURNS_PER_CALL; turn++) {
      const before = turns.length;
      const heardBefore = caller.arrivals.length;
      fakes.finalTranscript(stt, `Question number ${turn + 1}?`);
      await until(() => turns.length > before && caller.arrivals.length > heardBefore, 10_000, 'the reply audio');
      // Let the reply play out, so the next transcript is a new turn, not a barge-in.
      await sleep(settleMs);
    }
    caller.ws.close();
  }
}

function summarise(label: string, turns: TurnMetrics[]) {
  const service = turns.map((t) => t.serviceMs);
  return {
    label,
    p50: percentile(service, 50),
    p99: percentile(service, 99),
    totalP50: percentile(
      turns.map((t) => t.totalMs),
      50,
    ),
    llmP50: percentile(
      turns.map((t) => t.llmFirstTokenMs),
      50,
    ),
    ttsP50: percentile(
      turns.map((t) => t.ttsFirstAudioMs),
      50,
    ),
    n: turns.length,
  };
}

/** The service's CPU so far; `label` starts a profile of the window (BENCH_VOICE_PROFILE_DIR), the next call ends it. */
async function cpu(label?: string): Promise<{ usage: NodeJS.CpuUsage; at: number }> {
  const answer = new Promise<{ usage: NodeJS.CpuUsage; at: number }>((resolve) => cpuWaiters.push(resolve));
  child.send({ type: 'cpu', label });
  return answer;
}

/**
 * RFC 3550 interarrival jitter of one call's outbound frames (sent every 20 ms): J += (|D| - J) / 16
 * with D the deviation of each gap from 20 ms; every running value is a sample.
 */
function jitter(arrivals: number[]): number[] {
  const out: number[] = [];
  let j = 0;
  for (let k = 1; k < arrivals.length; k++) {
    j += (Math.abs(arrivals[k]! - arrivals[k - 1]! - FRAME_MS) - j) / 16;
    out.push(j);
  }
  return out;
}

/** How late each outbound frame is against a steady 20 ms clock anchored on the call's earliest frame. */
function lateness(arrivals: number[]): number[] {
  if (arrivals.length < 2) return [];
  let anchor = Infinity;
  arrivals.forEach((at, k) => (anchor = Math.min(anchor, at - k * FRAME_MS)));
  return arrivals.map((at, k) => at - (anchor + k * FRAME_MS));
}

/** (b) N calls at once, audio both ways in real time; outbound lateness and service CPU over a window. */
async function load(count: number, open: () => Promise<Caller>, label: string) {
  const callers: Caller[] = [];
  const rampStart = performance.now();
  for (let i = 0; i < count; i += 10) callers.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, open))));
  const speech = speechLike(FRAME_MS, 16_000, 0.1);
  const frame = Buffer.from(speech.buffer, speech.byteOffset, speech.byteLength);
  const sender = setInterval(() => {
    for (const caller of callers) if (caller.ws.readyState === WebSocket.OPEN) caller.ws.send(frame, { binary: true });
  }, FRAME_MS);
  await until(() => callers.every((c) => c.arrivals.length > 10), 20_000, 'every call to speak');
  const rampMs = performance.now() - rampStart;
  await sleep(500);
  for (const caller of callers) caller.arrivals.length = 0;
  const before = await cpu(`${label}-${count}`);
  const benchBefore = process.cpuUsage();
  await sleep(LOAD_WINDOW_MS);
  const after = await cpu();
  const benchCpu = process.cpuUsage(benchBefore);
  clearInterval(sender);
  const late = callers.flatMap((c) => lateness(c.arrivals));
  const jitters = callers.flatMap((c) => jitter(c.arrivals));
  const receivedFrames = callers.reduce((n, c) => n + c.arrivals.length, 0);
  for (const caller of callers) caller.ws.close();
  const cpuMs = (after.usage.user + after.usage.system - before.usage.user - before.usage.system) / 1000;
  const wallMs = after.at - before.at;
  await sleep(1_500);
  return {
    count,
    jitterP50: percentile(jitters, 50),
    jitterP99: percentile(jitters, 99),
    lateP99: percentile(late, 99),
    lateMax: Math.max(...late),
    cpuPercentPerCall: (cpuMs / wallMs / count) * 100,
    cpuCores: cpuMs / wallMs,
    benchCores: (benchCpu.user + benchCpu.system) / 1000 / wallMs,
    rampMs,
    expectedFrames: (count * LOAD_WINDOW_MS) / FRAME_MS,
    receivedFrames,
  };
}

/** (a) the service's turns against the reference's, printed with their ratio. */
async function turnLatency(): Promise<void> {
  await latency(() => webCall(ready.shortGreeting), serviceTurns, 2_600);
  await latency(
    async () => {
      const caller = openCaller(`ws://127.0.0.1:${ready.referencePort}/`);
      await caller.opened;
      return caller;
    },
    referenceTurns,
    50,
  );
  const service = summarise('service', serviceTurns);
  const reference = summarise('reference', referenceTurns);
  console.log('\n(a) latency added per turn (final transcript -> first audio frame, minus model first token and synthesizer first audio)');
  for (const row of [service, reference]) {
    console.log(
      `  ${row.label.padEnd(9)} p50 ${fmt(row.p50)}  p99 ${fmt(row.p99)}  (n=${row.n}; end to end p50 ${fmt(row.totalP50)}, of which model ${fmt(row.llmP50)}, synthesizer ${fmt(row.ttsP50)})`,
    );
  }
  console.log(
    `  ratio service/reference at p50: ${(service.p50 / reference.p50).toFixed(2)}x; targets p50 <= 15 ms, p99 <= 50 ms: ${service.p50 <= 15 && service.p99 <= 50 ? 'met' : 'NOT met'}`,
  );
}

try {
  console.log(
    `voice bench: fake model first token ${LLM_FIRST_TOKEN_MS} ms, fake synthesizer first byte ${TTS_FIRST_BYTE_MS} ms, loopback only`,
  );
  if (process.env.BENCH_VOICE_SKIP_LATENCY !== '1') await turnLatency();

  console.log(
    `\n(b) simultaneous calls, real-time audio both ways (window ${LOAD_WINDOW_MS / 1000} s per level; VOICE_NOISE_SUPPRESSION=${NOISE_SUPPRESSION}, VOICE_NOISE_SUPPRESSOR=${SUPPRESSOR})`,
  );
  console.log(
    '    jitter: RFC 3550 interarrival jitter of outbound frames; lateness: behind a steady 20 ms clock (the line keeps 60 ms ahead, so under 60 ms nothing is heard)',
  );
  console.log(
    '    reference: a bare relay in the same process (each inbound frame forwarded to an STT socket, one shared 20 ms ticker sending each caller a ready frame)',
  );
  const openReference = async () => {
    const caller = openCaller(`ws://127.0.0.1:${ready.loadReferencePort}/`);
    await caller.opened;
    return caller;
  };
  const rows: Array<{ label: string; cpuPerCall: number; best: number; target: number | null }> = [];
  const measure = async (label: string, open: () => Promise<Caller>, target: number | null) => {
    console.log(`  ${label}`);
    let best = 0;
    let cpuPerCall = NaN;
    for (const count of LOAD_LEVELS) {
      const r = await load(count, open, label);
      const ok = r.jitterP99 < JITTER_LIMIT_MS && r.receivedFrames >= r.expectedFrames * 0.99;
      console.log(
        `  ${String(count).padStart(6)} calls: jitter p50 ${fmt(r.jitterP50)} p99 ${fmt(r.jitterP99)}; lateness p99 ${fmt(r.lateP99)} max ${fmt(r.lateMax)}; frames ${r.receivedFrames}/${r.expectedFrames}; service CPU ${(r.cpuCores * 100).toFixed(0)}% of a core = ${r.cpuPercentPerCall.toFixed(2)}% per call (callers and fakes: ${(r.benchCores * 100).toFixed(0)}%; ramp ${(r.rampMs / 1000).toFixed(1)} s) ${ok ? '' : '  <- over the limit'}`,
      );
      if (Number.isNaN(cpuPerCall)) cpuPerCall = r.cpuPercentPerCall;
      if (!ok) break;
      best = count;
    }
    rows.push({ label, cpuPerCall, best, target });
  };
  if (process.env.BENCH_VOICE_SKIP_REFERENCE !== '1') await measure('reference', openReference, null);
  for (const path of PATHS) {
    for (const nc of NC_SETTINGS) {
      const uuid = ready.variants[`${path}${nc ? '+nc' : ''}`]!;
      await measure(`${path}, noise suppression ${nc ? 'on' : 'off'}`, () => webCall(uuid), PATH_TARGETS[path]);
    }
  }
  const reference = rows.find((r) => r.label === 'reference');
  console.log(
    `\n  per path (CPU per call at the first level, ${LOAD_LEVELS[0]} calls; largest count with outbound jitter p99 < ${JITTER_LIMIT_MS} ms of ${LOAD_LEVELS.join(', ')}):`,
  );
  for (const row of rows) {
    const ratio =
      reference && row !== reference
        ? `  (${(row.cpuPerCall / reference.cpuPerCall).toFixed(1)}x the reference's CPU, ${reference.best ? (row.best / reference.best).toFixed(2) : '-'}x its calls)`
        : '';
    const verdict =
      row.target === null
        ? ''
        : `  CPU target <= 2: ${row.cpuPerCall <= 2 ? 'met' : 'NOT met'}; calls target >= ${row.target}: ${row.best >= row.target ? 'met' : 'NOT met'}`;
    console.log(
      `  ${row.label.padEnd(34)} ${row.cpuPerCall.toFixed(2).padStart(5)} % of a core per call, ${String(row.best).padStart(3)} calls${ratio}${verdict}`,
    );
  }
} finally {
  child.send({ type: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));
  await fakes.close();
}
process.exit(0);
