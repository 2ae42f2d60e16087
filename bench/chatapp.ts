/**
 * AI replies on the chatapp, on PostgreSQL: a customer's message is received (what a platform
 * webhook's job does with it), its job asks an instant fake OpenAI-compatible model (its own
 * process) and stores the reply, and the reply's job sends it. This process's job workers run
 * both jobs, woken by LISTEN/NOTIFY as in production. Prints
 *  - latency, one message at a time: from the message's receipt to its reply sent, against a
 *    direct call of the same fake model, in turns; with the statements and commits per message;
 *  - throughput: MESSAGES messages from CUSTOMERS customers received while the workers are
 *    stopped, then answered and sent per second once they start, against the fake model called
 *    directly over as many connections as there are job workers; and how fast they were received.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { buildApp } from '../src/app.js';
import { assistantBody } from '../test/helpers/assistants.js';
import { createSimulatorSender } from '../test/helpers/chatapp.js';
import { latencyOf, measure } from './support/load.js';
import { countingStatements } from './support/statements.js';
import { startBenchService } from './support/service.js';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);
const CUSTOMERS = 200;
/** Whole rounds of one message per customer. */
const ROUNDS = Math.ceil(Number(process.env.BENCH_MESSAGES ?? 2_000) / CUSTOMERS);
const MESSAGES = ROUNDS * CUSTOMERS;
const WORKERS = 8;

const { deps, database, llmUrl, fakeLlm } = await startBenchService({ JOB_CONCURRENCY: String(WORKERS) });
const app = await buildApp(deps);

const { apiKey } = await deps.services.accounts.createUser({
  email: 'bench@example.com',
  password: 'bench-password',
  balanceUsd: 1_000_000,
});
const assistant = await app.inject({
  method: 'POST',
  url: '/api/user/assistant',
  headers: { authorization: `Bearer ${apiKey.token}` },
  payload: assistantBody({ status: 'active' }),
});
const { id: senderId } = await createSimulatorSender(app, apiKey.token, { assistant_id: assistant.json().data.id });
const sender = await deps.db.selectFrom('chatapp_senders').selectAll().where('id', '=', senderId).executeTakeFirstOrThrow();

// Each reply sent resolves the waiter of its customer's message and counts towards `allSent`.
const messaging = deps.services.chatapp.messaging;
const sendFreeform = messaging.sendFreeform.bind(messaging);
const waiting = new Map<string, () => void>();
let sentCount = 0;
let allSent: { count: number; resolve: () => void } | undefined;
messaging.sendFreeform = async (...args) => {
  const sent = await sendFreeform(...args);
  waiting.get(args[1].recipient_phone)?.();
  if (++sentCount === allSent?.count) allSent.resolve();
  return sent;
};
const customer = (i: number) => `+4070${String(i % CUSTOMERS).padStart(7, '0')}`;
const replySent = (phone: string) => new Promise<void>((resolve) => waiting.set(phone, resolve));
const receive = (phone: string, text: string) =>
  deps.services.chatapp.inbound.receiveMessage(sender, {
    platformMessageId: `bench.${randomUUID()}`,
    customerPhone: phone,
    customerName: null,
    timestamp: new Date(),
    kind: 'text',
    body: text,
    fromCustomer: true,
    permissionReply: null,
  });

/** One customer message from its receipt to its reply sent, in ms. */
async function answered(i: number): Promise<number> {
  const phone = customer(i);
  const sent = replySent(phone);
  const started = performance.now();
  await receive(phone, `What are your opening hours? (${i})`);
  await sent;
  return performance.now() - started;
}

const referenceBody = JSON.stringify({
  model: 'gpt-4o-mini',
  temperature: 0.1,
  messages: [
    { role: 'system', content: 'You are a helpful sales assistant.' },
    { role: 'user', content: 'What are your opening hours?' },
  ],
});
async function modelCalled(): Promise<number> {
  const started = performance.now();
  const response = await request(`${llmUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: referenceBody,
  });
  await response.body.dump();
  return performance.now() - started;
}

deps.jobs.start();
// Warm-up: every customer's conversation opened, the code paths compiled.
for (let i = 0; i < CUSTOMERS; i++) await answered(i);

const counted = await countingStatements(async () => {
  const reference: number[] = [];
  const service: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    reference.push(await modelCalled());
    service.push(await answered(i));
  }
  return { reference: latencyOf(reference), service: latencyOf(service) };
});
const { reference, service } = counted.result;
const perMessage = (n: number) => (n / SEQUENTIAL).toFixed(1);
console.log(
  `\nchatapp: latency, one message at a time (${SEQUENTIAL}), receipt to reply sent, PostgreSQL, instant fake LLM, in turns with a direct model call`,
);
console.log(`  fake LLM called directly        p50 ${reference.p50.toFixed(2)} ms   p99 ${reference.p99.toFixed(2)} ms`);
console.log(`  customer message answered      p50 ${service.p50.toFixed(2)} ms   p99 ${service.p99.toFixed(2)} ms`);
console.log(
  `  added latency per message:      p50 ${(service.p50 - reference.p50).toFixed(2)} ms   p99 ${(service.p99 - reference.p99).toFixed(2)} ms`,
);
console.log(
  `  per message (receipt, answer job, send job, the workers' claims): ${perMessage(counted.statements)} SQL statements, ` +
    `${perMessage(counted.commits - counted.asyncCommits)} durable commits, ${perMessage(counted.asyncCommits)} commits not waiting for the WAL flush`,
);

// Throughput: the workers stopped while every message is received (each customer's in order),
// then started on the MESSAGES answer jobs waiting.
await deps.jobs.stop();
const receiving = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  await Promise.all(Array.from({ length: CUSTOMERS }, (_, c) => receive(customer(c), `Anything else? (${round})`)));
}
const receiptSeconds = (performance.now() - receiving) / 1000;
const everyReplySent = new Promise<void>((resolve) => (allSent = { count: sentCount + MESSAGES, resolve }));
const answering = performance.now();
deps.jobs.start();
await everyReplySent;
const perSecond = MESSAGES / ((performance.now() - answering) / 1000);
const directly = await measure('fake LLM called directly', {
  url: `${llmUrl}/chat/completions`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: referenceBody,
  connections: WORKERS,
  durationSeconds: 3,
});
console.log(
  `\nchatapp: throughput, ${MESSAGES} messages waiting, ${WORKERS} job workers (the model called directly over as many connections)`,
);
console.log(
  `  fake LLM called directly                ${directly.requestsPerSecond.toFixed(0).padStart(8)} req/s   errors ${directly.errors + directly.non2xx}`,
);
console.log(`  messages answered and sent, ${CUSTOMERS} customers ${perSecond.toFixed(0).padStart(8)}/s`);
console.log(`  ratio (service / reference): ${(perSecond / directly.requestsPerSecond).toFixed(2)}`);
console.log(
  `  answered and sent/s: ${perSecond.toFixed(0)} (each reserving and capturing 0.01 USD); received before, ${CUSTOMERS} at a time: ${(MESSAGES / receiptSeconds).toFixed(0)}/s`,
);

await deps.jobs.stop();
await app.close();
await database.drop();
fakeLlm.kill('SIGTERM');
