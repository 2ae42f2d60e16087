import { Type } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.js';

const StringEnum = <T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: values, ...options });

export const VoicesQuery = Type.Object({
  mode: Type.Optional(StringEnum(['pipeline', 'multimodal', 'dualplex'] as const)),
  language_id: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const ModelsQuery = Type.Object({
  type: Type.Unsafe<'llm' | 'multimodal' | 'dualplex'>({ type: 'string', enum: ['llm', 'multimodal', 'dualplex'], default: 'llm' }),
});

export const ProvidersQuery = Type.Object({
  language_id: Type.Optional(Type.Integer({ minimum: 1 })),
});

export const VoiceList = Type.Array(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    language_id: Type.Integer(),
    gender: Nullable(Type.String()),
    preview_url: Nullable(Type.String()),
    accent: Nullable(Type.String()),
    age: Nullable(Type.String()),
    synthesizer_provider_id: Nullable(Type.Integer()),
    modes: Type.Array(Type.String(), { description: 'Engine modes this voice works with.' }),
  }),
);

export const LanguageList = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), iso_2: Type.String() }));

export const ModelList = Type.Array(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    code: Type.Optional(Type.String({ description: 'Present for multimodal and dualplex models.' })),
    available: Type.Optional(
      Type.Boolean({ description: 'Multimodal and dualplex models: whether this server can use them in calls (its realtime key is set).' }),
    ),
    unavailable_reason: Type.Optional(
      Nullable(Type.String({ description: 'When unavailable: why, naming the configuration key to set.' })),
    ),
  }),
);

export const ProviderList = Type.Array(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    code: Type.String(),
    available: Type.Optional(Type.Boolean({ description: 'Whether this server can use the provider in calls (its key is configured).' })),
    unavailable_reason: Type.Optional(
      Nullable(Type.String({ description: 'When unavailable: why, naming the configuration key to set.' })),
    ),
  }),
);
