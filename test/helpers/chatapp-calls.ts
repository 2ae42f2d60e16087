import { expect } from 'vitest';
import type { TestApp } from './test-app.js';
import type { FakeGraph, GraphRequest } from './fakes/graph.js';
import { permissionReply, postWebhook } from './chatapp.js';
import { until } from './voice-engine.js';

const seconds = (date: Date) => String(Math.floor(date.getTime() / 1000));
let sequence = 0;

/** The `calls` webhook envelope (whatsapp-cloud-api.md §6.5), for one of our senders. */
function callsEnvelope(phoneNumberId: string, customer: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'calls',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '40711000111', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: 'Maria' }, wa_id: customer }],
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** `connect`: the answer to our offer (business-initiated) or the customer's own offer (user-initiated). */
export function callConnect(input: {
  phoneNumberId: string;
  customer: string;
  wacid: string;
  at: Date;
  direction: 'BUSINESS_INITIATED' | 'USER_INITIATED';
  sdp: string;
  callbackData?: string;
}) {
  const business = input.direction === 'BUSINESS_INITIATED';
  return callsEnvelope(input.phoneNumberId, input.customer, {
    calls: [
      {
        id: input.wacid,
        from: business ? '40711000111' : input.customer,
        to: business ? input.customer : '40711000111',
        event: 'connect',
        timestamp: seconds(input.at),
        direction: input.direction,
        session: { sdp_type: business ? 'answer' : 'offer', sdp: input.sdp },
        ...(input.callbackData ? { biz_opaque_callback_data: input.callbackData } : {}),
      },
    ],
  });
}

/** A failed call's error as the platform's terminate webhook carries it (the captured 138021 call). */
export const MEDIA_TIMEOUT_ERROR = {
  code: 138021,
  title: 'WhatsApp client terminated the call due to not receiving any media for a long time. Please try again',
  message: 'WhatsApp client terminated the call due to not receiving any media for a long time. Please try again',
  error_data: { details: 'WhatsApp client terminated the call due to not receiving any media for a long time.' },
};

/**
 * `terminate`: start/end/duration only when the call was picked up; a `failure` makes it FAILED
 * with that error both in the call and at `value.errors`, as the platform sends it.
 */
export function callTerminate(input: {
  phoneNumberId: string;
  customer: string;
  wacid: string;
  at: Date;
  direction: 'BUSINESS_INITIATED' | 'USER_INITIATED';
  durationSeconds?: number;
  failure?: typeof MEDIA_TIMEOUT_ERROR;
}) {
  const call: Record<string, unknown> = {
    id: input.wacid,
    from: input.customer,
    to: '40711000111',
    event: 'terminate',
    timestamp: seconds(input.at),
    direction: input.direction,
    status: input.durationSeconds && !input.failure ? 'COMPLETED' : 'FAILED',
  };
  if (input.durationSeconds) {
    Object.assign(call, {
      start_time: seconds(new Date(input.at.getTime() - input.durationSeconds * 1000)),
      end_time: seconds(input.at),
      duration: input.durationSeconds,
    });
  }
  if (input.failure) call.errors = [input.failure];
  return callsEnvelope(input.phoneNumberId, input.customer, { calls: [call], ...(input.failure ? { errors: [input.failure] } : {}) });
}

export function callStatus(input: {
  phoneNumberId: string;
  customer: string;
  wacid: string;
  at: Date;
  status: 'RINGING' | 'ACCEPTED' | 'REJECTED';
}) {
  return callsEnvelope(input.phoneNumberId, input.customer, {
    statuses: [{ id: input.wacid, timestamp: seconds(input.at), type: 'call', status: input.status, recipient_id: input.customer }],
  });
}

/** The customer picks up a business call: the platform's ACCEPTED status. */
export function deliverAccepted(t: TestApp, phoneNumberId: string, customer: string, wacid: string): Promise<void> {
  return deliver(t, callStatus({ phoneNumberId, customer, wacid, at: t.clock.now(), status: 'ACCEPTED' }));
}

/** Posts a signed platform webhook and runs the job that processes it. */
export async function deliver(t: TestApp, payload: unknown): Promise<void> {
  expect((await postWebhook(t.app, payload)).statusCode).toBe(200);
  await t.deps.jobs.drain();
}

/** The customer allows calls (an accepted call_permission_reply). */
export async function grantCallPermission(t: TestApp, phoneNumberId: string, customer: string): Promise<void> {
  sequence += 1;
  await deliver(
    t,
    permissionReply({
      phoneNumberId,
      from: customer,
      id: `wamid.grant${sequence}`,
      at: t.clock.now(),
      response: 'accept',
      permanent: true,
    }),
  );
}

/** The `connect` request the fake Graph received for a call to `customer` (waits for it). */
export function connectRequest(graph: FakeGraph, customer: string): Promise<GraphRequest> {
  return until(() => graph.callActions('connect').find((r) => r.body?.to === customer), `connect to ${customer}`);
}

/** A sender's latest call once the platform's call id is stored (connect has returned). */
export function placedCall(t: TestApp, senderId: number): Promise<{ id: number; uuid: string; provider_call_id: string }> {
  return until(async () => {
    const row = await t.deps.db
      .selectFrom('calls')
      .select(['id', 'uuid', 'provider_call_id'])
      .where('chatapp_sender_id', '=', senderId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.provider_call_id ? (row as { id: number; uuid: string; provider_call_id: string }) : undefined;
  }, `the call of sender ${senderId} to be placed`);
}
