/**
 * Memory under sustained mixed traffic: the server runs as `npm start` runs it (its node flags; the compiled
 * build; SOAK_RUNTIME=tsx for the sources through tsx, SOAK_RUNTIME=dist for dist/ as it is, with
 * no rebuild) in its own process, with NODE_OPTIONS passed through, on a fresh
 * PostgreSQL database when DATABASE_URL is set, else on the embedded database in a temporary
 * DATA_DIR. Prints RSS and heap at start, after 10k requests, after knowledge uploads (text, PDF,
 * DOCX) and at the end of SOAK_SECONDS (default 600) of mixed traffic: authenticated reads,
 * assistant updates, validation errors and 404s, widget conversations with an instant fake model,
 * and a document uploaded and deleted every few seconds. The reference is a bare Fastify process
 * with the same database driver answering one query per request, measured the same way.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { runAdminStatement, withDatabaseName } from '../test/helpers/postgres.js';
import { assistantBody } from '../test/helpers/assistants.js';
import { buildPdf } from '../src/modules/knowledge/fixtures/pdf-builder.js';
import { buildDocx } from '../src/modules/knowledge/fixtures/docx-builder.js';
import {
  freePort,
  killedWithBenchmark,
  memoryOf,
  onInterrupt,
  spawnFakeLlm,
  startProcess,
  waitForHealth,
  type Memory,
} from './support/processes.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
// compiled: through the launcher, as `npm start` (builds when stale); dist: dist/ as it is; tsx: the sources.
const RUNTIME = (['tsx', 'dist'] as const).find((r) => r === process.env.SOAK_RUNTIME) ?? 'compiled';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECRET_KEY = 'soak-secret-key-0123456789abcdef0123456789';
const json = { 'content-type': 'application/json' };

const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-soak-'));
const dbName = `switchboard_soak_${process.pid}`;
const databaseUrl = process.env.DATABASE_URL ? withDatabaseName(process.env.DATABASE_URL, dbName) : undefined;
if (databaseUrl) await runAdminStatement(process.env.DATABASE_URL!, `CREATE DATABASE ${dbName}`);
/** The run's database and data folder go at its end, and when it is interrupted. */
const removeRunData = async () => {
  if (databaseUrl) await runAdminStatement(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
};
onInterrupt(removeRunData);

const { child: fakeLlm, url: fakeLlmUrl } = spawnFakeLlm();
// Children die with the benchmark, also when it fails half-way or is interrupted.
const children = killedWithBenchmark(fakeLlm);
const llmUrl = await fakeLlmUrl;
const port = await freePort();
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  SECRET_KEY: databaseUrl ? SECRET_KEY : '',
  LOG_LEVEL: 'warn',
  LLM_BASE_URL: llmUrl,
  LLM_MAX_RETRIES: '0',
  WIDGET_CONVERSATIONS_PER_IP_PER_HOUR: '1000000',
  WIDGET_MESSAGES_PER_CONVERSATION_PER_MINUTE: '100000',
  WIDGET_MESSAGES_PER_IP_PER_MINUTE: '1000000',
};
// The node flags `npm start` gives (its script is `node <flags> scripts/start.mjs server`), or
// SOAK_NODE_FLAGS to try others: V8's heap flags are not allowed in NODE_OPTIONS.
const nodeFlags = (process.env.SOAK_NODE_FLAGS ?? startScriptFlags()).split(/\s+/).filter(Boolean);
const entry = (name: 'server' | 'cli'): [string, string[]] =>
  RUNTIME === 'tsx'
    ? [join(ROOT, 'node_modules/.bin/tsx'), [`src/${name}.ts`]]
    : RUNTIME === 'dist'
      ? [process.execPath, [...nodeFlags, `dist/${name}.js`]]
      : [process.execPath, [...nodeFlags, 'scripts/start.mjs', name]];

// The owner, created with the CLI before the server starts (the embedded database serves one process).
const [cliCommand, cliArgs] = entry('cli');
const created = spawnSync(
  cliCommand,
  [...cliArgs, 'users', 'create', '--email', 'soak@example.com', '--password', 'soak-password', '--balance', '1000000'],
  { cwd: ROOT, env, encoding: 'utf8' },
);
if (created.status !== 0) throw new Error(`user creation failed: ${created.stderr}`);
const apiKey = JSON.parse(created.stdout).api_key as string;
const auth = { authorization: `Bearer ${apiKey}` };

const [serverCommand, serverArgs] = entry('server');
const server = startProcess(serverCommand, serverArgs, { cwd: ROOT, env });
children.push(server.child);
const base = `http://127.0.0.1:${port}`;
await waitForHealth(base);
const samples: Array<{ label: string; memory: Memory }> = [];
const sample = async (label: string) => {
  const memory = await memoryOf(base, RUNTIME === 'tsx' ? server.child.pid : undefined);
  samples.push({ label, memory });
  console.log(`  ${label.padEnd(42)} ${formatMemory(memory)}`);
};
console.log(
  `\nsoak: ${RUNTIME} server${RUNTIME === 'tsx' ? '' : ` (node ${nodeFlags.join(' ')})`} on ${databaseUrl ? 'PostgreSQL' : 'the embedded database'}, ${SECONDS} s of mixed traffic, ${CONNECTIONS} + ${CONNECTIONS / 2} connections`,
);
await sample('start (idle, after migrations)');

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : json), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text);
};
const assistant = (await call('POST', '/api/user/assistant', assistantBody({ status: 'active' }))).data as { id: number; uuid: string };
const kb = (await call('POST', '/api/user/knowledgebases', { name: 'Soak', description: 'Uploaded and deleted in a loop' })).data
  .id as number;
const conversationPaths: string[] = [];
for (let i = 0; i < CONNECTIONS; i++) {
  const conversation = await call('POST', '/api/conversations', { assistant_id: assistant.uuid });
  conversationPaths.push(`/api/conversations/${conversation.conversation_id}/messages`);
}

/** Each API connection cycles through reads, an update, and requests that must fail cleanly. */
const apiRequests: autocannon.Request[] = [
  { method: 'GET', path: '/api/user/me', headers: auth },
  { method: 'GET', path: `/api/user/assistant/${assistant.id}`, headers: auth },
  {
    method: 'PUT',
    path: `/api/user/assistant/${assistant.id}`,
    headers: { ...auth, ...json },
    body: JSON.stringify({ name: 'Soak assistant' }),
  },
  { method: 'GET', path: '/api/user/assistants/get', headers: auth },
  { method: 'POST', path: '/api/user/assistant', headers: { ...auth, ...json }, body: JSON.stringify({ name: '' }) },
  { method: 'GET', path: '/api/user/assistant/999999999', headers: auth },
  { method: 'GET', path: `/api/user/knowledgebases/${kb}`, headers: auth },
];
let nextConversation = 0;
const messageRequest: autocannon.Request = {
  method: 'POST',
  headers: json,
  setupRequest: (request, rawContext) => {
    const context = rawContext as Record<string, unknown>;
    context.path ??= conversationPaths[nextConversation++ % conversationPaths.length];
    context.sent = ((context.sent as number | undefined) ?? 0) + 1;
    return {
      ...request,
      path: context.path as string,
      body: JSON.stringify({ message: `What are your opening hours? (${context.sent as number})` }),
    };
  },
};

const traffic = (options: { seconds?: number; amount?: number }) =>
  Promise.all([
    autocannon({
      url: base,
      connections: CONNECTIONS,
      requests: apiRequests,
      ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    }),
    autocannon({
      url: base,
      connections: CONNECTIONS / 2,
      requests: [messageRequest],
      ...(options.amount ? { amount: Math.round(options.amount / 4) } : { duration: options.seconds }),
    }),
  ]);
const describeTraffic = (results: autocannon.Result[]) =>
  results
    .map(
      (r, i) =>
        `${i === 0 ? 'API mix' : 'widget messages'} ${r.requests.average.toFixed(0)} req/s, ${r.errors} errors, ${i === 0 ? `${r['2xx']} 2xx / ${r['4xx']} 4xx` : `${r.non2xx} non-2xx`}`,
    )
    .join('; ');

const first = await traffic({ amount: 10_000 });
console.log(`    (${describeTraffic(first)})`);
await sample('after 10k API requests + 2.5k messages');

const documents = [
  {
    type: 'txt',
    filename: 'hours.txt',
    contentType: 'text/plain',
    data: Buffer.from('Opening hours\n\nWe are open from 9 to 5, Monday to Friday.\n'.repeat(200)),
  },
  {
    type: 'pdf',
    filename: 'manual.pdf',
    contentType: 'application/pdf',
    data: buildPdf(
      Array.from({ length: 40 }, (_, i) =>
        i % 5 === 0 ? { heading: `Chapter ${i}` } : { paragraph: 'The device keeps working for a week on one charge. '.repeat(20) },
      ),
    ),
  },
  {
    type: 'docx',
    filename: 'faq.docx',
    contentType: 'application/octet-stream',
    data: buildDocx(
      Array.from({ length: 40 }, (_, i) =>
        i % 5 === 0 ? { heading: `Question ${i}` } : { paragraph: 'Returns are accepted within 30 days of delivery. '.repeat(20) },
      ),
    ),
  },
];
let uploads = 0;
/** Uploads that did not end 'active' (the knowledge module's one success status), and why. */
const failedUploads: string[] = [];
async function uploadAndDelete(document: (typeof documents)[number]): Promise<void> {
  const form = new FormData();
  form.set('name', `${document.filename} ${uploads++}`);
  form.set('type', document.type);
  form.set('file', new Blob([new Uint8Array(document.data)], { type: document.contentType }), document.filename);
  const res = await fetch(`${base}/api/user/knowledgebases/${kb}/documents`, { method: 'POST', headers: auth, body: form });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  let view: { status: string; failure_reason: string | null } = { status: 'processing', failure_reason: null };
  for (let i = 0; i < 300 && view.status === 'processing'; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    view = (await call('GET', `/api/user/knowledgebases/${kb}/documents/${id}`)).data;
  }
  if (view.status !== 'active') {
    failedUploads.push(
      `${document.filename}: ${view.status === 'processing' ? 'still processing after 30 s' : `${view.status} (${view.failure_reason ?? 'no reason given'})`}`,
    );
  }
  await call('DELETE', `/api/user/knowledgebases/${kb}/documents/${id}`);
}
for (const document of documents) await uploadAndDelete(document);
await sample('after knowledge uploads (txt, PDF, DOCX)');

let soaking = true;
const uploader = (async () => {
  for (let i = 0; soaking; i++) {
    await uploadAndDelete(documents[i % documents.length]!);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
})();
await sample('soak start');
const tenths = setInterval(() => void sample('  during soak'), (SECONDS * 1000) / 5);
const soak = await traffic({ seconds: SECONDS });
clearInterval(tenths);
soaking = false;
await uploader;
console.log(`    (${describeTraffic(soak)}; ${uploads} documents uploaded and deleted, ${failedUploads.length} of them not extracted)`);
await sample('soak end');

const start = samples.find((s) => s.label === 'soak start')!.memory;
const end = samples[samples.length - 1]!.memory;
const peakRss = Math.max(...samples.map((s) => s.memory.rssMb));
console.log(
  `  RSS over the soak: ${start.rssMb.toFixed(0)} -> ${end.rssMb.toFixed(0)} MB (${end.rssMb - start.rssMb >= 0 ? '+' : ''}${(end.rssMb - start.rssMb).toFixed(0)} MB), peak ${peakRss.toFixed(0)} MB`,
);

server.child.kill('SIGTERM');
await server.exited;
const reference = await measureReference(databaseUrl);
console.log(
  `\n  reference: bare Fastify + ${databaseUrl ? 'pg' : 'PGlite'}, one query per request, after 10k requests: ${formatMemory(reference)}`,
);
console.log(`  ratio (service RSS at soak end / reference RSS): ${(end.rssMb / reference.rssMb).toFixed(2)}`);
const target = databaseUrl ? 200 : 350;
console.log(`  target: <= ${target} MB RSS ${peakRss <= target ? 'MET' : 'NOT MET'} (peak ${peakRss.toFixed(0)} MB)`);

// The memory figures stand either way; a document that was not extracted makes the run fail.
if (failedUploads.length > 0) {
  console.error(
    `\n  ${failedUploads.length} of ${uploads} uploads were not extracted:\n${[...new Set(failedUploads)].map((f) => `    ${f}`).join('\n')}`,
  );
  process.exitCode = 1;
}

fakeLlm.kill('SIGTERM');
await removeRunData();

async function measureReference(url: string | undefined): Promise<Memory> {
  const referencePort = await freePort();
  const reference: { child: ChildProcess; exited: Promise<number | null> } = startProcess(
    process.execPath,
    ['bench/support/minimal-server.mjs'],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(referencePort), DATABASE_URL: url ?? '' },
    },
  );
  children.push(reference.child);
  const referenceBase = `http://127.0.0.1:${referencePort}`;
  await waitForHealth(referenceBase);
  await autocannon({ url: `${referenceBase}/query`, connections: CONNECTIONS, amount: 10_000 });
  const memory = await memoryOf(referenceBase);
  reference.child.kill('SIGTERM');
  await reference.exited;
  return memory;
}

function startScriptFlags(): string {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = /^node\s+(.*?)\s*scripts\/start\.mjs\b/.exec(start)?.[1];
  if (flags === undefined) throw new Error(`cannot read the node flags from npm start's script: ${start}`);
  return flags;
}

function formatMemory(m: Memory): string {
  return `RSS ${m.rssMb.toFixed(0).padStart(4)} MB   heap used ${m.heapUsedMb.toFixed(0).padStart(4)} / total ${m.heapTotalMb.toFixed(0).padStart(4)} MB   external ${m.externalMb.toFixed(0).padStart(4)} MB${m.launcherRssMb ? `   (+ tsx launcher ${m.launcherRssMb.toFixed(0)} MB)` : ''}`;
}
