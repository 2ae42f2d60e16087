import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signalForText } from '../audio/test-signal.js';
import { makeCall, ownerWithLine } from '../../../../test/helpers/voice.js';
import { callEnded, heard, startEngineApp, until, type EngineApp } from '../../../../test/helpers/voice-engine.js';
import { WARM_TRANSFER_DEFAULTS } from './warm-transfer.js';

/**
 * Warm transfers on Twilio: the caller hears the hold message, the chat model writes the
 * supervisor's summary, the supervisor is dialled with a briefing that joins a conference, and
 * the caller is moved into that conference.
 */
let e: EngineApp;
beforeAll(async () => {
  e = await startEngineApp();
});
afterAll(async () => {
  await e.close();
});
beforeEach(() => {
  e.llm.reset();
  e.elevenlabs.requests.length = 0;
});

const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const summary = 'Jane Doe was charged twice for her March order. She wants a refund, which needs a supervisor to approve.';

async function transferCall(tool: Record<string, unknown>, ask: string) {
  const owner = await ownerWithLine(e.t, { assistant: { reengagement_interval: 600, max_silence_duration: 360, max_duration: 1200 } });
  const res = await owner.api.put(`/api/user/assistant/${owner.assistant.id}`, { tools: [tool.type === 'warm_call_transfer' ? { ...tool, outbound_phone_id: owner.phoneNumberId } : tool] });
  expect(res.statusCode, res.body).toBe(200);
  e.deepgram.knowPhrases(ask);
  e.llm.reply({ toolCalls: [{ name: 'transfer_call', arguments: { destination: '1' } }] }, { content: 'Let me get someone for you.' }, { content: ` ${summary} ` });
  const callId = await makeCall(owner.api, owner.assistant.id);
  const caller = await e.answer(callId);
  await heard(caller, 'Hello! How can I help you today?');
  const createsBefore = e.twilio.creates().length;
  caller.say(signalForText(ask, 8_000));
  return { owner, callId, caller, createsBefore };
}

describe('warm transfer', () => {
  it('warm_call_transfer: hold message, a summary from the model, the supervisor briefed into a conference the caller joins on hold music', async () => {
    const { owner, callId, caller, createsBefore } = await transferCall({
      type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'Refunds need a supervisor',
      hold_message: 'One moment, finding a supervisor.', summary_instructions: 'Brief the supervisor in two sentences.',
      briefing_initial_message: 'Hi, a caller needs you.', connected_message: 'Connecting you now.',
    }, 'I want a refund');
    await heard(caller, 'One moment, finding a supervisor.');
    const row = await callEnded(e.t, callId);

    // The summary request: the assistant's chat model, the tool's instructions, the transcript so far.
    const summaryRequest = e.llm.requests[2]!.body;
    expect(summaryRequest.tools ?? []).toEqual([]);
    expect(summaryRequest.messages).toEqual([
      { role: 'system', content: 'Brief the supervisor in two sentences.\nAnswer with the summary only, as it will be read aloud.' },
      { role: 'user', content: 'Assistant: Hello! How can I help you today?\nCaller: I want a refund\nAssistant: Let me get someone for you.' },
    ]);
    expect(summaryRequest.model).toBe(e.llm.requests[0]!.body.model);

    const creates = e.twilio.creates().slice(createsBefore);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.form).toEqual({
      To: '+14155550777',
      From: owner.number,
      Twiml: `${XML}<Response><Say>Hi, a caller needs you.</Say><Say>${summary}</Say><Say>Connecting you now.</Say>`
        + `<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="true">transfer-${callId}</Conference></Dial></Response>`,
    });
    const update = e.twilio.updates().at(-1)!;
    expect(update.path).toBe(`/2010-04-01/Accounts/${e.accountSid}/Calls/${row.provider_call_id}.json`);
    expect(update.form).toEqual({
      Twiml: `${XML}<Response><Dial><Conference startConferenceOnEnter="false" endConferenceOnExit="true">transfer-${callId}</Conference></Dial></Response>`,
    });
    expect(e.twilio.requests.indexOf(creates[0]!)).toBeLessThan(e.twilio.requests.indexOf(update));

    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transferred' });
    expect(row.transcript.slice(-3).map((entry) => [entry.sender, entry.text])).toEqual([
      ['bot', 'Let me get someone for you.'],
      ['bot', 'One moment, finding a supervisor.'],
      ['bot', `Summary for the supervisor: ${summary}`],
    ]);
  });

  it('call_transfer with warm_transfer: the spec defaults for hold message, summary instructions and briefing', async () => {
    const { callId, caller, createsBefore } = await transferCall({ type: 'call_transfer', phone_number: '+14155550888', description: 'Billing', warm_transfer: true }, 'Put me through');
    await heard(caller, WARM_TRANSFER_DEFAULTS.holdMessage);
    const row = await callEnded(e.t, callId);
    expect(e.llm.requests[2]!.body.messages[0]).toEqual({ role: 'system', content: `${WARM_TRANSFER_DEFAULTS.summaryInstructions}\nAnswer with the summary only, as it will be read aloud.` });
    const create = e.twilio.creates().slice(createsBefore)[0]!;
    expect(create.form.Twiml).toBe(
      `${XML}<Response><Say>${WARM_TRANSFER_DEFAULTS.briefingInitialMessage}</Say><Say>${summary}</Say><Say>You are now connected with a supervisor. I&apos;ll leave you to it.</Say>`
        + `<Dial><Conference startConferenceOnEnter="true" endConferenceOnExit="true">transfer-${callId}</Conference></Dial></Response>`,
    );
    expect(row).toMatchObject({ end_reason: 'transferred' });
  });

  it('hold_music none: the caller waits in silence (empty waitUrl)', async () => {
    const { callId, caller } = await transferCall({ type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x', hold_music: 'none' }, 'Supervisor please');
    await heard(caller, WARM_TRANSFER_DEFAULTS.holdMessage);
    await callEnded(e.t, callId);
    await until(() => e.twilio.updates().length > 0, 'the caller moved');
    expect(e.twilio.updates().at(-1)!.form.Twiml).toBe(
      `${XML}<Response><Dial><Conference startConferenceOnEnter="false" endConferenceOnExit="true" waitUrl="">transfer-${callId}</Conference></Dial></Response>`,
    );
  });

  it('a supervisor line Twilio refuses: the caller is not put on hold, the call ends as transfer_failed', async () => {
    const { callId, caller, createsBefore } = await transferCall({ type: 'warm_call_transfer', supervisor_phone: '+14155550777', description: 'x' }, 'Manager now');
    await heard(caller, 'Let me get someone for you.');
    e.twilio.failNext(400, { code: 21211, message: "The 'To' number is not valid", status: 400 });
    const row = await callEnded(e.t, callId);
    expect(e.twilio.creates().slice(createsBefore)).toHaveLength(1);
    expect(e.twilio.updates().at(-1)!.form).toEqual({ Status: 'completed' });
    expect(row).toMatchObject({ status: 'ended_by_assistant', end_reason: 'transfer_failed' });
  });
});
