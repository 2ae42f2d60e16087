import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/helpers/factories.js';
import { GRAPH_ERRORS } from '../../../../test/helpers/fakes/graph.js';
import { inboundText, postWebhook } from '../../../../test/helpers/chatapp.js';
import { useCloudSenderApp } from '../../../../test/helpers/cloud-sender-app.js';

const { graph, t, owner, sender, templateIds } = useCloudSenderApp();
beforeAll(async () => {
  // The customer writes first, so free-form sends are inside the window.
  expect(
    (
      await postWebhook(
        t.app,
        inboundText({ phoneNumberId: sender.phone_number_id, from: '40722000001', id: 'wamid.errors1', at: t.clock.now() }),
      )
    ).statusCode,
  ).toBe(200);
  await t.deps.jobs.drain();
});

const platformAnswers = (code: number) => graph.override((r) => (r.method === 'POST' ? GRAPH_ERRORS[code] : undefined));
const freeform = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/chatapp/send-freeform',
    headers: bearer(owner.token),
    payload: { sender_id: sender.id, recipient_phone: '+40722000001', message: 'Hello' },
  });
const template = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/chatapp/send',
    headers: bearer(owner.token),
    payload: {
      sender_id: sender.id,
      template_id: templateIds.coupon_named,
      recipient_phone: '+40722000001',
      variables: { code: 'A1', date: 'Monday' },
    },
  });
/** What a caller sees of the platform's error: its code, its message and its details, verbatim. */
const platformError = (code: number) => {
  const error = GRAPH_ERRORS[code]!.body.error as { message: string; error_data?: { details: string } };
  return { code, message: error.message, details: error.error_data?.details ?? null };
};
const messagesStored = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/user/chatapp/messages?sender_id=${sender.id}&recipient_phone=%2B40722000001`,
      headers: bearer(owner.token),
    })
  ).json().data.length;

describe('platform errors on sends', () => {
  it.each([131030, 131026])(
    "%i is SEND_FAILED with the platform's text on both endpoints, and nothing is recorded as sent",
    async (code) => {
      const before = await messagesStored();
      platformAnswers(code);
      for (const res of [await freeform(), await template()]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          success: false,
          error: platformError(code).message,
          error_code: 'SEND_FAILED',
          platform_error: platformError(code),
        });
      }
      expect(await messagesStored()).toBe(before);
    },
  );

  it('131047 (re-engagement) is SESSION_EXPIRED with the window closed on free-form, SEND_FAILED on a template', async () => {
    platformAnswers(131047);
    const res = await freeform();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'The 24-hour messaging window is closed. Customer must reply first, or use a template message.',
      error_code: 'SESSION_EXPIRED',
      session_status: {
        is_open: false,
        can_send_freeform: false,
        requires_template: true,
        message: 'Session expired. Send a template or wait for customer to reply.',
      },
      platform_error: platformError(131047),
    });
    const sent = await template();
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({ error_code: 'SEND_FAILED', platform_error: platformError(131047) });
  });

  it("132000 is TEMPLATE_MISMATCH and 132001 TEMPLATE_NOT_SYNCED, with the platform's text", async () => {
    platformAnswers(132000);
    const mismatch = await template();
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual({
      success: false,
      error: platformError(132000).message,
      error_code: 'TEMPLATE_MISMATCH',
      platform_error: platformError(132000),
    });
    platformAnswers(132001);
    const missing = await template();
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      success: false,
      error: platformError(132001).message,
      error_code: 'TEMPLATE_NOT_SYNCED',
      platform_error: platformError(132001),
    });
  });

  it.each([
    [131056, '6'],
    [130429, '1'],
    [4, '60'],
  ])('%i (a throttle) is 429 RATE_LIMIT_EXCEEDED with Retry-After %s, so callers and the reply job try again', async (code, retryAfter) => {
    platformAnswers(code);
    for (const res of [await freeform(), await template()]) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe(retryAfter);
      expect(res.json()).toEqual({
        success: false,
        error: platformError(code).message,
        error_code: 'RATE_LIMIT_EXCEEDED',
        platform_error: platformError(code),
      });
    }
  });

  it('190 (token revoked) takes the sender offline: SENDER_OFFLINE at once and on every later send, until a new token', async () => {
    platformAnswers(190);
    const res = await freeform();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      error: 'Sender is not online. Current status: Offline',
      error_code: 'SENDER_OFFLINE',
      platform_error: { code: 190, message: (GRAPH_ERRORS[190]!.body.error as { message: string }).message, details: null },
    });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/user/chatapp/senders/${sender.id}`, headers: bearer(owner.token) })
    ).json().data;
    expect(detail).toMatchObject({
      status: 'offline',
      offline_reason: 'The platform no longer accepts the access token (expired or revoked); update the sender with a new one.',
    });
    graph.reset();
    expect((await template()).json()).toEqual({
      success: false,
      error: 'Sender is not online. Current status: Offline',
      error_code: 'SENDER_OFFLINE',
    });
    expect((await freeform()).statusCode).toBe(503);
    expect(graph.sends()).toEqual([]);
    // A new token that proves it holds the number brings the sender back.
    graph.updatePhoneNumber(sender.phone_number_id, { token: 'EAAJBnewtoken' });
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/chatapp/senders/${sender.id}`,
      headers: bearer(owner.token),
      payload: { access_token: 'EAAJBnewtoken' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ status: 'online', offline_reason: null });
    expect((await freeform()).statusCode).toBe(200);
  });
});
