import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { graphErrorBody, startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import {
  ACCESS_TOKEN,
  GRAPH_TEMPLATES,
  chatappEnv,
  createCloudSender,
  createSimulatorSender,
  postWebhook,
  templateStatus,
} from '../../../../test/helpers/chatapp.js';
import { describeBody, parseGraphTemplate } from '../platform/graph-templates.js';

let graph: FakeGraph;
let t: TestApp;
let token: string;
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
});
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => graph.reset());

const list = (senderId: number, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${senderId}/templates${query}`, headers: bearer(token) });
const names = async (senderId: number, query = '') => (await list(senderId, query)).json().data.map((x: { name: string }) => x.name);

describe('GET /api/user/chatapp/senders/{id}/templates', () => {
  it("lists approved templates by default, in the spec's shape, with named placeholders written {{1}}", async () => {
    const sender = await createCloudSender(t.app, graph, token);
    const res = await list(sender.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        name: 'appointment_reminder',
        language: 'en',
        category: 'utility',
        status: 'approved',
        body_text: 'Hi {{1}}, this is a reminder for your appointment on {{2}} at {{3}}.',
        variables: ['1', '2', '3'],
        has_variables: true,
        header_format: null,
        header_variables: [],
        button_variables: [],
      },
      {
        id: expect.any(Number),
        name: 'order_support_call',
        language: 'en_US',
        category: 'utility',
        status: 'approved',
        body_text: 'Hi {{1}}, we would like to call you to assist with your recent order.',
        variables: ['first_name'],
        has_variables: true,
        header_format: null,
        header_variables: [],
        button_variables: [],
      },
      {
        id: expect.any(Number),
        name: 'coupon_named',
        language: 'en',
        category: 'marketing',
        status: 'approved',
        body_text: 'Use {{1}} before {{2}}, {{1}}!',
        variables: ['code', 'date'],
        has_variables: true,
        header_format: null,
        header_variables: [],
        button_variables: [],
      },
    ]);
  });

  it('filters by status; all includes every kept status and never deleted templates', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    expect(await names(sender.id, '?status=pending')).toEqual(['address_update']);
    expect(await names(sender.id, '?status=rejected')).toEqual(['short_banner']);
    expect(await names(sender.id, '?status=all')).toEqual([
      'appointment_reminder',
      'order_support_call',
      'coupon_named',
      'address_update',
      'short_banner',
    ]);
    const bad = await list(sender.id, '?status=deleted');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      success: false,
      error_code: 'VALIDATION_ERROR',
      errors: { status: ['The selected status is invalid.'] },
    });
  });

  it("reads every page of the platform's list, following its cursor", async () => {
    graph.setPageSize(2);
    try {
      const sender = await createCloudSender(t.app, graph, token);
      const pages = graph.requests.filter((r) => r.path.endsWith('/message_templates'));
      expect(pages.map((p) => p.query.after)).toEqual([undefined, '2', '4']);
      expect(pages.every((p) => p.headers.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(true);
      expect(await names(sender.id, '?status=all')).toHaveLength(5);
    } finally {
      graph.setPageSize(100);
    }
  });

  it('answers SENDER_NOT_FOUND in the coded shape', async () => {
    const res = await list(987_654);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Sender not found', error_code: 'SENDER_NOT_FOUND' });
  });
});

describe('template synchronisation', () => {
  it("POST .../templates/sync replaces the list with the platform's, keeping our ids", async () => {
    const sender = await createCloudSender(t.app, graph, token);
    const before = (await list(sender.id)).json().data;
    const reminder = before.find((x: { name: string }) => x.name === 'appointment_reminder');
    graph.setTemplates(sender.waba_id, [
      { ...GRAPH_TEMPLATES[0], status: 'PAUSED' },
      { ...GRAPH_TEMPLATES[3], status: 'APPROVED' },
    ]);
    t.clock.advance(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/chatapp/senders/${sender.id}/templates/sync`,
      headers: bearer(token),
    });
    expect(res.json()).toEqual({
      success: true,
      message: 'Templates synced.',
      synced: 2,
      synced_at: t.clock.now().toISOString().replace('Z', '000Z'),
    });
    expect(await names(sender.id)).toEqual(['address_update']);
    const all = (await list(sender.id, '?status=all')).json().data;
    expect(all.find((x: { name: string }) => x.name === 'appointment_reminder')).toMatchObject({ id: reminder.id, status: 'pending' });
  });

  it("a refused sync keeps the templates and reports the platform's message", async () => {
    const sender = await createCloudSender(t.app, graph, token);
    graph.override(() => ({ status: 400, body: graphErrorBody(200, '(#200) Requires whatsapp_business_management permission') }));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/chatapp/senders/${sender.id}/templates/sync`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      error_code: 'SYNC_FAILED',
      error: '(#200) Requires whatsapp_business_management permission',
    });
    expect(await names(sender.id)).toHaveLength(3);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${sender.id}`, headers: bearer(token) })).json()
      .data;
    expect(detail.templates_sync_error).toBe('(#200) Requires whatsapp_business_management permission');
  });

  it('runs every 4 hours for every sender, once across processes', async () => {
    const sender = await createCloudSender(t.app, graph, token);
    const simulator = await createSimulatorSender(t.app, token);
    const other = await t.startAnotherInstance();
    await t.deps.jobs.drain();
    await other.deps.jobs.drain();
    graph.setTemplates(sender.waba_id, [GRAPH_TEMPLATES[0]]);
    graph.reset();
    // The schedule fires on 4-hour boundaries since the epoch: 12:00 UTC is the next after 10:00.
    t.clock.set('2026-01-15T12:00:01Z');
    await Promise.all([t.deps.jobs.drain(), other.deps.jobs.drain()]);
    const listings = graph.requests.filter((r) => r.path === `/${sender.waba_id}/message_templates`);
    expect(listings).toHaveLength(1);
    expect(await names(sender.id)).toEqual(['appointment_reminder']);
    expect(await names(simulator.id)).toEqual(['appointment_reminder', 'welcome_message', 'voice_call_request']);
  });

  it("applies message_template_status_update webhooks to the business account's templates", async () => {
    const sender = await createCloudSender(t.app, graph, token);
    const post = async (event: string, templateId: number) => {
      expect((await postWebhook(t.app, templateStatus({ wabaId: sender.waba_id, templateId, event }))).statusCode).toBe(200);
      await t.deps.jobs.drain();
    };
    await post('APPROVED', 1137051647947973);
    expect(await names(sender.id)).toContain('address_update');
    await post('DISABLED', 1304694804498707);
    expect(await names(sender.id, '?status=rejected')).toContain('appointment_reminder');
    await post('DELETED', 1625063511800527);
    expect(await names(sender.id, '?status=all')).not.toContain('coupon_named');
    // A template the platform approved that we have never seen: a sync fetches it.
    graph.setTemplates(sender.waba_id, [...GRAPH_TEMPLATES, { ...GRAPH_TEMPLATES[3], id: '42', name: 'brand_new', status: 'APPROVED' }]);
    await post('APPROVED', 42);
    expect(await names(sender.id)).toContain('brand_new');
  });
});

describe('template parsing (pure)', () => {
  it('handles odd template objects without throwing', () => {
    expect(parseGraphTemplate(null)).toBeNull();
    expect(parseGraphTemplate({ id: 1 })).toBeNull();
    expect(parseGraphTemplate({ id: 5, name: 'x', components: 'nope' })).toMatchObject({
      platformId: '5',
      bodyText: '',
      variables: [],
      status: 'pending',
    });
    expect(parseGraphTemplate({ id: '6', name: 'y', status: 'ARCHIVED' })?.status).toBeNull();
  });
  it('numbers positional variables by their highest placeholder', () => {
    expect(describeBody('{{2}} then {{1}} and {{2}}', 'positional')).toEqual({
      bodyText: '{{2}} then {{1}} and {{2}}',
      variables: ['1', '2'],
    });
    expect(describeBody('no placeholders', 'named')).toEqual({ bodyText: 'no placeholders', variables: [] });
  });
});
