import { describe, expect, it } from 'vitest';
import { rms, signalForText } from '../../audio/test-signal.js';
import { createPhoneNumber } from '../../../../../test/helpers/assistants.js';
import { makeCall, ownerWithLine, postTwilio, PUBLIC_URL } from '../../../../../test/helpers/voice.js';
import { callEnded, heard, playedOut, until, useEngineApp, type EngineApp } from '../../../../../test/helpers/voice-engine.js';
import { SUPERVISOR_ANSWER_TIMEOUT_MS, transferUnansweredPrompt, WARM_TRANSFER_DEFAULTS } from './warm-transfer.js';

/**
 * Warm transfers on Twilio: the caller hears the hold message, the chat model writes the
 * supervisor's summary, the supervisor is dialled with a briefing that joins a conference while
 * the caller waits on our line with hold music; the caller is moved into the conference when the
 * supervisor answers, or taken off hold (and the call goes on) when nobody does.
 */
const e = useEngineApp();

const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const summary = 'Jane Doe was charged twice for her March order. She wants a refund, which needs a supervisor to approve.';
const STATUS_EVENTS = ['initiated', 'ringing', 'answered', 'completed'];
let supervisorLineSequence = 0;

async function transferCall(tool: Record<string, unknown>, ask: string, after: Array<Record<string, unknown>> = []) {
  const owner = await ownerWithLine(e.t, {
    assistant: { reengagement_interval: 600, max_silence_duration: 360, max_duration: 1200, tools: [{ type: 'end_call' }] },
  });
  const supervisorLine = `+1415555${String(9000 + ++supervisorLineSequence)}`;
  const supervisorLineId = await createPhoneNumber(owner.api, supervisorLine);
  const res = await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, {
    tools: [tool.type === 'warm_call_transfer' ? { outbound_phone_id: supervisorLineId, ...tool } : tool, { type: 'end_call' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  e.deepgram.knowPhrases(ask);
  e.llm.reply(
    { toolCalls: [{ name: 'transfer_call', arguments: { destination: '1' } }] },
    { content: 'Let me get someone for you.' },
    { content: ` ${summary} ` },
    ...after,
  );
  const callId = await makeCall(owner.api, owner.assistant.id);
  const caller = await e.answer(callId);
  await heard(caller, 'Hello! How can I help you today?');
  const createsBefore = e.twilio.creates().length;
  caller.say(signalForText(ask, 8_000));
  const supervisorLeg = () => until(() => e.twilio.creates()[createsBefore], 'the supervisor to be dialled');
  return { owner, callId, caller, createsBefore, supervisorLine, supervisorLeg };
}

/** Twilio's progress callback for the supervisor's call, signed as Twilio signs it. */
async function supervisorStatus(callId: number, legSid: string, status: string, via: Pick<EngineApp['t'], 'app'> = e.t) {
  const res = await postTwilio(
    via as EngineApp['t'],
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

const conferenceTwiml = (callId: number, waitUrl = '') =>
  `${XML}<Response><Dial><Conference startConferenceOnEnter="false" endConferenceOnExit="true"${waitUrl}>transfer-${callId}</Conference></Dial></Response>`;
const callerUpdates = (callSid: string) => e.twilio.updates().filter((u) => u.path.endsWith(`/Calls/${callSid}.json`));

describe('warm transfer', () => {
  it('warm_call_transfer: hold message, a summary, the supervisor dialled from outbound_phone_id; the caller waits on hold music and joins when the supervisor answers', async () => {
    const { owner, callId, caller, supervisorLine, supervisorLeg } = await transferCall(
      {
        type: 'warm_call_transfer',
        supervisor_phone: '+14155550777',
        description: 'Refunds need a supervisor',
        hold_music_volume: 40,
        hold_message: 'One moment, finding a supervisor.',
        summary_instructions: 'Brief the supervisor in two sentences.',
        briefing_initial_message: 'Hi, a caller needs you.',
        connected_message: 'Connecting you now.',
      },
      'I want a refund',
    );
    await heard(caller, 'One moment, finding a supervisor.');
    const leg = await supervisorLeg();

    // The summary request: the assistant's chat model, the tool's instructions, the transcript so far.
    const summaryRequest = e.llm.requests[2]!.body;
    expect(summaryRequest.tools ?? []).toEqual([]);
    expect(summaryRequest.messages).toEqual([
      { role: 'system', content: 'Brief the supervisor in two sentences.\nAnswer with the summary only, as it will be read aloud.' },
      {
        role: 'user',
        content: 'Assistant: Hello! How can I help you today?\nCaller: I want a refund\nAssistant: Let me get someone for you.',
      },
    ]);
    expect(leg.form).toEqual({
      To: '+14155550777',
      From: supervisorLine,
      Twiml:
        `${XML}<Response><Say>Hi, a caller needs you.</Say><Say>${summary}</Say><Say>Connecting you now.</Say>` +
        `<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="true">transfer-${callId}</Conference></Dial></Response>`,
      Timeout: '30',
      StatusCallback: `${PUBLIC_URL}/api/voice/twilio/status?call_id=${callId}&leg=supervisor`,
      StatusCallbackMethod: 'POST',
      StatusCallbackEvent: STATUS_EVENTS,
    });
    expect(leg.form.From).not.toBe(owner.number);

    // Ringing: the caller is still on our line, hearing hold music at hold_music_volume 40.
    await supervisorStatus(callId, leg.sid!, 'ringing');
    const heardBefore = caller.heard().length;
    await until(() => caller.heard().length >= heardBefore + 8 * 600, 'hold music to play');
    const music = rms(caller.heard().subarray(heardBefore + 8 * 200));
    // 0.8 sin + 0.2 sin(2x) at 40 % of a 0.25 full-scale peak: RMS about 1,900 (less the notes' soft edges).
    expect(music).toBeGreaterThan(1_400);
    expect(music).toBeLessThan(2_300);
    const { provider_call_id: callSid } = await e.t.deps.db
      .selectFrom('calls')
      .select('provider_call_id')
      .where('id', '=', callId)
      .executeTakeFirstOrThrow();
    expect(callerUpdates(callSid!)).toEqual([]);

    await supervisorStatus(callId, leg.sid!, 'in-progress');
    const row = await callEnded(e.t, callId);
    expect(callerUpdates(callSid!).map((u) => u.form)).toEqual([{ Twiml: conferenceTwiml(callId) }]);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transferred' });
    expect(row.transcript.slice(-3).map((entry) => [entry.sender, entry.text])).toEqual([
      ['bot', 'Let me get someone for you.'],
      ['bot', 'One moment, finding a supervisor.'],
      ['bot', `Summary for the supervisor: ${summary}`],
    ]);
  });

  it("call_transfer with warm_transfer: the spec defaults for hold message, summary instructions and briefing, from the call's number", async () => {
    const { owner, callId, caller, supervisorLeg } = await transferCall(
      { type: 'call_transfer', phone_number: '+14155550888', description: 'Billing', warm_transfer: true },
      'Put me through',
    );
    await heard(caller, WARM_TRANSFER_DEFAULTS.holdMessage);
    const leg = await supervisorLeg();
    expect(e.llm.requests[2]!.body.messages[0]).toEqual({
      role: 'system',
      content: `${WARM_TRANSFER_DEFAULTS.summaryInstructions}\nAnswer with the summary only, as it will be read aloud.`,
    });
    expect(leg.form.From).toBe(owner.number);
    expect(leg.form.Twiml).toBe(
      `${XML}<Response><Say>${WARM_TRANSFER_DEFAULTS.briefingInitialMessage}</Say><Say>${summary}</Say><Say>You are now connected with a supervisor. I&apos;ll leave you to it.</Say>` +
        `<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="true">transfer-${callId}</Conference></Dial></Response>`,
    );
    await supervisorStatus(callId, leg.sid!, 'in-progress');
    expect(await callEnded(e.t, callId)).toMatchObject({ end_reason: 'transferred' });
  });

  it('hold_music none: no music on our line, and the conference waits in silence (empty waitUrl)', async () => {
    const { callId, caller, supervisorLeg } = await transferCall(
      { type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x', hold_music: 'none' },
      'Supervisor please',
    );
    await heard(caller, WARM_TRANSFER_DEFAULTS.holdMessage);
    const leg = await supervisorLeg();
    // Nothing is sent while nobody speaks and there is no bed: the caller hears silence.
    await playedOut(caller);
    const heardBefore = caller.heard().length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(caller.heard().length - heardBefore).toBeLessThan(8 * 100);
    await supervisorStatus(callId, leg.sid!, 'in-progress');
    await callEnded(e.t, callId);
    expect(e.twilio.updates().at(-1)!.form.Twiml).toBe(conferenceTwiml(callId, ' waitUrl=""'));
  });

  it('a busy supervisor: the ringing leg is cancelled, the music stops, the model tells the caller; ending the call then records transfer_failed', async () => {
    const { callId, caller, supervisorLeg } = await transferCall(
      { type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x' },
      'Manager now',
      [
        { toolCalls: [{ name: 'end_conversation', arguments: { reason: 'nobody available' } }] },
        { content: 'Sorry, nobody is free right now.' },
      ],
    );
    const leg = await supervisorLeg();
    await supervisorStatus(callId, leg.sid!, 'busy');
    await heard(caller, 'Sorry, nobody is free right now.');
    const row = await callEnded(e.t, callId);
    const hidden = e.llm.requests[3]!.body.messages.at(-1)!;
    expect(hidden).toEqual({ role: 'user', content: transferUnansweredPrompt('busy') });
    expect(
      e.twilio
        .updates()
        .filter((u) => u.path.endsWith(`/Calls/${leg.sid}.json`))
        .map((u) => u.form),
    ).toEqual([{ Status: 'canceled' }]);
    expect(e.twilio.updates().at(-1)!.form).toEqual({ Status: 'completed' });
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transfer_failed' });
    expect(row.transcript.at(-1)).toMatchObject({ sender: 'bot', text: 'Sorry, nobody is free right now.' });
  });

  it('no answer within the timeout (engine timers): the caller is taken off hold and the call goes on', async () => {
    const { callId, caller, supervisorLeg } = await transferCall(
      { type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x' },
      'Someone senior',
      [{ content: 'Nobody picked up, but I can take a message.' }],
    );
    await supervisorLeg();
    await until(() => e.timers.nextDueInMs() === SUPERVISOR_ANSWER_TIMEOUT_MS, 'the answer timeout to be armed');
    e.timers.advance(SUPERVISOR_ANSWER_TIMEOUT_MS);
    await heard(caller, 'Nobody picked up, but I can take a message.');
    expect(e.llm.requests[3]!.body.messages.at(-1)).toEqual({ role: 'user', content: transferUnansweredPrompt('no_answer_timeout') });
    const row = await e.t.deps.db.selectFrom('calls').select(['status']).where('id', '=', callId).executeTakeFirstOrThrow();
    expect(row.status).toBe('in-progress');
    caller.hangUp();
    expect(await callEnded(e.t, callId)).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup' });
  });

  it('a supervisor line Twilio refuses: the caller is never put on hold and the model is told at once', async () => {
    const { callId, caller, createsBefore } = await transferCall(
      { type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x' },
      'Manager please',
      [{ content: 'I could not reach a manager.' }],
    );
    await heard(caller, 'Let me get someone for you.');
    e.twilio.failNext(400, { code: 21211, message: "The 'To' number is not valid", status: 400 });
    await heard(caller, 'I could not reach a manager.');
    expect(e.twilio.creates().slice(createsBefore)).toHaveLength(1);
    expect(e.llm.requests[3]!.body.messages.at(-1)).toEqual({ role: 'user', content: transferUnansweredPrompt('dial_failed') });
    caller.hangUp();
    expect(await callEnded(e.t, callId)).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup' });
  });

  it('the caller hanging up on hold cancels the supervisor leg; custom_sip dials the SIP address', async () => {
    const { callId, caller, supervisorLeg } = await transferCall(
      { type: 'warm_call_transfer', supervisor_phone: 'support@pbx.example.com', custom_sip: true, description: 'x' },
      'Get me support',
    );
    const leg = await supervisorLeg();
    expect(leg.form.To).toBe('sip:support@pbx.example.com');
    caller.hangUp();
    const row = await callEnded(e.t, callId);
    expect(row).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup' });
    await until(() => e.twilio.updates().some((u) => u.path.endsWith(`/Calls/${leg.sid}.json`)), 'the supervisor leg to be cancelled');
    expect(e.twilio.updates().filter((u) => u.path.endsWith(`/Calls/${leg.sid}.json`))[0]!.form).toEqual({ Status: 'canceled' });
  });
});

describe('supervisor status across server processes', () => {
  const sessions = () => e.t.deps.services.callsModule.sessions;
  const supervisorColumn = async (callId: number) =>
    (await e.t.deps.db.selectFrom('calls').select('supervisor_status').where('id', '=', callId).executeTakeFirstOrThrow())
      .supervisor_status;

  it('a callback on another process is written on the call row; the holder acts on it at its heartbeat and moves the caller into the conference', async () => {
    const other = await e.t.startAnotherInstance();
    const { callId, caller, supervisorLeg } = await transferCall(
      { type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x' },
      'Transfer me please',
    );
    await heard(caller, WARM_TRANSFER_DEFAULTS.holdMessage);
    const leg = await supervisorLeg();
    const { provider_call_id: callSid } = await e.t.deps.db
      .selectFrom('calls')
      .select('provider_call_id')
      .where('id', '=', callId)
      .executeTakeFirstOrThrow();

    await supervisorStatus(callId, leg.sid!, 'in-progress', other);
    expect(other.deps.services.callsModule.sessions.size).toBe(0);
    expect(await supervisorColumn(callId)).toBe(`${leg.sid}:answered`);
    // The holder learns it from the row at its heartbeat (run here at once instead of in up to 5 s).
    expect(callerUpdates(callSid!)).toEqual([]);
    await sessions().tick();
    const row = await callEnded(e.t, callId);
    expect(callerUpdates(callSid!).map((u) => u.form)).toEqual([{ Twiml: conferenceTwiml(callId) }]);
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transferred' });
  });

  it('a busy leg heard through the row, then again at the next heartbeat and as a callback on the holder, prompts the model once', async () => {
    const other = await e.t.startAnotherInstance();
    const { callId, caller, supervisorLeg } = await transferCall(
      { type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x' },
      'Manager right now',
      [{ content: 'Nobody is free, can I take a message?' }],
    );
    const leg = await supervisorLeg();
    await supervisorStatus(callId, leg.sid!, 'busy', other);
    await sessions().tick();
    await heard(caller, 'Nobody is free, can I take a message?');
    expect(e.llm.requests[3]!.body.messages.at(-1)).toEqual({ role: 'user', content: transferUnansweredPrompt('busy') });
    // The same progress again, by the row and by a repeated callback on this process: no second prompt.
    await sessions().tick();
    await supervisorStatus(callId, leg.sid!, 'busy');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(e.llm.requests).toHaveLength(4);
    expect(
      e.twilio
        .updates()
        .filter((u) => u.path.endsWith(`/Calls/${leg.sid}.json`))
        .map((u) => u.form),
    ).toEqual([{ Status: 'canceled' }]);
    caller.hangUp();
    expect(await callEnded(e.t, callId)).toMatchObject({ status: 'ended_by_customer', end_reason: 'hangup' });
  });
});
