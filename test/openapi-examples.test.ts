import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ASSISTANT_UUID } from '../src/api-examples.js';
import { chatappEnv, GRAPH_TEMPLATES, inboundText, postWebhook } from './helpers/chatapp.js';
import { grantCallPermission } from './helpers/chatapp-calls.js';
import { bearer, createUser } from './helpers/factories.js';
import { startFakeGraph, type FakeGraph } from './helpers/fakes/graph.js';
import { newAccountSid, startFakeTwilio, type FakeTwilio } from './helpers/fakes/twilio.js';
import { buildTestApp, type TestApp } from './helpers/test-app.js';

type Json = Record<string, any>;

/**
 * Every request example of the OpenAPI document, sent to the app exactly as written, in the order
 * of the document's own story (create before use), must succeed. Only the path parameters come
 * from the world the earlier examples made, and a few things only a platform or a customer does
 * (a customer's message, their call permission) happen between them, through the real webhooks.
 * Telephony and the chatapp platform are the fakes, reached by their configured base URLs.
 */
let t: TestApp;
let graph: FakeGraph;
let twilio: FakeTwilio;
let doc: Json;
let token: string;
/** The first user's account is also the server's operator: a session of theirs sends the operator's examples. */
let operatorLogin: { email: string; password: string };
let operatorToken: string;
let operatedAccountId: number;
let simulatorSenderId: number;
let conversationUuid: string;
let invitationToken: string;

beforeAll(async () => {
  graph = await startFakeGraph();
  const accountSid = newAccountSid();
  twilio = await startFakeTwilio({ [accountSid]: 'twilio-token' });
  t = await buildTestApp({
    env: chatappEnv(graph, {
      ALLOW_SIGNUP: 'true',
      PUBLIC_URL: 'https://voice.breadandco.example',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: 'twilio-token',
      TWILIO_API_URL: twilio.url,
      TWILIO_VOICE_API_URL: twilio.url,
      SPEECH_BASE_URL: 'http://127.0.0.1:9/v1',
      VOICE_PRICE_PER_MINUTE_USD: '0.12',
    }),
  });
  // The account every authenticated example is sent with: the first user, so its resources get ids 1, 2, ...
  const first = await createUser(t.deps, { balanceUsd: 100 });
  token = first.token;
  operatorLogin = { email: first.email, password: first.password };
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t.close();
  await graph.close();
  await twilio.close();
});

/** The one operation with this id, with its path and method. */
function operation(operationId: string): { path: string; method: string; operation: Json } {
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) if (op.operationId === operationId) return { path, method, operation: op };
  }
  throw new Error(`No operation ${operationId}`);
}

/** Request bodies to send: one per media type that has an example. */
function bodies(op: Json): Array<{ contentType: string; example: Json }> {
  return Object.entries<Json>(op.requestBody?.content ?? {}).map(([contentType, media]) => ({ contentType, example: media.example }));
}

async function encode(contentType: string, example: Json): Promise<{ payload: string | Buffer; contentType: string }> {
  if (contentType === 'application/json') return { payload: JSON.stringify(example), contentType };
  const form = new FormData();
  for (const [key, value] of Object.entries(example)) form.append(key, String(value));
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** Sends the operation's every request example; returns the JSON answers. */
async function send(operationId: string, pathParams: Record<string, string | number> = {}, as = token): Promise<Json[]> {
  const { path, method, operation: op } = operation(operationId);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => String(pathParams[name] ?? 1));
  const authenticated = (op.security ?? []).length > 0;
  const answers: Json[] = [];
  for (const { contentType, example } of bodies(op)) {
    expect(example, `${operationId} has no example`).toBeDefined();
    const { payload, contentType: header } = await encode(contentType, example);
    const res = await t.app.inject({
      method: method.toUpperCase() as 'POST',
      url,
      payload,
      headers: { 'content-type': header, ...(authenticated ? bearer(as) : {}) },
    });
    expect(res.statusCode, `${operationId} (${contentType}) ${JSON.stringify(example)} -> ${res.body}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${operationId} (${contentType}) ${JSON.stringify(example)} -> ${res.body}`).toBeLessThan(300);
    answers.push(res.json());
  }
  return answers;
}

/** What a platform or customer does between the examples, and the order the story needs. */
const STORY: Array<[operationId: string, run?: () => Promise<unknown>]> = [
  ['register'],
  ['login'],
  ['createApiKey'],
  [
    'createInvitation',
    async () => {
      invitationToken = (await send('createInvitation'))[0]!.invitation.token;
    },
  ],
  // By the invitee, anonymously, with the link's token.
  ['acceptInvitation', () => send('acceptInvitation', { token: encodeURIComponent(invitationToken) })],
  // Sam: member 3 (after the first user's owner and the registered account's).
  ['updateMember', () => send('updateMember', { id: 3 })],
  [
    'createOperatorAccount',
    async () => {
      await t.deps.services.accounts.setOperator({ email: operatorLogin.email, isOperator: true });
      operatorToken = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: operatorLogin })).json().token;
      operatedAccountId = (await send('createOperatorAccount', {}, operatorToken))[0]!.account.id;
    },
  ],
  ['changeOperatorAccountBalance', () => send('changeOperatorAccountBalance', { id: operatedAccountId }, operatorToken)],
  ['suspendOperatorAccount', () => send('suspendOperatorAccount', { id: operatedAccountId }, operatorToken)],
  [
    'createAssistant',
    async () => {
      const [created] = await send('createAssistant');
      // The document's assistant: the uuid its conversation and browser call examples address.
      await t.deps.db.updateTable('assistants').set({ uuid: EXAMPLE_ASSISTANT_UUID }).where('id', '=', created!.data.id).execute();
    },
  ],
  ['createFolder'],
  ['updateFolder'],
  ['createLabel'],
  ['updateLabel'],
  ['createPhoneNumber'],
  ['updatePhoneNumber'],
  // A number for sale on the fake Twilio's stock.
  ['purchasePhoneNumber'],
  // From the bought number (SMS-capable at Twilio).
  ['sendSms'],
  // The bakery's own carrier: phone number 3.
  ['createSipTrunk'],
  ['updateSipTrunk', () => send('updateSipTrunk', { id: 3 })],
  ['updateAssistant'],
  ['patchAssistant'],
  ['enableInboundWebhook'],
  ['disableInboundWebhook'],
  ['enableConversationEndedWebhook'],
  ['disableConversationEndedWebhook'],
  ['enableWebhook'],
  ['disableWebhook'],
  ['createTool'],
  ['updateTool'],
  ['testTool'],
  ['createKnowledgeBase'],
  ['updateKnowledgeBase'],
  ['createDocument'],
  ['updateDocument'],
  [
    'createSender',
    async () => {
      // The platform knows the example's number, token and templates.
      const example = bodies(operation('createSender').operation)[0]!.example;
      graph.setTemplates(example.waba_id, GRAPH_TEMPLATES);
      graph.addPhoneNumber({
        id: example.phone_number_id,
        wabaId: example.waba_id,
        displayPhoneNumber: example.phone_number,
        token: example.access_token,
      });
      await send('createSender');
      const simulator = await t.app.inject({
        method: 'POST',
        url: '/api/user/chatapp/senders',
        headers: bearer(token),
        payload: { display_name: 'Test bench', phone_number: '+442071234567', platform: 'simulator' },
      });
      simulatorSenderId = simulator.json().data.id;
    },
  ],
  ['updateSender'],
  ['sendTemplateMessage'],
  [
    'sendFreeformMessage',
    async () => {
      // Ana answers the template: the 24-hour window opens.
      const sender = bodies(operation('createSender').operation)[0]!.example;
      const customer = bodies(operation('sendFreeformMessage').operation)[0]!.example.recipient_phone.slice(1);
      expect(
        (
          await postWebhook(
            t.app,
            inboundText({ phoneNumberId: sender.phone_number_id, from: customer, id: 'wamid.ana-1', at: t.clock.now() }),
          )
        ).statusCode,
      ).toBe(200);
      await t.deps.jobs.drain();
      await send('sendFreeformMessage');
    },
  ],
  ['requestCallPermission'],
  ['simulateInboundMessage', () => send('simulateInboundMessage', { id: simulatorSenderId })],
  ['simulateCallPermissionReply', () => send('simulateCallPermissionReply', { id: simulatorSenderId })],
  [
    'postUserChatappVoiceCall',
    async () => {
      const sender = bodies(operation('createSender').operation)[0]!.example;
      await grantCallPermission(
        t,
        sender.phone_number_id,
        bodies(operation('postUserChatappVoiceCall').operation)[0]!.example.recipient_phone.slice(1),
      );
      await send('postUserChatappVoiceCall');
    },
  ],
  [
    'createConversation',
    async () => {
      conversationUuid = (await send('createConversation'))[0]!.conversation_id;
    },
  ],
  ['sendConversationMessage', () => send('sendConversationMessage', { uuid: conversationUuid })],
  ['generateReply'],
  ['makeCall'],
  ['startWebCall'],
  [
    'createCampaign',
    async () => {
      // The bakery's outbound assistant (id 2), which its campaigns call from.
      const outbound = { ...bodies(operation('createAssistant').operation)[0]!.example, name: 'Bakery pre-orders', type: 'outbound' };
      const res = await t.app.inject({ method: 'POST', url: '/api/user/assistant', headers: bearer(token), payload: outbound });
      expect(res.json().data.id).toBe(2);
      await send('createCampaign');
    },
  ],
  ['createCampaignPlural'],
  ['updateCampaign'],
  ['createLead'],
  ['updateLead'],
  ['importLeads'],
  ['addDoNotCall'],
  ['importDoNotCall'],
  ['updateCampaignStatus'],
  ['createCallsExportLink'],
  ['createConversationsExportLink'],
  ['createLedgerExportLink'],
];

describe('the request examples of the OpenAPI document', () => {
  it('cover every operation with a request body in this story, once', () => {
    const withBodies = Object.values<Json>(doc.paths)
      .flatMap((item) => Object.values<Json>(item))
      .filter((op) => op.requestBody)
      .map((op) => op.operationId as string);
    expect(STORY.map(([id]) => id).sort()).toEqual(withBodies.sort());
  });

  it("each succeed as written, in the story's order", async () => {
    for (const [operationId, run] of STORY) await (run ? run() : send(operationId));
    // What the examples made is what they meant.
    const assistant = await t.deps.db
      .selectFrom('assistants')
      .select(['status', 'phone_number_id', 'name'])
      .where('uuid', '=', EXAMPLE_ASSISTANT_UUID)
      .executeTakeFirstOrThrow();
    expect(assistant).toEqual({ status: 'active', phone_number_id: 1, name: 'Bakery front desk' });
    expect(twilio.creates()).toHaveLength(1);
    expect(graph.callActions('connect')).toHaveLength(1);
  }, 120_000);
});
