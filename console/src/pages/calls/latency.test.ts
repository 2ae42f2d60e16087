import { describe, expect, it } from 'vitest';
import { latencySteps, replyWaits } from './latency.js';

describe('latencySteps', () => {
  it('splits the wait of a reply into its steps, in milliseconds', () => {
    expect(
      latencySteps({ caller_speech_ended_at: 100, transcript_final_at: 100.25, model_first_token_at: 100.7, first_audio_sent_at: 101.05 }),
    ).toEqual({
      steps: [
        { label: 'Understanding the caller', ms: 250 },
        { label: 'Thinking of an answer', ms: 450 },
        { label: 'Starting to speak', ms: 350 },
      ],
      totalMs: 1050,
    });
  });

  it('leaves out a step whose ends were not recorded, and has nothing without latency', () => {
    expect(
      latencySteps({ caller_speech_ended_at: null, transcript_final_at: 10, model_first_token_at: 10.5, first_audio_sent_at: null }),
    ).toEqual({
      steps: [{ label: 'Thinking of an answer', ms: 500 }],
      totalMs: null,
    });
    expect(latencySteps(undefined)).toEqual({ steps: [], totalMs: null });
  });
});

describe('replyWaits', () => {
  const at = (spoke: number, answered: number) => ({
    latency: { caller_speech_ended_at: spoke, transcript_final_at: null, model_first_token_at: null, first_audio_sent_at: answered },
  });
  it('counts the timed replies, with the median and the longest wait', () => {
    expect(replyWaits([{}, at(10, 11.2), {}, at(20, 20.8), at(30, 32)])).toEqual({ replies: 3, medianMs: 1200, longestMs: 2000 });
    expect(replyWaits([at(10, 11), at(20, 21.5)])).toEqual({ replies: 2, medianMs: 1250, longestMs: 1500 });
  });

  it('has nothing when no reply was timed', () => {
    expect(replyWaits([{}, { latency: undefined }])).toBeNull();
  });
});
