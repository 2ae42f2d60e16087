import { describe, expect, it } from 'vitest';
import { modeSwitchWarning } from './mode-switch.js';

const standard = {
  mode: 'pipeline' as const,
  chat_llm_fallback_id: null,
  turn_detection_threshold: null,
  synthesizer_provider_id: null,
  transcriber_provider_id: null,
};

describe('the mode-switch warning', () => {
  it('says nothing while the engine is unchanged', () => {
    expect(modeSwitchWarning(standard, 'pipeline')).toBeNull();
  });

  it('names the voice and model, and each set setting the server will reset', () => {
    expect(modeSwitchWarning(standard, 'multimodal')).toBe(
      'Switching from Standard to Realtime resets the voice and the AI model (choose them again below) when you save.',
    );
    expect(modeSwitchWarning({ ...standard, turn_detection_threshold: 0.6, transcriber_provider_id: 2 }, 'dualplex')).toBe(
      'Switching from Standard to Realtime + separate voice resets the voice and the AI model (choose them again below), the turn detection threshold and the speech-to-text provider when you save.',
    );
  });
});
