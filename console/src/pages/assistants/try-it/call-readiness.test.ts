import { describe, expect, it } from 'vitest';
import { callBlockers, type CallNeeds } from './call-readiness.js';

const ELEVENLABS = {
  id: 1,
  name: 'ElevenLabs',
  available: false,
  unavailable_reason: 'The ElevenLabs synthesizer needs ELEVENLABS_API_KEY to be set.',
};
const AZURE = { id: 2, name: 'Azure', available: false, unavailable_reason: 'The Azure synthesizer is not supported by this server: …' };
const OPENAI_TTS = {
  id: 4,
  name: 'OpenAI',
  available: false,
  unavailable_reason: 'The OpenAI synthesizer needs SPEECH_API_KEY to be set.',
};
const DEEPGRAM = {
  id: 1,
  name: 'Deepgram',
  available: false,
  unavailable_reason: 'The Deepgram transcriber needs DEEPGRAM_API_KEY to be set.',
};
const READY = { available: true, unavailable_reason: null };

const pipeline = (change: Partial<CallNeeds> = {}): CallNeeds => ({
  mode: 'pipeline',
  voiceSynthesizerId: null,
  synthesizerId: null,
  transcriberId: null,
  synthesizers: [ELEVENLABS, AZURE, OPENAI_TTS],
  transcribers: [DEEPGRAM],
  realtimeModels: [],
  ...change,
});

describe('what stops a test call, known before it is placed', () => {
  it('with no provider usable for the language, names every setting that would make one usable (not the unsupported ones)', () => {
    expect(callBlockers(pipeline())).toEqual([
      {
        need: 'speak',
        reasons: [
          'The ElevenLabs synthesizer needs ELEVENLABS_API_KEY to be set.',
          'The OpenAI synthesizer needs SPEECH_API_KEY to be set.',
        ],
      },
      { need: 'listen', reasons: ['The Deepgram transcriber needs DEEPGRAM_API_KEY to be set.'] },
    ]);
  });

  it("the voice's own synthesizer wins over the assistant's choice and the language's default", () => {
    const openAiReady = { ...OPENAI_TTS, ...READY };
    const needs = pipeline({
      voiceSynthesizerId: 1,
      synthesizerId: 4,
      synthesizers: [ELEVENLABS, openAiReady],
      transcribers: [{ ...DEEPGRAM, ...READY }],
    });
    expect(callBlockers(needs)).toEqual([{ need: 'speak', reasons: ['The ElevenLabs synthesizer needs ELEVENLABS_API_KEY to be set.'] }]);
    expect(callBlockers({ ...needs, voiceSynthesizerId: null })).toEqual([]);
  });

  it("without a choice, any usable provider speaking the language is the server's default: nothing stops the call", () => {
    expect(
      callBlockers(pipeline({ synthesizers: [ELEVENLABS, { ...OPENAI_TTS, ...READY }], transcribers: [{ ...DEEPGRAM, ...READY }] })),
    ).toEqual([]);
  });

  it('says nothing when it cannot tell: a chosen provider the language list does not hold, or no list yet', () => {
    expect(callBlockers(pipeline({ synthesizerId: 99, transcribers: [] }))).toEqual([]);
  });

  it('realtime engines need the realtime key; dualplex a synthesizer too; no transcriber', () => {
    const realtime = [
      { id: 101, name: 'GPT-4o', available: false, unavailable_reason: 'Realtime models need REALTIME_API_KEY to be set.' },
    ];
    expect(callBlockers(pipeline({ mode: 'multimodal', realtimeModels: realtime }))).toEqual([
      { need: 'realtime', reasons: ['Realtime models need REALTIME_API_KEY to be set.'] },
    ]);
    expect(callBlockers(pipeline({ mode: 'dualplex', realtimeModels: [{ ...realtime[0]!, ...READY }], synthesizerId: 1 }))).toEqual([
      { need: 'speak', reasons: ['The ElevenLabs synthesizer needs ELEVENLABS_API_KEY to be set.'] },
    ]);
  });
});
