import { describe, expect, it } from 'vitest';
import { rms } from '../../audio/test-signal.js';
import { creates, GREETING, sayExactly, useRealtimePhoneApp } from '../../../../../test/helpers/realtime-phone.js';
import { postTwilio } from '../../../../../test/helpers/voice.js';
import { callEnded, heard, playedOut, until } from '../../../../../test/helpers/voice-engine.js';
import { transferUnansweredPrompt } from '../functions/warm-transfer.js';

/**
 * transfer_call on the realtime engine (phone calls, the fake Realtime server as the model): the
 * model's goodbye plays before the hand-over, cold to the number or warm through the supervisor's
 * conference, with the caller on hold music on our line until the supervisor answers.
 */
const { e, greetedCall } = useRealtimePhoneApp();

describe('transfers', () => {
  /** A multimodal assistant on a line with `tool`, called and greeted. */
  async function callWithTool(tool: (phoneNumberId: number) => Record<string, unknown>) {
    return greetedCall(
      {},
      {
        setup: async (owner) => {
          const res = await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, {
            tools: [tool(owner.phoneNumberId), { type: 'end_call' }],
          });
          expect(res.statusCode, res.body).toBe(200);
        },
      },
    );
  }

  it('cold transfer_call: the model says so in its answer to the result, then the line is redirected to the number', async () => {
    const { callId, caller, model } = await callWithTool(() => ({
      type: 'call_transfer',
      phone_number: '+14155550123',
      description: 'The billing department',
    }));
    const session = model.events.find((ev) => ev.type === 'session.update')!.session as Record<string, any>;
    expect(session.tools.map((tool: { name: string }) => tool.name)).toContain('transfer_call');
    const updatesBefore = e.twilio.updates().length;
    model.functionCall('transfer_call', { destination: '1' }, 'call_t');
    await model.waitFor('conversation.item.create');
    expect(model.events.filter((ev) => ev.type === 'conversation.item.create')).toEqual([
      {
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: 'call_t', output: '{"transferring":true,"destination":"1"}' },
      },
    ]);
    // Nothing is handed over before the goodbye has played.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(e.twilio.updates().length).toBe(updatesBefore);
    model.speak('Transferring you to billing now.');
    await heard(caller, 'Transferring you to billing now.');
    const row = await callEnded(e.t, callId);
    expect(e.twilio.updates().slice(updatesBefore)).toHaveLength(1);
    expect(e.twilio.updates().at(-1)!.form.Twiml).toContain('+14155550123</Dial>');
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transferred' });
    expect(row.transcript.at(-1)).toMatchObject({
      sender: 'bot',
      text: 'Transferring you to billing now.',
      function_calls: [{ name: 'transfer_call', arguments: { destination: '1' }, result: { transferring: true, destination: '1' } }],
    });
  });

  /** Twilio's progress callback for the supervisor's call, signed as Twilio signs it. */
  async function supervisorStatus(callId: number, legSid: string, status: string) {
    const res = await postTwilio(
      e.t,
      `/api/voice/twilio/status?call_id=${callId}&leg=supervisor`,
      {
        AccountSid: e.accountSid,
        CallSid: legSid,
        CallStatus: status,
        Direction: 'outbound-api',
        ApiVersion: '2010-04-01',
      },
      { token: e.authToken },
    );
    expect(res.statusCode).toBe(200);
  }

  async function warmTransferStarted(summary: string) {
    const call = await callWithTool((phoneNumberId) => ({
      type: 'warm_call_transfer',
      supervisor_phone: '+14155550777',
      description: 'Refunds need a supervisor',
      outbound_phone_id: phoneNumberId,
      hold_message: 'One moment, finding a supervisor.',
      briefing_initial_message: 'Hi, a caller needs you.',
      connected_message: 'Connecting you now.',
    }));
    e.llm.reply({ content: ` ${summary} ` });
    const createsBefore = e.twilio.creates().length;
    call.model.userTranscript('I want a refund.');
    call.model.functionCall('transfer_call', { destination: '1' }, 'call_w');
    await call.model.waitFor('conversation.item.create');
    call.model.speak('Let me get a supervisor.');
    await call.model.waitFor('response.create', 3);
    expect(creates(call.model)[2]).toEqual(sayExactly('One moment, finding a supervisor.'));
    call.model.speak('One moment, finding a supervisor.');
    await heard(call.caller, 'One moment, finding a supervisor.');
    const leg = await until(() => e.twilio.creates()[createsBefore], 'the supervisor to be dialled');
    return { ...call, leg };
  }

  it('warm transfer: the model says the hold message while the chat model briefs the supervisor; the caller waits on hold music and joins when the supervisor answers', async () => {
    const summary = 'Jane wants a refund that needs a supervisor.';
    const { owner, callId, caller, leg } = await warmTransferStarted(summary);
    // Written while the hold message plays: the transcript up to the model's goodbye.
    expect(e.llm.requests.at(-1)!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: `Assistant: ${GREETING}\nCaller: I want a refund.\nAssistant: Let me get a supervisor.`,
    });
    expect(leg.form).toMatchObject({ To: '+14155550777', From: owner.number });
    expect(leg.form.Twiml).toContain(`<Say>Hi, a caller needs you.</Say><Say>${summary}</Say><Say>Connecting you now.</Say>`);
    // Ringing: hold music on our line.
    await supervisorStatus(callId, leg.sid!, 'ringing');
    const before = caller.heard().length;
    await until(() => caller.heard().length >= before + 8 * 600, 'hold music to play');
    expect(rms(caller.heard().subarray(before + 8 * 200))).toBeGreaterThan(1_000);
    await supervisorStatus(callId, leg.sid!, 'in-progress');
    const row = await callEnded(e.t, callId);
    expect(e.twilio.updates().at(-1)!.form.Twiml).toContain(`transfer-${callId}</Conference>`);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transferred' });
    expect(row.transcript.slice(-2).map((entry) => entry.text)).toEqual([
      'One moment, finding a supervisor.',
      `Summary for the supervisor: ${summary}`,
    ]);
  });

  it('warm transfer to a busy supervisor: the model is told with a hidden prompt and the call goes on', async () => {
    const { callId, caller, model, leg } = await warmTransferStarted('A refund.');
    await supervisorStatus(callId, leg.sid!, 'busy');
    await model.waitFor('response.create', 4);
    expect(creates(model)[3]).toEqual({ type: 'response.create', response: { instructions: transferUnansweredPrompt('busy') } });
    model.speak('Sorry, nobody is free right now.');
    await heard(caller, 'Sorry, nobody is free right now.');
    await playedOut(caller);
    expect((await e.t.deps.db.selectFrom('calls').select('status').where('id', '=', callId).executeTakeFirstOrThrow()).status).toBe(
      'in-progress',
    );
    // The caller is done: ending the call now records the failed transfer.
    model.functionCall('end_conversation', { reason: 'nobody available' }, 'call_end');
    await model.waitFor('conversation.item.create', 2);
    model.speak('Goodbye!');
    expect(await callEnded(e.t, callId)).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transfer_failed' });
  });
});
