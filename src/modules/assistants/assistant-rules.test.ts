import { describe, expect, it } from 'vitest';
import { assistantBody, createAssistant, multimodalBody, readAssistant, SEED_VOICE_IDS } from '../../../test/helpers/assistants.js';
import { useOwnerApp } from '../../../test/helpers/owner-app.js';

/** The cross-field rules of spec 4.5, the mode reset of 3.5, and the omitted/null/[] contract. */
const { api } = useOwnerApp();

const VOICE_INCOMPATIBLE = 'The selected voice is not compatible with the chosen engine type.';
const put = (id: number, body: Record<string, unknown>) => api.put(`/api/user/assistant/${id}`, body);
async function expectErrors(id: number, body: Record<string, unknown>, errors: Record<string, string[]>) {
  const res = await put(id, body);
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ message: 'Validation failed', errors });
}
async function expectOk(id: number, body: Record<string, unknown>) {
  const res = await put(id, body);
  expect(res.statusCode, res.body).toBe(200);
  return readAssistant(api, id);
}

describe('voice and mode', () => {
  it('rejects a voice the mode cannot use, at create and at update', async () => {
    const res = await api.post('/api/user/assistant', multimodalBody({ voice_id: SEED_VOICE_IDS.rachelPipeline }));
    expect(res.json()).toEqual({ message: 'Validation failed', errors: { voice_id: [VOICE_INCOMPATIBLE] } });
    const { id } = await createAssistant(api);
    await expectErrors(id, { voice_id: SEED_VOICE_IDS.alloyMultimodal }, { voice_id: [VOICE_INCOMPATIBLE] });
    await expectErrors(id, { voice_id: 99999 }, { voice_id: ['The selected voice id is invalid.'] });
  });

  it('judges the final state: a mode change alone that leaves an incompatible voice is rejected', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(id, { mode: 'multimodal' }, { voice_id: [VOICE_INCOMPATIBLE] });
    expect((await readAssistant(api, id)).mode).toBe('pipeline');
  });
});

describe('mode change resets mode-specific settings (spec 3.5)', () => {
  it('pipeline -> multimodal: LLM cleared, default realtime model, providers back to language defaults', async () => {
    const { id } = await createAssistant(api, { llm_model_id: 2, synthesizer_provider_id: 1, transcriber_provider_id: 1 });
    const after = await expectOk(id, { mode: 'multimodal', voice_id: SEED_VOICE_IDS.alloyMultimodal });
    expect(after).toMatchObject({
      mode: 'multimodal',
      llm_model_id: null,
      multimodal_model_id: 101,
      synthesizer_provider_id: null,
      transcriber_provider_id: null,
    });
  });

  it('multimodal -> pipeline: default LLM, realtime settings cleared', async () => {
    const { id } = await createAssistant(
      api,
      multimodalBody({ multimodal_model_id: 103, chat_llm_fallback_id: 2, turn_detection_threshold: 0.4 }),
    );
    const after = await expectOk(id, { mode: 'pipeline', voice_id: SEED_VOICE_IDS.rachelPipeline });
    expect(after).toMatchObject({ llm_model_id: 1, multimodal_model_id: null, chat_llm_fallback_id: null, turn_detection_threshold: null });
  });

  it('-> dualplex: the dualplex default model; synthesized voices work there', async () => {
    const { id } = await createAssistant(api);
    const after = await expectOk(id, { mode: 'dualplex' });
    expect(after).toMatchObject({
      mode: 'dualplex',
      multimodal_model_id: 201,
      llm_model_id: null,
      voice_id: SEED_VOICE_IDS.rachelPipeline,
    });
  });

  it('fields named in the same request win over the reset', async () => {
    const { id } = await createAssistant(api);
    const after = await expectOk(id, {
      mode: 'multimodal',
      voice_id: SEED_VOICE_IDS.alloyMultimodal,
      multimodal_model_id: 103,
      chat_llm_fallback_id: 2,
    });
    expect(after).toMatchObject({ multimodal_model_id: 103, chat_llm_fallback_id: 2 });
  });

  it('sending the current mode again resets nothing', async () => {
    const { id } = await createAssistant(api, { llm_model_id: 2, synthesizer_provider_id: 3 });
    expect(await expectOk(id, { mode: 'pipeline' })).toMatchObject({ llm_model_id: 2, synthesizer_provider_id: 3 });
  });
});

describe('mode-specific fields', () => {
  it('llm_model_id: required and an LLM in pipeline, absent otherwise', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(id, { llm_model_id: null }, { llm_model_id: ['The llm model id field is required in pipeline mode.'] });
    await expectErrors(id, { llm_model_id: 101 }, { llm_model_id: ['The selected llm model id is invalid.'] });
    await expectErrors(
      id,
      { multimodal_model_id: 101 },
      { multimodal_model_id: ['The multimodal model id field is only available in multimodal and dualplex mode.'] },
    );
    const mm = (await createAssistant(api, multimodalBody())).id;
    await expectErrors(mm, { llm_model_id: 2 }, { llm_model_id: ['The llm model id field is only available in pipeline mode.'] });
  });

  it("multimodal_model_id: required in realtime modes and of the mode's own kind", async () => {
    const mm = (await createAssistant(api, multimodalBody())).id;
    await expectErrors(
      mm,
      { multimodal_model_id: null },
      { multimodal_model_id: ['The multimodal model id field is required in multimodal mode.'] },
    );
    await expectErrors(
      mm,
      { multimodal_model_id: 201 },
      { multimodal_model_id: ['The selected multimodal model id is not available in multimodal mode.'] },
    );
    await expectErrors(
      mm,
      { multimodal_model_id: 1 },
      { multimodal_model_id: ['The selected multimodal model id is not available in multimodal mode.'] },
    );
    expect((await expectOk(mm, { multimodal_model_id: 104 })).multimodal_model_id).toBe(104);
  });

  it('chat_llm_fallback_id: an LLM, realtime modes only, null removes it', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(
      id,
      { chat_llm_fallback_id: 2 },
      { chat_llm_fallback_id: ['The chat llm fallback id field is only available in multimodal and dualplex mode.'] },
    );
    const mm = (await createAssistant(api, multimodalBody())).id;
    await expectErrors(mm, { chat_llm_fallback_id: 103 }, { chat_llm_fallback_id: ['The selected chat llm fallback id is invalid.'] });
    expect((await expectOk(mm, { chat_llm_fallback_id: 2 })).chat_llm_fallback_id).toBe(2);
    expect((await expectOk(mm, { chat_llm_fallback_id: null })).chat_llm_fallback_id).toBeNull();
  });

  it('turn_detection_threshold: realtime modes only, null means automatic', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(
      id,
      { turn_detection_threshold: 0.5 },
      { turn_detection_threshold: ['The turn detection threshold field is only available in multimodal and dualplex mode.'] },
    );
    expect((await expectOk(id, { turn_detection_threshold: null })).turn_detection_threshold).toBeNull();
  });

  it('allow_interruptions cannot be false in multimodal or dualplex', async () => {
    const { id } = await createAssistant(api);
    expect((await expectOk(id, { allow_interruptions: false })).allow_interruptions).toBe(false);
    const message = ['Interruptions cannot be disabled in multimodal or dualplex mode.'];
    await expectErrors(id, { mode: 'dualplex' }, { allow_interruptions: message });
    const mm = (await createAssistant(api, multimodalBody())).id;
    await expectErrors(mm, { allow_interruptions: false }, { allow_interruptions: message });
  });

  it('knowledgebase_mode prompt is pipeline-only', async () => {
    const { id } = await createAssistant(api, { knowledgebase_mode: 'prompt' });
    await expectErrors(id, { mode: 'dualplex' }, { knowledgebase_mode: ['Only function_call mode is available for dualplex assistants.'] });
    await expectErrors(
      id,
      { mode: 'multimodal', voice_id: SEED_VOICE_IDS.alloyMultimodal },
      { knowledgebase_mode: ['Only function_call mode is available for multimodal assistants.'] },
    );
    expect((await expectOk(id, { mode: 'dualplex', knowledgebase_mode: 'function_call' })).mode).toBe('dualplex');
  });

  it('fillers are pipeline-only', async () => {
    const { id } = await createAssistant(api, { fillers: true, filler_config: { positive: ['Great!'] } });
    await expectErrors(id, { mode: 'dualplex' }, { fillers: ['Fillers are only available in pipeline mode.'] });
    expect((await expectOk(id, { mode: 'dualplex', fillers: false })).fillers).toBe(false);
  });

  it("transcriber provider: pipeline-only, and it must speak the assistant's language", async () => {
    const { id } = await createAssistant(api, { transcriber_provider_id: 1 });
    await expectErrors(
      id,
      { language_id: 2, voice_id: SEED_VOICE_IDS.alinaRomanian },
      { transcriber_provider_id: ["The selected transcriber provider does not support the assistant's language."] },
    );
    expect(
      (await expectOk(id, { language_id: 2, voice_id: SEED_VOICE_IDS.alinaRomanian, transcriber_provider_id: 2 })).transcriber_provider_id,
    ).toBe(2);
    await expectErrors(
      id,
      { transcriber_provider_id: 77 },
      { transcriber_provider_id: ['The selected transcriber provider id is invalid.'] },
    );
    const dual = (await createAssistant(api, { mode: 'dualplex' })).id;
    await expectErrors(
      dual,
      { transcriber_provider_id: 2 },
      { transcriber_provider_id: ['The transcriber provider id field is only available in pipeline mode.'] },
    );
  });

  it("synthesizer provider: not in multimodal, and it must speak the assistant's language", async () => {
    const { id } = await createAssistant(api, { language_id: 2, voice_id: SEED_VOICE_IDS.alinaRomanian });
    await expectErrors(
      id,
      { synthesizer_provider_id: 3 },
      { synthesizer_provider_id: ["The selected synthesizer provider does not support the assistant's language."] },
    );
    expect((await expectOk(id, { synthesizer_provider_id: 2 })).synthesizer_provider_id).toBe(2);
    expect((await expectOk(id, { synthesizer_provider_id: null })).synthesizer_provider_id).toBeNull();
    const mm = (await createAssistant(api, multimodalBody())).id;
    await expectErrors(
      mm,
      { synthesizer_provider_id: 1 },
      { synthesizer_provider_id: ['The synthesizer provider id field is only available in pipeline and dualplex mode.'] },
    );
  });
});

describe('other cross-field rules', () => {
  it('languages must exist; secondary languages exclude the main one', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(id, { language_id: 999 }, { language_id: ['The selected language id is invalid.'] });
    await expectErrors(
      id,
      { secondary_language_ids: [2, 999] },
      { 'secondary_language_ids.1': ['The selected secondary language ids.1 is invalid.'] },
    );
    await expectErrors(
      id,
      { secondary_language_ids: [1, 2] },
      { secondary_language_ids: ['The secondary language ids must not include the main language.'] },
    );
  });

  it('an active webhook needs a URL, now and after later changes', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(
      id,
      { is_webhook_active: true },
      { webhook_url: ['The webhook url field is required when is webhook active is true.'] },
    );
    await expectOk(id, { is_webhook_active: true, webhook_url: 'https://example.com/hook' });
    await expectErrors(
      id,
      { is_webhook_active: true, webhook_url: null },
      { webhook_url: ['The webhook url field is required when is webhook active is true.'] },
    );
    // Removing the URL of an active webhook turns it off, as the reference's clients expect.
    expect(await expectOk(id, { webhook_url: null })).toMatchObject({ is_webhook_active: false, webhook_url: null });
    await expectOk(id, { is_webhook_active: true, webhook_url: 'https://example.com/hook' });
    expect(await expectOk(id, { is_webhook_active: false, webhook_url: null })).toMatchObject({
      is_webhook_active: false,
      webhook_url: null,
    });
  });

  it('post-call schema names are distinct', async () => {
    const { id } = await createAssistant(api);
    const field = { type: 'string', description: 'Customer name' };
    await expectErrors(
      id,
      {
        post_call_schema: [
          { name: 'customer', ...field },
          { name: 'customer', ...field },
        ],
      },
      { 'post_call_schema.1.name': ['The post call schema.1.name field has a duplicate value.'] },
    );
  });

  it('lists schema and cross-field errors together, as the reference does', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(
      id,
      { mode: 'multimodal', speech_speed: 2, allow_interruptions: false },
      {
        speech_speed: ['The speech speed must be between 0.7 and 1.2.'],
        voice_id: [VOICE_INCOMPATIBLE],
        allow_interruptions: ['Interruptions cannot be disabled in multimodal or dualplex mode.'],
      },
    );
  });

  it('does not judge a field whose own value was malformed', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(id, { mode: 'multimodal', voice_id: 'alloy' }, { voice_id: ['The voice id field must be an integer.'] });
  });
});

describe('omitted, null and [] (spec 4.5)', () => {
  it('omitted fields stay as they are', async () => {
    const { id } = await createAssistant(api, { speech_speed: 1.1, variables: { a: '1' }, secondary_language_ids: [3] });
    const after = await expectOk(id, { name: 'Renamed' });
    expect(after).toMatchObject({ name: 'Renamed', speech_speed: 1.1, variables: { a: '1' }, secondary_language_ids: [3] });
  });

  it('null removes optional values', async () => {
    const { id } = await createAssistant(api, {
      webhook_url: 'https://example.com/hook',
      reengagement_prompt: 'Still there?',
      voice_mail_message: 'Call me back',
      min_interrupt_words: 2,
      max_initial_silence_duration: 10,
      conversation_inactivity_timeout: 60,
      conversation_ended_webhook_url: 'https://example.com/end',
    });
    const nulls = {
      webhook_url: null,
      reengagement_prompt: null,
      voice_mail_message: null,
      min_interrupt_words: null,
      max_initial_silence_duration: null,
      conversation_inactivity_timeout: null,
      conversation_ended_webhook_url: null,
    };
    expect(await expectOk(id, nulls)).toMatchObject(nulls);
  });

  it('[] and null both clear arrays and objects', async () => {
    const { id } = await createAssistant(api, {
      secondary_language_ids: [2, 3],
      tools: [{ type: 'end_call' }],
      variables: { a: 'b' },
      post_call_schema: [{ name: 'outcome', type: 'string', description: 'How it went' }],
      filler_config: { positive: ['Nice'] },
    });
    const cleared = await expectOk(id, { secondary_language_ids: [], tools: [], post_call_schema: [] });
    expect(cleared).toMatchObject({ secondary_language_ids: [], tools: [], post_call_schema: [] });
    const nulled = await expectOk(id, { variables: null, filler_config: null });
    expect(nulled).toMatchObject({ variables: {}, filler_config: { positive: [], negative: [], question: [], neutral: [] } });
  });

  it('arrays and objects are replaced, never merged', async () => {
    const { id } = await createAssistant(api, {
      variables: { a: '1', b: '2' },
      secondary_language_ids: [2, 3],
      filler_config: { positive: ['Great'], question: ['Hmm'] },
      tools: [{ type: 'end_call' }, { type: 'dtmf_input' }],
    });
    const after = await expectOk(id, {
      variables: { c: 3 },
      secondary_language_ids: [4],
      filler_config: { neutral: ['Okay'] },
      tools: [{ type: 'collect_keypad' }],
    });
    expect(after.variables).toEqual({ c: 3 });
    expect(after.secondary_language_ids).toEqual([4]);
    expect(after.filler_config).toEqual({ positive: [], negative: [], question: [], neutral: ['Okay'] });
    expect(after.tools).toEqual([{ type: 'collect_keypad', timeout: 5, stop_key: '#', description: null }]);
  });

  it("the reference's example body that removes settings works", async () => {
    const { id } = await createAssistant(api, { secondary_language_ids: [2], webhook_url: 'https://example.com/h' });
    const after = await expectOk(id, { phone_number_id: null, webhook_url: null, tool_ids: [], secondary_language_ids: [] });
    expect(after).toMatchObject({ phone_number_id: null, webhook_url: null, tool_ids: [], secondary_language_ids: [] });
  });

  it('a required field cannot be nulled', async () => {
    const { id } = await createAssistant(api);
    await expectErrors(
      id,
      { name: null, voice_id: null },
      { name: ['The name field must be a string.'], voice_id: ['The voice id field must be an integer.'] },
    );
  });
});

describe('create honours the same rules', () => {
  it('validates the initial state as a whole', async () => {
    const res = await api.post(
      '/api/user/assistant',
      assistantBody({ mode: 'dualplex', allow_interruptions: false, knowledgebase_mode: 'prompt' }),
    );
    expect(res.json()).toEqual({
      message: 'Validation failed',
      errors: {
        knowledgebase_mode: ['Only function_call mode is available for dualplex assistants.'],
        allow_interruptions: ['Interruptions cannot be disabled in multimodal or dualplex mode.'],
      },
    });
  });
});
