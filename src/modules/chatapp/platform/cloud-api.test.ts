import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { graphErrorBody, startFakeGraph, type FakeGraph } from '../../../../test/helpers/fakes/graph.js';
import { createGraphTransport, graphError, parseCallPermission, type GraphTransport } from './cloud-api.js';
import { PlatformError } from './types.js';

let graph: FakeGraph;
let transport: GraphTransport;
beforeAll(async () => {
  graph = await startFakeGraph();
  transport = createGraphTransport({ baseUrl: `${graph.baseUrl}/`, timeoutMs: 10_000 });
});
afterAll(async () => {
  await transport.close();
  await graph.close();
});
beforeEach(() => graph.reset());

const client = () => transport.forSender({ phoneNumberId: '106540352242922', wabaId: '102290129340398', accessToken: 'EAAJB-token' });

describe('the cloud_api adapter against a Graph server', () => {
  it("keeps a Graph error's code, message and details", async () => {
    graph.override(() => ({ status: 400, body: graphErrorBody(131047, 'Re-engagement message', 'More than 24 hours have passed.') }));
    const error = await client()
      .sendText('+40711222333', 'hi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({
      kind: 'rejected',
      code: 131047,
      message: 'Re-engagement message',
      details: 'More than 24 hours have passed.',
      httpStatus: 400,
    });
  });

  it('calls a timeout, a 5xx or a body that is not JSON unavailable', async () => {
    // A short timeout only here, so a busy machine cannot time out the other cases.
    const impatient = createGraphTransport({ baseUrl: `${graph.baseUrl}/`, timeoutMs: 300 });
    graph.override(() => ({ status: 200, body: {}, delayMs: 2_000 }));
    const timedOut = impatient
      .forSender({ phoneNumberId: '106540352242922', wabaId: '102290129340398', accessToken: 'EAAJB-token' })
      .sendText('+40711222333', 'hi');
    await expect(timedOut).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'The messaging platform could not be reached: the request timed out',
    });
    await impatient.close();
    graph.override(() => ({ status: 502, body: 'Bad gateway' }));
    await expect(client().listTemplates()).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'The messaging platform answered HTTP 502.',
    });
    graph.override(() => ({ status: 200, body: { messages: [] } }));
    await expect(client().sendText('+40711222333', 'hi')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('sends media by kind, with no caption on audio', async () => {
    await client().sendMedia('+40711222333', { kind: 'audio', url: 'https://x/a.mp3', caption: 'ignored' });
    await client().sendMedia('+40711222333', { kind: 'image', url: 'https://x/a.png', caption: 'look' });
    expect(graph.sends().map((r) => r.body)).toMatchObject([
      { type: 'audio', audio: { link: 'https://x/a.mp3' } },
      { type: 'image', image: { link: 'https://x/a.png', caption: 'look' } },
    ]);
    expect(graph.sends()[0]!.body.audio).toEqual({ link: 'https://x/a.mp3' });
  });

  it("reads the call permission state in the guide's format and refuses to guess the other one", async () => {
    graph.setCallPermission('40711222333', {
      messaging_product: 'whatsapp',
      permission: { status: 'temporary', expiration_time: 1745343479 },
      actions: [
        { action_name: 'send_call_permission_request', can_perform_action: false, limits: [] },
        { action_name: 'start_call', can_perform_action: true },
      ],
    });
    expect(await client().getCallPermission('+40711222333')).toEqual({
      status: 'temporary',
      expiresAt: new Date(1745343479_000),
      canSendRequest: false,
    });
    expect(graph.requests[0]).toMatchObject({
      path: '/106540352242922/call_permissions',
      query: { user_wa_id: '40711222333' },
      headers: { authorization: 'Bearer EAAJB-token' },
    });
    expect(parseCallPermission({ permission: { status: 'granted' } })).toEqual({
      status: 'unknown',
      expiresAt: null,
      canSendRequest: null,
    });
  });

  it('stops following a cursor that does not move', async () => {
    graph.override((r) =>
      r.path.endsWith('/message_templates')
        ? {
            status: 200,
            body: {
              data: [{ id: '1', name: 'a', status: 'APPROVED' }],
              paging: { cursors: { after: 'SAME' }, next: 'https://graph.facebook.com/next' },
            },
          }
        : undefined,
    );
    expect(await client().listTemplates()).toHaveLength(2);
    expect(graph.requests).toHaveLength(2);
  });

  it('words an error without a Graph body by its status', () => {
    expect(graphError(404, undefined)).toMatchObject({
      kind: 'rejected',
      code: null,
      message: 'The messaging platform answered HTTP 404.',
    });
    expect(graphError(429, { error: { message: '(#613) Calls to this api have exceeded the rate limit.', code: 613 } })).toMatchObject({
      kind: 'unavailable',
      code: 613,
    });
  });
});
