import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.js';
import { bearer, createUser } from '../../../../test/helpers/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { chatappEnv, createCloudSender, GRAPH_TEMPLATES } from '../../../../test/helpers/chatapp.js';

/** Reference §2's template with a text header variable, plus media headers and URL buttons with a variable. */
const HEADER_TEMPLATES = [
  {
    name: 'coupon_expiration_reminder_number_vars',
    parameter_format: 'POSITIONAL',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    sub_category: 'CUSTOM',
    id: '1304694804498707',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Act fast, {{1}}!', example: { header_text: ['Pablo'] } },
      {
        type: 'BODY',
        text: "Just a quick reminder—your exclusive coupon code, {{1}}, *expires in only {{2}} days!* Don't miss out on our special deals. Use your code at checkout before it's too late.\n\nHappy shopping! 😃",
        example: { body_text: [['SUMMER20', '10']] },
      },
      { type: 'FOOTER', text: 'Lucky Shrub Succulents' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'URL', text: 'See deals', url: 'https://www.luckyshrub.com/deals' },
          { type: 'QUICK_REPLY', text: 'Unsubscribe' },
        ],
      },
    ],
  },
  {
    name: 'order_shipped_image',
    parameter_format: 'POSITIONAL',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '2204694804498711',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvanBlZw==:ARb'] } },
      { type: 'BODY', text: 'Your order {{1}} is on its way.', example: { body_text: [['#1042']] } },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Thanks' },
          { type: 'URL', text: 'Track', url: 'https://track.example.com/{{1}}', example: ['https://track.example.com/ZX81'] },
        ],
      },
    ],
  },
  {
    name: 'invoice_named',
    parameter_format: 'NAMED',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '2204694804498712',
    components: [
      {
        type: 'HEADER',
        format: 'TEXT',
        text: 'Invoice for {{customer}}',
        example: { header_text_named_params: [{ param_name: 'customer', example: 'Pablo' }] },
      },
      { type: 'BODY', text: 'Amount due: {{amount}}.', example: { body_text_named_params: [{ param_name: 'amount', example: '$10' }] } },
    ],
  },
  {
    name: 'statement_document',
    parameter_format: 'POSITIONAL',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '2204694804498713',
    components: [
      { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['4::YXBwbGljYXRpb24vcGRm:ARc'] } },
      { type: 'BODY', text: 'Your statement is attached.' },
    ],
  },
  {
    name: 'welcome_video',
    parameter_format: 'POSITIONAL',
    language: 'en',
    status: 'APPROVED',
    category: 'MARKETING',
    id: '2204694804498714',
    components: [
      { type: 'HEADER', format: 'VIDEO', example: { header_handle: ['4::dmlkZW8vbXA0:ARd'] } },
      { type: 'BODY', text: 'Welcome aboard!' },
    ],
  },
];

let graph: FakeGraph;
let t: TestApp;
let token: string;
let sender: { id: number; waba_id: string };
let templates: Record<string, Record<string, unknown> & { id: number }>;
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await buildTestApp({ env: chatappEnv(graph) });
  token = (await createUser(t.deps)).token;
  sender = await createCloudSender(t.app, graph, token);
  graph.setTemplates(sender.waba_id, [...GRAPH_TEMPLATES, ...HEADER_TEMPLATES]);
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/user/chatapp/senders/${sender.id}/templates/sync`, headers: bearer(token) }))
      .statusCode,
  ).toBe(200);
  const all = await t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${sender.id}/templates`, headers: bearer(token) });
  templates = Object.fromEntries(all.json().data.map((x: { name: string; id: number }) => [x.name, x]));
});
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => {
  graph.reset();
  t.clock.advance(1_000);
});

const send = (name: string, variables: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/chatapp/send',
    headers: bearer(token),
    payload: { sender_id: sender.id, template_id: templates[name]!.id, recipient_phone: '+40722000001', variables },
  });
const sentTemplate = () => graph.sends().at(-1)!.body.template;

describe('templates with header and URL button variables', () => {
  it('lists what the header and buttons need beside the body variables', () => {
    const pick = (name: string) => {
      const { header_format, header_variables, button_variables, variables } = templates[name]!;
      return { header_format, header_variables, button_variables, variables };
    };
    expect(pick('coupon_expiration_reminder_number_vars')).toEqual({
      header_format: 'text',
      header_variables: ['header_1'],
      button_variables: [],
      variables: ['1', '2'],
    });
    expect(pick('order_shipped_image')).toEqual({
      header_format: 'image',
      header_variables: ['header_image'],
      button_variables: ['button_1'],
      variables: ['1'],
    });
    expect(pick('invoice_named')).toEqual({
      header_format: 'text',
      header_variables: ['header_customer'],
      button_variables: [],
      variables: ['amount'],
    });
    expect(pick('statement_document')).toEqual({
      header_format: 'document',
      header_variables: ['header_document'],
      button_variables: [],
      variables: [],
    });
    expect(pick('welcome_video')).toEqual({
      header_format: 'video',
      header_variables: ['header_video'],
      button_variables: [],
      variables: [],
    });
    expect(templates.coupon_expiration_reminder_number_vars!.has_variables).toBe(true);
  });

  it('sends the text header parameter before the body parameters', async () => {
    const res = await send('coupon_expiration_reminder_number_vars', { header_1: 'Pablo', 1: 'SUMMER20', 2: '10' });
    expect(res.statusCode).toBe(200);
    expect(sentTemplate()).toEqual({
      name: 'coupon_expiration_reminder_number_vars',
      language: { policy: 'deterministic', code: 'en' },
      components: [
        { type: 'header', parameters: [{ type: 'text', text: 'Pablo' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'SUMMER20' },
            { type: 'text', text: '10' },
          ],
        },
      ],
    });
  });

  it("sends an image header by link and the URL button's suffix by its index", async () => {
    const res = await send('order_shipped_image', { header_image: 'https://cdn.example.com/box.jpg', 1: '#1042', button_1: 'ZX81' });
    expect(res.statusCode).toBe(200);
    expect(sentTemplate().components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/box.jpg' } }] },
      { type: 'body', parameters: [{ type: 'text', text: '#1042' }] },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'ZX81' }] },
    ]);
  });

  it('takes a media id for document and video headers, and names the parameters of a named template', async () => {
    expect((await send('statement_document', { header_document: '1013859600285441' })).statusCode).toBe(200);
    expect(sentTemplate().components).toEqual([
      { type: 'header', parameters: [{ type: 'document', document: { id: '1013859600285441' } }] },
    ]);
    expect((await send('welcome_video', { header_video: 'https://cdn.example.com/hi.mp4' })).statusCode).toBe(200);
    expect(sentTemplate().components).toEqual([
      { type: 'header', parameters: [{ type: 'video', video: { link: 'https://cdn.example.com/hi.mp4' } }] },
    ]);
    expect((await send('invoice_named', { header_customer: 'Pablo', amount: '$10' })).statusCode).toBe(200);
    expect(sentTemplate().components).toEqual([
      { type: 'header', parameters: [{ type: 'text', parameter_name: 'customer', text: 'Pablo' }] },
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'amount', text: '$10' }] },
    ]);
  });

  it('refuses a send missing a header or button value before the platform sees it', async () => {
    const res = await send('order_shipped_image', { 1: '#1042' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      success: false,
      error: 'Missing values for template variables: header_image, button_1.',
      error_code: 'TEMPLATE_MISMATCH',
    });
    expect(graph.sends()).toEqual([]);
  });
});
