import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { GRAPH_ERRORS, startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { chatappEnv, createCloudSender, inboundText, postWebhook } from '../../../../test/helpers/chatapp.js';
import { chatappFixture } from '../../../../test/helpers/chatapp-fixtures.js';

let graph: FakeGraph;
let t: TestApp;
let token: string;
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
  // The first drain records the schedules; each poll below then fires on its boundary.
  await t.deps.jobs.drain();
});
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => graph.reset());

type Sender = { id: number; phone_number_id: string; waba_id: string };
const DISPLAY = '40711000111';
const getSender = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${id}`, headers: bearer(token) })).json().data;
const listed = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/chatapp/senders?status=all', headers: bearer(token) }))
    .json()
    .data.find((s: { id: number }) => s.id === id);
const freeform = (sender: Sender) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/chatapp/send-freeform',
    headers: bearer(token),
    payload: { sender_id: sender.id, recipient_phone: '+40722000001', message: 'Hi' },
  });
async function replay(name: string, sender: Sender) {
  const res = await postWebhook(
    t.app,
    chatappFixture(name, { wabaId: sender.waba_id, displayNumber: DISPLAY, phoneNumberId: sender.phone_number_id }),
  );
  expect(res.statusCode).toBe(200);
  await t.deps.jobs.drain();
}
/** The poll runs on 5-minute boundaries since the epoch. */
async function nextPoll() {
  const now = t.clock.now().getTime();
  t.clock.set(new Date(Math.floor(now / 300_000) * 300_000 + 300_000 + 1_000).toISOString());
  await t.deps.jobs.drain();
}
async function openWindow(sender: Sender) {
  expect(
    (
      await postWebhook(
        t.app,
        inboundText({ phoneNumberId: sender.phone_number_id, from: '40722000001', id: `wamid.state${sender.id}`, at: t.clock.now() }),
      )
    ).statusCode,
  ).toBe(200);
  await t.deps.jobs.drain();
}

describe('senders follow the platform every 5 minutes', () => {
  it('reads status, quality rating, messaging limit and name review, and shows them on the sender', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    graph.updatePhoneNumber(sender.phone_number_id, {
      qualityRating: 'YELLOW',
      messagingLimitTier: 'TIER_10K',
      nameStatus: 'PENDING_REVIEW',
    });
    await nextPoll();
    const read = graph.requests.find((r) => r.path === `/${sender.phone_number_id}` && r.query.fields?.includes('messaging_limit_tier'));
    expect(read?.query.fields).toBe('id,status,quality_rating,messaging_limit_tier,name_status');
    expect(await listed(sender.id)).toMatchObject({
      status: 'online',
      quality_rating: 'YELLOW',
      messaging_limit: 10_000,
      messaging_limit_formatted: '10,000 / 24hr',
    });
    expect(await getSender(sender.id)).toMatchObject({
      name_status: 'PENDING_REVIEW',
      offline_reason: null,
      state_synced_at: expect.any(String),
    });
  });

  it('takes a disconnected number offline (SENDER_OFFLINE answers) and brings it back once connected', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    await openWindow(sender);
    graph.updatePhoneNumber(sender.phone_number_id, { status: 'DISCONNECTED' });
    await nextPoll();
    expect(await getSender(sender.id)).toMatchObject({
      status: 'offline',
      offline_reason: 'The messaging platform reports the number as DISCONNECTED.',
    });
    const refused = await freeform(sender);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Sender is not online. Current status: Offline',
      error_code: 'SENDER_OFFLINE',
    });
    graph.updatePhoneNumber(sender.phone_number_id, { status: 'CONNECTED', messagingLimitTier: 'TIER_UNLIMITED' });
    await nextPoll();
    expect(await listed(sender.id)).toMatchObject({ status: 'online', messaging_limit: null, messaging_limit_formatted: 'Unlimited' });
    expect((await freeform(sender)).statusCode).toBe(200);
  });

  it('takes the sender offline when the platform refuses its token (190) on a poll', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    graph.override((r) => (r.method === 'GET' && r.path === `/${sender.phone_number_id}` ? GRAPH_ERRORS[190] : undefined));
    await nextPoll();
    expect(await getSender(sender.id)).toMatchObject({ status: 'offline', offline_reason: expect.stringContaining('access token') });
  });
});

describe("account and number webhooks (the platform's samples, signed and replayed)", () => {
  it("account_update DISABLED_UPDATE takes the account's sender offline", async () => {
    const sender = await createCloudSender(t.app, graph, token);
    await openWindow(sender);
    await replay('account-update', sender);
    expect(await getSender(sender.id)).toMatchObject({
      status: 'offline',
      offline_reason: 'The business account was disabled by the messaging platform.',
    });
    expect((await freeform(sender)).json()).toMatchObject({ error_code: 'SENDER_OFFLINE' });
  });

  it('phone_number_quality_update sets the messaging limit', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    await replay('phone-number-quality-update', sender);
    expect(await listed(sender.id)).toMatchObject({ status: 'online', messaging_limit: 2000, messaging_limit_formatted: '2,000 / 24hr' });
  });

  it('phone_number_name_update records the review and the approved name', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    await replay('phone-number-name-update', sender);
    expect(await getSender(sender.id)).toMatchObject({ name_status: 'APPROVED', verified_name: 'Lucky Shrub' });
  });

  it('changes nothing for a number of another business account', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    const res = await postWebhook(t.app, chatappFixture('account-update', { wabaId: '999000999', displayNumber: DISPLAY }));
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.drain();
    expect(await getSender(sender.id)).toMatchObject({ status: 'online', offline_reason: null });
  });
});
