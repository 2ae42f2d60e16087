import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTool } from '../../../test/helpers/assistants.js';
import { bearer } from '../../../test/helpers/factories.js';
import {
  openConversation,
  ownerWithAssistant,
  sendMessage,
  startConversationsApp,
  type ConversationsTestApp,
} from '../../../test/helpers/conversations.js';
import type { FakeCompletionRequest } from '../../../test/helpers/fakes/openai.js';

let ctx: ConversationsTestApp;
beforeAll(async () => {
  ctx = await startConversationsApp();
});
afterAll(async () => {
  await ctx.close();
});

const systemPrompt = (request: FakeCompletionRequest) => request.body.messages[0]!.content ?? '';
const offeredTools = (request: FakeCompletionRequest) => (request.body.tools ?? []).map((tool) => tool.function.name);

async function answered(conversation: string, text: string) {
  const res = await sendMessage(ctx.t, conversation, text);
  expect(res.statusCode, res.body).toBe(200);
  return ctx.llm.requests.at(-1)!;
}

// A process keeps the assistants its widget messages read and has the database send an
// assistant's row again only when its version moved: these show every change still arrives.
// (A transfer's target, which a process holds once a message has read it, is in built-in-functions.test.ts.)
describe('the assistant that answers a widget message', () => {
  it('is the assistant as it stands, changed by another process between two messages', async () => {
    const { t } = ctx;
    const owner = await ownerWithAssistant(t, { assistant: { system_prompt: 'You sell bicycles.' } });
    const conversation = await openConversation(t, owner.assistant.uuid);
    expect(systemPrompt(await answered(conversation, 'Hello'))).toContain('You sell bicycles.');
    expect(systemPrompt(await answered(conversation, 'Hello again'))).toContain('You sell bicycles.');

    const other = await t.startAnotherInstance();
    const res = await other.app.inject({
      method: 'PUT',
      url: `/api/user/assistant/${owner.assistant.id}`,
      headers: bearer(owner.token),
      payload: { system_prompt: 'You sell scooters.' },
    });
    expect(res.statusCode, res.body).toBe(200);

    const system = systemPrompt(await answered(conversation, 'And now?'));
    expect(system).toContain('You sell scooters.');
    expect(system).not.toContain('bicycles');
  });

  it('is offered a tool attached between two messages, and no longer one detached', async () => {
    const { t } = ctx;
    const owner = await ownerWithAssistant(t);
    const conversation = await openConversation(t, owner.assistant.uuid);
    expect(offeredTools(await answered(conversation, 'Hello'))).toEqual([]);

    const toolId = await createTool(owner.api);
    const attached = await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tool_ids: [toolId] });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(offeredTools(await answered(conversation, 'Where is my order?'))).toEqual(['lookup_order']);

    const detached = await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tool_ids: [] });
    expect(detached.statusCode, detached.body).toBe(200);
    expect(offeredTools(await answered(conversation, 'And now?'))).toEqual([]);
  });
});
