import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, assistantBody, multimodalBody, readAssistant, SEED_VOICE_IDS } from '../../../test/helpers/assistants.js';
import { useOwnerApp } from '../../../test/helpers/owner-app.js';
import { CATALOG_SEED_VERSION } from './catalog.seed.js';
import { createCatalogService } from './catalog.service.js';

const { t, api } = useOwnerApp();

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const unsupportedSynthesizer = (name: string) =>
  `The ${name} synthesizer is not supported by this server: set the assistant's synthesizer_provider_id to one that is ` +
  '(ElevenLabs needs ELEVENLABS_API_KEY; Deepgram needs DEEPGRAM_API_KEY; OpenAI needs SPEECH_API_KEY (or SPEECH_BASE_URL for a self-hosted OpenAI-compatible server)).';

describe('reference catalogs', () => {
  it('lists languages with id, name and iso_2', async () => {
    const res = await api.get('/api/user/assistants/languages');
    expect(res.statusCode).toBe(200);
    expect(res.json().slice(0, 2)).toEqual([
      { id: 1, name: 'English', iso_2: 'en' },
      { id: 2, name: 'Romanian', iso_2: 'ro' },
    ]);
    expect(res.json().length).toBeGreaterThanOrEqual(15);
  });

  it('lists voices in the reference shape, filtered by mode and language', async () => {
    const all = (await api.get('/api/user/assistants/voices')).json();
    expect(all[0]).toEqual({
      id: 1,
      name: 'Alloy',
      language_id: 1,
      gender: 'female',
      preview_url: 'https://cdn.openai.com/API/voice-previews/alloy.flac',
      accent: null,
      age: 'Middle aged',
      synthesizer_provider_id: null,
      modes: ['multimodal'],
    });
    const multimodal = (await api.get('/api/user/assistants/voices?mode=multimodal')).json();
    const pipeline = (await api.get('/api/user/assistants/voices?mode=pipeline')).json();
    expect(multimodal.every((v: { modes: string[] }) => v.modes.includes('multimodal'))).toBe(true);
    expect(ids(multimodal)).toContain(1);
    expect(ids(pipeline)).not.toContain(1);
    expect(ids(pipeline)).toContain(20);
    const romanian = (await api.get('/api/user/assistants/voices?language_id=2')).json();
    expect(romanian.map((v: { name: string }) => v.name)).toEqual(['Alina', 'Emil']);
    expect(all.length).toBe(new Set(ids(all)).size);
  });

  it('rejects an unknown mode with the validation shape', async () => {
    const res = await api.get('/api/user/assistants/voices?mode=stereo');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The selected mode is invalid.', errors: { mode: ['The selected mode is invalid.'] } });
  });

  it('lists LLM models by default and realtime models with their code', async () => {
    const llm = (await api.get('/api/user/assistants/models')).json();
    expect(llm[0]).toEqual({ id: 1, name: 'GPT-4o-mini' });
    expect(llm.every((m: object) => !('code' in m))).toBe(true);
    const multimodal = (await api.get('/api/user/assistants/models?type=multimodal')).json();
    // Whether this server can carry a realtime call, and what to set when it cannot.
    const unavailable = {
      available: false,
      unavailable_reason: 'Realtime models need REALTIME_API_KEY (or REALTIME_BASE_URL for a self-hosted server) to be set.',
    };
    expect(multimodal).toContainEqual({ id: 101, name: 'GPT-4o', code: 'gpt-4o-realtime', ...unavailable });
    expect(multimodal).toContainEqual({ id: 103, name: 'GPT Realtime', code: 'gpt-realtime', ...unavailable });
    const dualplex = (await api.get('/api/user/assistants/models?type=dualplex')).json();
    expect(ids(dualplex)).toEqual([201, 202]);
    expect((await api.get('/api/user/assistants/models?type=vision')).statusCode).toBe(422);
  });

  it('names the provider model id the engine sends for each LLM model', async () => {
    expect(await t.deps.services.catalog.providerModelId(1)).toBe('gpt-4o-mini');
    expect(await t.deps.services.catalog.providerModelId(103)).toBe('gpt-realtime');
  });

  it('lists synthesizer and transcriber providers, filtered by the languages they speak', async () => {
    const synth = (await api.get('/api/user/assistants/synthesizer-providers')).json();
    expect(synth.slice(0, 3)).toEqual([
      {
        id: 1,
        name: 'ElevenLabs',
        code: 'elevenlabs',
        available: false,
        unavailable_reason: 'The ElevenLabs synthesizer needs ELEVENLABS_API_KEY to be set.',
      },
      { id: 2, name: 'Azure', code: 'azure', available: false, unavailable_reason: unsupportedSynthesizer('Azure') },
      { id: 3, name: 'Cartesia', code: 'cartesia', available: false, unavailable_reason: unsupportedSynthesizer('Cartesia') },
    ]);
    const synthRo = (await api.get('/api/user/assistants/synthesizer-providers?language_id=2')).json();
    expect(ids(synthRo)).not.toContain(3);
    const sttAll = (await api.get('/api/user/assistants/transcriber-providers')).json();
    expect(sttAll[0]).toEqual({
      id: 1,
      name: 'Deepgram',
      code: 'deepgram',
      available: false,
      unavailable_reason: 'The Deepgram transcriber needs DEEPGRAM_API_KEY to be set.',
    });
    const sttRo = (await api.get('/api/user/assistants/transcriber-providers?language_id=2')).json();
    expect(ids(sttRo)).toEqual([2, 3, 5]);
  });

  it('shows a speech provider and the realtime models as available once their keys are configured', async () => {
    const keyed = await buildTestApp({
      env: {
        ELEVENLABS_API_KEY: 'el-key',
        DEEPGRAM_API_KEY: 'dg-key',
        SPEECH_BASE_URL: 'http://127.0.0.1:8000/v1',
        REALTIME_BASE_URL: 'http://127.0.0.1:8001/v1',
      },
    });
    try {
      const keyedApi = apiFor(keyed, (await createUser(keyed.deps)).token);
      const synth = (await keyedApi.get('/api/user/assistants/synthesizer-providers')).json();
      expect(synth.map((p: { code: string; available: boolean }) => [p.code, p.available])).toEqual([
        ['elevenlabs', true],
        ['azure', false],
        ['cartesia', false],
        ['openai', true],
        ['deepgram', true],
      ]);
      const stt = (await keyedApi.get('/api/user/assistants/transcriber-providers')).json();
      expect(stt.filter((p: { available: boolean }) => p.available).map((p: { code: string }) => p.code)).toEqual(['deepgram', 'openai']);
      expect(stt[0]).toEqual({ id: 1, name: 'Deepgram', code: 'deepgram', available: true, unavailable_reason: null });
      const realtime = (await keyedApi.get('/api/user/assistants/models?type=dualplex')).json();
      expect(realtime[0]).toMatchObject({ available: true, unavailable_reason: null });
      // Text models are not used by the speech side: no availability on them.
      expect((await keyedApi.get('/api/user/assistants/models')).json()[0]).toEqual({ id: 1, name: 'GPT-4o-mini' });
    } finally {
      await keyed.close();
    }
  });

  it("makes a language's default providers follow what this server has configured", async () => {
    /** English's and Romanian's default synthesizer and transcriber, and whether a pipeline assistant with an OpenAI voice can take a browser call. */
    const defaults = async (env: Record<string, string>) => {
      const app = await buildTestApp({ env });
      try {
        const { languages } = await app.deps.services.catalog.snapshot();
        const owner = apiFor(app, (await createUser(app.deps)).token);
        const { uuid } = (
          await owner.post('/api/user/assistant', assistantBody({ voice_id: SEED_VOICE_IDS.novaPipeline, status: 'active' }))
        ).json().data;
        const call = (await app.app.inject({ method: 'GET', url: `/api/widget/${uuid}/config` })).json().call;
        return {
          defaults: [1, 2].map((id) => [
            languages.get(id)!.default_synthesizer_provider_id,
            languages.get(id)!.default_transcriber_provider_id,
          ]),
          call,
        };
      } finally {
        await app.close();
      }
    };
    // English: ElevenLabs and Deepgram in the catalog; Romanian: Azure, which no server has.
    expect(await defaults({})).toEqual({
      defaults: [
        [1, 1],
        [2, 2],
      ],
      call: { enabled: false },
    });
    // Only a self-hosted OpenAI-compatible speech server: it listens (and speaks) by default.
    expect(await defaults({ SPEECH_BASE_URL: 'http://127.0.0.1:8000/v1' })).toEqual({
      defaults: [
        [4, 5],
        [4, 5],
      ],
      call: { enabled: true },
    });
    // The catalog's choice wins wherever it is configured.
    expect(await defaults({ SPEECH_API_KEY: 'sk', ELEVENLABS_API_KEY: 'el', DEEPGRAM_API_KEY: 'dg' })).toEqual({
      defaults: [
        [1, 1],
        [1, 5],
      ],
      call: { enabled: true },
    });
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/assistants/languages' });
    expect(res.statusCode).toBe(401);
  });

  it('shows a user-owned voice only to its owner, and only the owner can use it', async () => {
    const owner = await createUser(t.deps);
    await t.deps.db
      .insertInto('catalog_voices')
      .values({
        id: 9001,
        name: 'My Clone',
        language_id: 1,
        gender: null,
        preview_url: null,
        accent: null,
        age: null,
        synthesizer_provider_id: 1,
        provider_voice_id: 'clone-1',
        modes: ['pipeline'],
        user_id: owner.user.id,
      })
      .execute();
    await t.deps.services.catalog.sync(); // resets the cached snapshot
    const ownerApi = apiFor(t, owner.token);
    expect(ids((await ownerApi.get('/api/user/assistants/voices')).json())).toContain(9001);
    expect(ids((await api.get('/api/user/assistants/voices')).json())).not.toContain(9001);
    expect((await ownerApi.post('/api/user/assistant', assistantBody({ voice_id: 9001 }))).statusCode).toBe(201);
    const res = await api.post('/api/user/assistant', assistantBody({ voice_id: 9001 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ voice_id: ['The selected voice id is invalid.'] });
  });

  it('syncs only when the seed or file changed, and records the seed version', async () => {
    expect(await t.deps.services.catalog.sync()).toEqual({ changed: false, version: CATALOG_SEED_VERSION });
    const meta = await t.deps.db.selectFrom('catalog_meta').selectAll().where('key', '=', 'seed_version').executeTakeFirst();
    expect(meta?.value).toBe(CATALOG_SEED_VERSION);
  });
});

describe('CATALOG_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-'));

  it('merges a JSON file at start: new entries, a replaced entry and a new default model', async () => {
    const file = join(dir, 'catalog.json');
    writeFileSync(
      file,
      JSON.stringify({
        languages: [{ id: 100, name: 'Catalan', iso_2: 'ca', default_synthesizer_provider_id: 2, default_transcriber_provider_id: 2 }],
        voices: [
          {
            id: 500,
            name: 'Laia',
            language_id: 100,
            modes: ['pipeline', 'dualplex'],
            synthesizer_provider_id: 2,
            provider_voice_id: 'ca-ES-JoanaNeural',
            gender: 'female',
          },
        ],
        models: [
          { id: 50, type: 'llm', name: 'Qwen 2.5 7B (local)', provider_model_id: 'qwen2.5:7b', is_default: true },
          { id: 2, type: 'llm', name: 'GPT-4.1 mini (EU)', provider_model_id: 'gpt-4.1-mini-eu' },
        ],
      }),
    );
    const custom = await buildTestApp({ env: { CATALOG_FILE: file } });
    try {
      const customApi = apiFor(custom, (await createUser(custom.deps)).token);
      expect((await customApi.get('/api/user/assistants/languages')).json()).toContainEqual({ id: 100, name: 'Catalan', iso_2: 'ca' });
      expect(ids((await customApi.get('/api/user/assistants/voices?language_id=100')).json())).toEqual([500]);
      const models = (await customApi.get('/api/user/assistants/models')).json();
      expect(models).toContainEqual({ id: 2, name: 'GPT-4.1 mini (EU)' });
      expect(models).toContainEqual({ id: 1, name: 'GPT-4o-mini' });
      // The file's default LLM is what an assistant switched to pipeline mode gets.
      const created = await customApi.post('/api/user/assistant', multimodalBody());
      expect(created.statusCode).toBe(201);
      const switched = await customApi.put(`/api/user/assistant/${created.json().data.id}`, {
        mode: 'pipeline',
        voice_id: 500,
        language_id: 100,
      });
      expect(switched.statusCode, switched.body).toBe(200);
      expect((await readAssistant(customApi, created.json().data.id)).llm_model_id).toBe(50);
      expect(await custom.deps.services.catalog.providerModelId(50)).toBe('qwen2.5:7b');
    } finally {
      await custom.close();
    }
  });

  it('reads YAML as well', async () => {
    const file = join(dir, 'catalog.yaml');
    writeFileSync(file, 'synthesizer_providers:\n  - id: 60\n    name: PlayHT\n    code: playht\n    language_ids: [1]\n');
    const custom = await buildTestApp({ env: { CATALOG_FILE: file } });
    try {
      const customApi = apiFor(custom, (await createUser(custom.deps)).token);
      expect((await customApi.get('/api/user/assistants/synthesizer-providers?language_id=1')).json()).toContainEqual({
        id: 60,
        name: 'PlayHT',
        code: 'playht',
        available: false,
        unavailable_reason: unsupportedSynthesizer('playht'),
      });
      expect(ids((await customApi.get('/api/user/assistants/synthesizer-providers?language_id=2')).json())).not.toContain(60);
    } finally {
      await custom.close();
    }
  });

  it('refuses to start with a file whose entries are malformed or reference nothing', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ voices: [{ id: 501, name: 'Ghost', language_id: 999, modes: ['pipeline'] }] }));
    const syncWith = (catalogFile: string) => createCatalogService({ db: t.deps.db, logger: t.deps.logger, catalogFile }).sync();
    await expect(syncWith(bad)).rejects.toThrow(/voice 501: unknown language_id 999/);
    const malformed = join(dir, 'malformed.json');
    writeFileSync(malformed, JSON.stringify({ models: [{ id: 'x', type: 'llm' }] }));
    await expect(syncWith(malformed)).rejects.toThrow(/Invalid catalog file/);
    const unparsable = join(dir, 'broken.yaml');
    writeFileSync(unparsable, 'voices: [unclosed');
    await expect(syncWith(unparsable)).rejects.toThrow(/cannot be parsed/);
    // Nothing was written.
    expect(await t.deps.db.selectFrom('catalog_voices').select('id').where('id', '=', 501).executeTakeFirst()).toBeUndefined();
  });
});
