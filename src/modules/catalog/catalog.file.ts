import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { lazyRequire } from '../../core/lazy-module.js';
import type { CatalogData, CatalogLanguage, CatalogModel, CatalogProvider, CatalogVoice } from './catalog.types.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Text = Type.String({ minLength: 1, maxLength: 255 });
const OptionalText = Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()]));
const Mode = Type.Union([Type.Literal('pipeline'), Type.Literal('multimodal'), Type.Literal('dualplex')]);

const Provider = Type.Object({
  id: Id,
  name: Text,
  code: Text,
  language_ids: Type.Optional(Type.Union([Type.Array(Id), Type.Null()])),
});

// The YAML parser is needed only when CATALOG_FILE is a .yaml file.
const yaml = lazyRequire<typeof import('yaml')>('yaml');

/** The shape of CATALOG_FILE: any subset of the catalogs; an entry with a seed id replaces it. */
const CatalogFileSchema = Type.Object({
  languages: Type.Optional(
    Type.Array(
      Type.Object({
        id: Id,
        name: Text,
        iso_2: Type.String({ pattern: '^[a-z]{2}$' }),
        default_synthesizer_provider_id: Type.Optional(Type.Union([Id, Type.Null()])),
        default_transcriber_provider_id: Type.Optional(Type.Union([Id, Type.Null()])),
      }),
    ),
  ),
  voices: Type.Optional(
    Type.Array(
      Type.Object({
        id: Id,
        name: Text,
        language_id: Id,
        modes: Type.Array(Mode, { minItems: 1 }),
        gender: OptionalText,
        preview_url: OptionalText,
        accent: OptionalText,
        age: OptionalText,
        synthesizer_provider_id: Type.Optional(Type.Union([Id, Type.Null()])),
        provider_voice_id: OptionalText,
      }),
    ),
  ),
  models: Type.Optional(
    Type.Array(
      Type.Object({
        id: Id,
        type: Type.Union([Type.Literal('llm'), Type.Literal('multimodal'), Type.Literal('dualplex')]),
        name: Text,
        provider_model_id: Text,
        code: OptionalText,
        is_default: Type.Optional(Type.Boolean()),
      }),
    ),
  ),
  synthesizer_providers: Type.Optional(Type.Array(Provider)),
  transcriber_providers: Type.Optional(Type.Array(Provider)),
});
type CatalogFile = Static<typeof CatalogFileSchema>;

export class CatalogFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(`Invalid catalog file ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CatalogFileError';
  }
}

/** Reads CATALOG_FILE (.json, .yaml or .yml) and checks its shape. */
export function readCatalogFile(path: string): CatalogFile {
  const text = readFileSync(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = ['.yaml', '.yml'].includes(extname(path).toLowerCase()) ? yaml().parse(text) : JSON.parse(text);
  } catch (error) {
    throw new CatalogFileError(path, [`cannot be parsed: ${(error as Error).message}`]);
  }
  const problems = [...Value.Errors(CatalogFileSchema, parsed ?? {})].map((e) => `${e.path || '/'}: ${e.message}`);
  if (problems.length > 0) throw new CatalogFileError(path, problems.slice(0, 20));
  return (parsed ?? {}) as CatalogFile;
}

/** The seed with the file's entries laid over it, by id; then every reference is checked. */
export function mergeCatalog(base: CatalogData, file: CatalogFile, source: string): CatalogData {
  const fileModels = (file.models ?? []).map((m) => ({ ...(withNulls(m, ['code']) as CatalogModel), is_default: m.is_default ?? false }));
  // A file that names a default model of a type takes over that type's default.
  const overriddenDefaults = new Set(fileModels.filter((m) => m.is_default).map((m) => m.type));
  const baseModels = base.models.map((m) => (overriddenDefaults.has(m.type) ? { ...m, is_default: false } : m));
  const merged: CatalogData = {
    languages: overlay(
      base.languages,
      (file.languages ?? []).map(
        (l) => withNulls(l, ['default_synthesizer_provider_id', 'default_transcriber_provider_id']) as CatalogLanguage,
      ),
    ),
    voices: overlay(
      base.voices,
      (file.voices ?? []).map(
        (v) => withNulls(v, ['gender', 'preview_url', 'accent', 'age', 'synthesizer_provider_id', 'provider_voice_id']) as CatalogVoice,
      ),
    ),
    models: overlay(baseModels, fileModels),
    synthesizer_providers: overlay(
      base.synthesizer_providers,
      (file.synthesizer_providers ?? []).map((p) => withNulls(p, ['language_ids']) as CatalogProvider),
    ),
    transcriber_providers: overlay(
      base.transcriber_providers,
      (file.transcriber_providers ?? []).map((p) => withNulls(p, ['language_ids']) as CatalogProvider),
    ),
  };
  const problems = referenceProblems(merged);
  if (problems.length > 0) throw new CatalogFileError(source, problems);
  return merged;
}

/** Optional fields left out of the file are stored as null. */
function withNulls(entry: object, keys: string[]): unknown {
  return { ...Object.fromEntries(keys.map((k) => [k, null])), ...entry };
}

function overlay<T extends { id: number }>(base: T[], extra: T[]): T[] {
  const byId = new Map(base.map((entry) => [entry.id, entry]));
  for (const entry of extra) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function referenceProblems(data: CatalogData): string[] {
  const languages = new Set(data.languages.map((l) => l.id));
  const synthesizers = new Set(data.synthesizer_providers.map((p) => p.id));
  const transcribers = new Set(data.transcriber_providers.map((p) => p.id));
  const problems: string[] = [];
  for (const l of data.languages) {
    if (l.default_synthesizer_provider_id !== null && !synthesizers.has(l.default_synthesizer_provider_id)) {
      problems.push(`language ${l.id}: unknown default_synthesizer_provider_id ${l.default_synthesizer_provider_id}`);
    }
    if (l.default_transcriber_provider_id !== null && !transcribers.has(l.default_transcriber_provider_id)) {
      problems.push(`language ${l.id}: unknown default_transcriber_provider_id ${l.default_transcriber_provider_id}`);
    }
  }
  for (const v of data.voices) {
    if (!languages.has(v.language_id)) problems.push(`voice ${v.id}: unknown language_id ${v.language_id}`);
    if (v.synthesizer_provider_id !== null && !synthesizers.has(v.synthesizer_provider_id)) {
      problems.push(`voice ${v.id}: unknown synthesizer_provider_id ${v.synthesizer_provider_id}`);
    }
  }
  for (const type of ['llm', 'multimodal', 'dualplex'] as const) {
    const defaults = data.models.filter((m) => m.type === type && m.is_default).length;
    if (defaults !== 1) problems.push(`models: exactly one ${type} model must have is_default true (found ${defaults})`);
  }
  return problems;
}
