import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser, TEST_ACTOR } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, createPhoneNumber, readAssistant, type Api } from '../../../test/helpers/assistants.js';
import { createAssistantsService } from './assistants.service.js';
import { parseAssistantBody } from './assistant-input.js';

/**
 * Spec 2.6 and 5.5: every id an assistant references must be the caller's. Another account's id
 * fails validation on that field with the same words as an id that does not exist.
 */
let t: TestApp;
let api: Api;
let other: Api;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiFor(t, (await createUser(t.deps)).token);
  other = apiFor(t, (await createUser(t.deps)).token);
});
afterAll(async () => {
  await t.close();
});

const put = (id: number, body: Record<string, unknown>) => api.put(`/api/user/assistant/${id}`, body);
const errorsOf = async (id: number, body: Record<string, unknown>) => {
  const res = await put(id, body);
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors;
};
const make = async (a: Api, url: string, body: Record<string, unknown>) => (await a.post(url, body)).json().data.id as number;
/** A released dedicated number goes at the end of its (monthly) billing period: let it pass. */
const releaseDueNumbers = async () => {
  t.clock.advance(32 * 24 * 3_600_000);
  await t.deps.jobs.drain();
};
const tool = (name: string) => ({ name, description: 'Look something up', endpoint: 'https://api.example.com/x', method: 'GET' });

describe('folder_id', () => {
  it("accepts the caller's folder, refuses another account's or an unknown one, and null uncategorises", async () => {
    const mine = await make(api, '/api/user/folder', { name: 'Mine' });
    const theirs = await make(other, '/api/user/folder', { name: 'Theirs' });
    const { id } = await createAssistant(api);
    expect((await put(id, { folder_id: mine })).statusCode).toBe(200);
    for (const folder of [theirs, 999999])
      expect(await errorsOf(id, { folder_id: folder })).toEqual({ folder_id: ['The selected folder id is invalid.'] });
    expect((await readAssistant(api, id)).folder_id).toBe(mine);
    await put(id, { folder_id: null });
    expect((await readAssistant(api, id)).folder_id).toBeNull();
  });

  it('deleting a folder uncategorises its assistants', async () => {
    const folder = await make(api, '/api/user/folder', { name: 'Doomed' });
    const { id } = await createAssistant(api, { folder_id: folder });
    expect((await api.get(`/api/user/folder/${folder}`)).json().data.assistants_count).toBe(1);
    await api.delete(`/api/user/folder/${folder}`);
    expect((await readAssistant(api, id)).folder_id).toBeNull();
  });
});

describe('label_ids', () => {
  it("every label must be the caller's; the list is replaced", async () => {
    const [a, b] = [await make(api, '/api/user/label', { name: 'VIP' }), await make(api, '/api/user/label', { name: 'Spanish' })];
    const theirs = await make(other, '/api/user/label', { name: 'VIP' });
    const { id } = await createAssistant(api, { label_ids: [a] });
    expect(await errorsOf(id, { label_ids: [b, theirs] })).toEqual({ 'label_ids.1': ['The selected label ids.1 is invalid.'] });
    await put(id, { label_ids: [b, a] });
    expect((await readAssistant(api, id)).label_ids).toEqual([a, b].sort((x, y) => x - y));
    await put(id, { label_ids: [b] });
    expect((await readAssistant(api, id)).label_ids).toEqual([b]);
  });

  it('deleting a label removes it from its assistants', async () => {
    const label = await make(api, '/api/user/label', { name: 'Temporary' });
    const { id } = await createAssistant(api, { label_ids: [label] });
    await api.delete(`/api/user/label/${label}`);
    expect((await readAssistant(api, id)).label_ids).toEqual([]);
  });
});

describe('tool_ids', () => {
  it("every custom tool must be the caller's; deleting a tool detaches it everywhere", async () => {
    const mine = await make(api, '/api/user/tools', tool('check_order'));
    const theirs = await make(other, '/api/user/tools', tool('check_order'));
    const first = await createAssistant(api, { tool_ids: [mine] });
    const second = await createAssistant(api, { tool_ids: [mine] });
    expect(await errorsOf(first.id, { tool_ids: [theirs] })).toEqual({ 'tool_ids.0': ['The selected tool ids.0 is invalid.'] });
    expect((await api.delete(`/api/user/tools/${mine}`)).statusCode).toBe(200);
    expect((await readAssistant(api, first.id)).tool_ids).toEqual([]);
    expect((await readAssistant(api, second.id)).tool_ids).toEqual([]);
  });
});

describe('phone_number_id', () => {
  it("must be the caller's number", async () => {
    const theirs = await createPhoneNumber(other, '+14155550101');
    const { id } = await createAssistant(api);
    expect(await errorsOf(id, { phone_number_id: theirs })).toEqual({ phone_number_id: ['The selected phone number id is invalid.'] });
  });

  it('inbound: not a Caller ID number, and not one another inbound assistant holds', async () => {
    const callerId = await createPhoneNumber(api, '+14155550102', 'caller_id');
    const line = await createPhoneNumber(api, '+14155550103');
    const { id } = await createAssistant(api, { type: 'inbound' });
    expect(await errorsOf(id, { phone_number_id: callerId })).toEqual({
      phone_number_id: ['A Caller ID number cannot be assigned to an inbound assistant.'],
    });
    expect((await put(id, { phone_number_id: line })).statusCode).toBe(200);
    const second = await createAssistant(api, { type: 'inbound' });
    expect(await errorsOf(second.id, { phone_number_id: line })).toEqual({
      phone_number_id: ['The phone number is already assigned to another inbound assistant.'],
    });
    // Outbound assistants may share it, and use a Caller ID number.
    expect((await createAssistant(api, { type: 'outbound', phone_number_id: line })).id).toBeGreaterThan(0);
    expect((await createAssistant(api, { type: 'outbound', phone_number_id: callerId })).id).toBeGreaterThan(0);
  });

  it('judges the final state: turning an outbound assistant inbound re-checks its number', async () => {
    const line = await createPhoneNumber(api, '+14155550104');
    await createAssistant(api, { type: 'inbound', phone_number_id: line });
    const outbound = await createAssistant(api, { type: 'outbound', phone_number_id: line });
    expect(await errorsOf(outbound.id, { type: 'inbound' })).toEqual({
      phone_number_id: ['The phone number is already assigned to another inbound assistant.'],
    });
  });

  it('releasing an imported number unassigns it at once', async () => {
    const line = await createPhoneNumber(api, '+14155550105');
    const { id } = await createAssistant(api, { type: 'inbound', phone_number_id: line });
    await api.delete(`/api/user/phone-numbers/${line}`);
    expect((await readAssistant(api, id)).phone_number_id).toBeNull();
  });
});

describe('built-in tools that reference account resources', () => {
  it("assistant_transfer: another assistant of the account, never itself or another account's", async () => {
    const target = await createAssistant(api, { name: 'Billing' });
    const theirs = await createAssistant(other);
    const { id } = await createAssistant(api);
    expect(await errorsOf(id, { tools: [{ type: 'assistant_transfer', assistant_id: id }] })).toEqual({
      'tools.0.assistant_id': ['An assistant cannot transfer to itself.'],
    });
    expect(await errorsOf(id, { tools: [{ type: 'assistant_transfer', assistant_id: theirs.id }] })).toEqual({
      'tools.0.assistant_id': ['The selected tools.0.assistant id is invalid.'],
    });
    expect((await put(id, { tools: [{ type: 'assistant_transfer', assistant_id: target.id }] })).statusCode).toBe(200);
    expect((await readAssistant(api, id)).tools).toEqual([
      {
        type: 'assistant_transfer',
        assistant_id: target.id,
        description: 'Transfer the conversation to this assistant when appropriate.',
        message_before_transfer: null,
        speak_transfer_greeting: true,
      },
    ]);
  });

  it('deleting a transfer target drops the transfer tools that pointed at it, and only those', async () => {
    const target = await createAssistant(api, { name: 'Goes away' });
    const { id } = await createAssistant(api, {
      tools: [{ type: 'end_call' }, { type: 'assistant_transfer', assistant_id: target.id }, { type: 'dtmf_input' }],
    });
    await api.delete(`/api/user/assistant/${target.id}`);
    expect((await readAssistant(api, id)).tools.map((x: { type: string }) => x.type)).toEqual(['end_call', 'dtmf_input']);
  });

  it("warm_call_transfer: the dialling line must be the caller's; deleting it drops the tool", async () => {
    const line = await createPhoneNumber(api, '+14155550106');
    const theirs = await createPhoneNumber(other, '+14155550107');
    const warm = (outbound_phone_id: number) => ({
      type: 'warm_call_transfer',
      supervisor_phone: '+14155550199',
      outbound_phone_id,
      description: 'Angry caller',
    });
    const { id } = await createAssistant(api);
    expect(await errorsOf(id, { tools: [warm(theirs)] })).toEqual({
      'tools.0.outbound_phone_id': ['The selected tools.0.outbound phone id is invalid.'],
    });
    expect((await put(id, { tools: [warm(line), { type: 'end_call' }] })).statusCode).toBe(200);
    await api.delete(`/api/user/phone-numbers/${line}`);
    await releaseDueNumbers();
    expect((await readAssistant(api, id)).tools.map((x: { type: string }) => x.type)).toEqual(['end_call']);
  });
});

describe('knowledgebase_id', () => {
  it("asks the knowledge module whether the id is the caller's; null removes it", async () => {
    const owner = await createUser(t.deps);
    const owned = new Map([[41, owner.user.id]]);
    const assistants = createAssistantsService({
      ...t.deps,
      catalog: t.deps.services.catalog,
      calendars: t.deps.services.calendars,
      owners: {
        ...t.deps.services,
        knowledgeBases: { isOwnedBy: async (userId, kbId) => owned.get(kbId) === userId },
      },
    });
    const { id } = await createAssistant(apiFor(t, owner.token));
    await assistants.update(owner.user.id, id, parseAssistantBody({ knowledgebase_id: 41 }, 'update'), TEST_ACTOR);
    expect((await assistants.get(owner.user.id, id)).knowledgebase_id).toBe(41);
    await expect(
      assistants.update(owner.user.id, id, parseAssistantBody({ knowledgebase_id: 42 }, 'update'), TEST_ACTOR),
    ).rejects.toMatchObject({
      statusCode: 422,
      fieldErrors: { knowledgebase_id: ['The selected knowledgebase id is invalid.'] },
    });
    await assistants.detachKnowledgeBase(41);
    expect((await assistants.get(owner.user.id, id)).knowledgebase_id).toBeNull();
  });
});
