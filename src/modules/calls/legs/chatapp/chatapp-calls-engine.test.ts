import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsSignalForText, signalForText } from '../../audio/test-signal.js';
import { createUser } from '../../../../../test/helpers/factories.js';
import { apiFor, createAssistant } from '../../../../../test/helpers/assistants.js';
import { startFakeGraph, type FakeGraph } from '../../../../../test/helpers/fakes/graph.js';
import { chatappEnv, createCloudSender } from '../../../../../test/helpers/chatapp.js';
import {
  callConnect,
  callTerminate,
  connectRequest,
  deliver,
  deliverAccepted,
  grantCallPermission,
  placedCall,
} from '../../../../../test/helpers/chatapp-calls.js';
import { FakeChatappCustomer } from '../../../../../test/helpers/fakes/chatapp-customer.js';
import { callEnded, startEngineApp, until, type EngineApp } from '../../../../../test/helpers/voice-engine.js';

/**
 * A chatapp call through the real pipeline engine and the production speech adapters: the
 * werift customer's Opus audio crosses ICE/DTLS-SRTP to fake Deepgram (which must find the
 * customer's signal in what it received), the fake model answers, and fake ElevenLabs' audio
 * crosses back to the customer, who must hear it.
 */
let e: EngineApp;
let graph: FakeGraph;
const customers: FakeChatappCustomer[] = [];
beforeAll(async () => {
  graph = await startFakeGraph();
  e = await startEngineApp(chatappEnv(graph));
});
afterAll(async () => {
  for (const customer of customers) await customer.hangUp();
  await e.close();
  await graph.close();
});

const heardText = (customer: FakeChatappCustomer, text: string) =>
  until(() => containsSignalForText(customer.heard(), customer.sampleRate, text), `the customer to hear "${text}"`, 15_000);

describe('chatapp calls on the pipeline engine', () => {
  it.each(['whatsapp_outbound', 'whatsapp_inbound'] as const)(
    "%s: the customer's words reach STT and the synthesised answer reaches the customer",
    async (type) => {
      const owner = await createUser(e.t.deps, { balanceUsd: 5 });
      const api = apiFor(e.t, owner.token);
      const assistant = await createAssistant(api, {
        status: 'active',
        initial_message: 'Hello from the shop!',
        post_call_evaluation: false,
      });
      const sender = await createCloudSender(e.t.app, graph, owner.token, { assistant_id: assistant.id });
      const waId = type === 'whatsapp_outbound' ? '40733000601' : '40733000602';
      e.llm.reset();
      e.deepgram.knowPhrases('What time do you open?');
      e.llm.reply({ content: 'We open at nine.' });
      const customer = new FakeChatappCustomer();
      customers.push(customer);

      if (type === 'whatsapp_outbound') {
        await grantCallPermission(e.t, sender.phone_number_id, waId);
        expect((await api.post('/api/user/chatapp/voice/call', { sender_id: sender.id, recipient_phone: `+${waId}` })).statusCode).toBe(
          200,
        );
        const connect = await connectRequest(graph, waId);
        const wacid = (await placedCall(e.t, sender.id)).provider_call_id;
        const answer = await customer.answer(connect.body.session.sdp);
        await deliver(
          e.t,
          callConnect({
            phoneNumberId: sender.phone_number_id,
            customer: waId,
            wacid,
            at: e.t.clock.now(),
            direction: 'BUSINESS_INITIATED',
            sdp: answer,
          }),
        );
        await deliverAccepted(e.t, sender.phone_number_id, waId, wacid);
      } else {
        await deliver(
          e.t,
          callConnect({
            phoneNumberId: sender.phone_number_id,
            customer: waId,
            wacid: 'wacid.ENGINE-IN',
            at: e.t.clock.now(),
            direction: 'USER_INITIATED',
            sdp: await customer.offer(),
          }),
        );
        const preAccept = await until(
          () => graph.callActions('pre_accept').find((r) => r.body.call_id === 'wacid.ENGINE-IN'),
          'pre_accept',
        );
        await customer.acceptAnswer(preAccept.body.session.sdp);
      }

      await heardText(customer, 'Hello from the shop!');
      customer.say(signalForText('What time do you open?', customer.sampleRate));
      await heardText(customer, 'We open at nine.');
      // Everything queued has been sent: 300 ms more of audio (silence) reached the customer.
      const heardSoFar = customer.heard().length;
      await until(() => customer.heard().length >= heardSoFar + (customer.sampleRate / 1000) * 300, 'the reply to play out');
      // The customer's audio as fake Deepgram received it (linear16 16 kHz) carries their signal.
      const listen = e.deepgram.listens.at(-1)!;
      expect(listen.query).toMatchObject({ encoding: 'linear16', sample_rate: '16000' });
      expect(containsSignalForText(listen.samples(), 16_000, 'What time do you open?')).toBe(true);
      expect(e.elevenlabs.requests.slice(-2).map((r) => r.body.text)).toEqual(['Hello from the shop!', 'We open at nine.']);

      const call = await e.t.deps.db
        .selectFrom('calls')
        .select(['id', 'provider_call_id'])
        .where('chatapp_sender_id', '=', sender.id)
        .executeTakeFirstOrThrow();
      await deliver(
        e.t,
        callTerminate({
          phoneNumberId: sender.phone_number_id,
          customer: waId,
          wacid: call.provider_call_id!,
          at: e.t.clock.now(),
          direction: type === 'whatsapp_outbound' ? 'BUSINESS_INITIATED' : 'USER_INITIATED',
          durationSeconds: 9,
        }),
      );
      // The customer's phone stops sending once the platform ended the call.
      await customer.hangUp();
      const row = await callEnded(e.t, call.id);
      expect(row).toMatchObject({ type, status: 'ended_by_customer', end_reason: 'hangup' });
      expect(row.transcript.map(({ sender: who, text }) => ({ who, text }))).toEqual([
        { who: 'bot', text: 'Hello from the shop!' },
        { who: 'human', text: 'What time do you open?' },
        { who: 'bot', text: 'We open at nine.' },
      ]);
    },
  );
});
