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

  it('sends folder, labels, number and other languages as ids, an emptied picker as null', () => {
    const values = {
      ...emptyBasics(),
      language_id: '1',
      voice_id: '2',
      model_id: '3',
      folder_id: '7',
      label_ids: ['4', '9'],
      phone_number_id: '5',
      secondary_language_ids: ['2'],
    };
    expect(basicsRequest(values)).toMatchObject({ folder_id: 7, label_ids: [4, 9], phone_number_id: 5, secondary_language_ids: [2] });
    expect(basicsRequest({ ...values, folder_id: null, label_ids: [], phone_number_id: null, secondary_language_ids: [] })).toMatchObject({
      folder_id: null,
      label_ids: [],
      phone_number_id: null,
      secondary_language_ids: [],
    });
  });

  it('places an error about one label on the labels picker', () => {
    expect(
      placeServerErrors({ 'label_ids.1': 'The selected label ids.1 is invalid.', folder_id: 'The selected folder id is invalid.' }),
    ).toEqual({
      onFields: { label_ids: 'The selected labels is invalid.', folder_id: 'The selected folder is invalid.' },
      elsewhere: [],
    });
  });
});
