import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../../test/helpers/test-app.js';
import { createSpeechProviders, SpeechProviderUnavailableError } from './providers.js';

describe('speech provider registry', () => {
  it('refuses an unconfigured provider with a message naming the key to set', () => {
    const providers = createSpeechProviders(testConfig());
    expect(() => providers.tts('elevenlabs')).toThrow(
      new SpeechProviderUnavailableError('synthesizer', 'elevenlabs', 'The ElevenLabs synthesizer needs ELEVENLABS_API_KEY to be set.'),
    );
    expect(() => providers.stt('openai')).toThrow(
      'The OpenAI transcriber needs SPEECH_API_KEY (or SPEECH_BASE_URL for a self-hosted OpenAI-compatible server) to be set.',
    );
    expect(() => providers.stt('gladia')).toThrow(
      "The Gladia transcriber is not supported by this server: set the assistant's transcriber_provider_id to one that is " +
        '(Deepgram needs DEEPGRAM_API_KEY; OpenAI needs SPEECH_API_KEY (or SPEECH_BASE_URL for a self-hosted OpenAI-compatible server)).',
    );
    expect(() => providers.realtime()).toThrow(
      'Realtime models need REALTIME_API_KEY (or REALTIME_BASE_URL for a self-hosted server) to be set.',
    );
  });

  it('builds the adapters of configured providers, defaulting OpenAI-compatible URLs to OpenAI', () => {
    const providers = createSpeechProviders(
      testConfig({ ELEVENLABS_API_KEY: 'k', DEEPGRAM_API_KEY: 'd', SPEECH_API_KEY: 's', REALTIME_API_KEY: 'r', REALTIME_DIALECT: 'beta' }),
    );
    expect([providers.tts('elevenlabs').name, providers.tts('deepgram').name, providers.tts('openai').name]).toEqual([
      'elevenlabs',
      'deepgram',
      'openai',
    ]);
    expect([providers.stt('deepgram').name, providers.stt('openai').name]).toEqual(['deepgram', 'openai']);
    expect(providers.realtime()).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'r', dialect: 'beta', timeoutMs: 10000 });
    expect(providers.availability('transcriber', 'elevenlabs')).toEqual({
      available: false,
      unavailable_reason: expect.stringMatching(/^The ElevenLabs transcriber is not supported by this server: /),
    });
  });

  it('rejects a bad dialect at start', () => {
    expect(() => testConfig({ REALTIME_DIALECT: 'v2' })).toThrow('REALTIME_DIALECT must be ga or beta (got "v2")');
  });
});
