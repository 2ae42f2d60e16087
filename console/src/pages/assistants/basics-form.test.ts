import { describe, expect, it } from 'vitest';
import { basicsRequest, emptyBasics, placeServerErrors } from './basics-form.js';

describe('the Basics form and the server', () => {
  it("places the server's field errors on the pickers, in the form's words, and the rest above the form", () => {
    expect(
      placeServerErrors({
        llm_model_id: 'The llm model id field is required when mode is pipeline.',
        voice_id: 'The voice id field is required.',
        system_prompt: 'The system prompt field is required.',
        webhook_url: 'The webhook url field is required when is webhook active is true.',
      }),
    ).toEqual({
      onFields: {
        model_id: 'The AI model field is required when mode is pipeline.',
        voice_id: 'The voice field is required.',
        system_prompt: 'The instructions field is required.',
      },
      elsewhere: ['The webhook url field is required when is webhook active is true.'],
    });
  });

  it('sends the model in the field its mode uses, and nothing for an empty picker', () => {
    const values = { ...emptyBasics(), name: ' Desk ', language_id: '1', voice_id: '2', model_id: '3' };
    expect(basicsRequest(values)).toMatchObject({ name: 'Desk', mode: 'pipeline', language_id: 1, voice_id: 2, llm_model_id: 3 });
    const realtime = basicsRequest({ ...values, mode: 'multimodal', model_id: null });
    expect(realtime).toMatchObject({ mode: 'multimodal', multimodal_model_id: null });
    expect('llm_model_id' in realtime).toBe(false);
    expect(JSON.parse(JSON.stringify(basicsRequest({ ...values, voice_id: null })))).not.toHaveProperty('voice_id');
  });
});
