import { Type } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { SettingsProperties } from './assistant-fields.schemas.js';

/** Every configurable field plus identity and timestamps; calendar keys masked. */
export const AssistantRecord = named(
  'Assistant',
  Type.Object({
    id: Type.Integer(),
    uuid: Type.String({ format: 'uuid', description: 'What conversations use to address the assistant.' }),
    ...SettingsProperties,
    tools: Type.Array(Type.Object({ type: Type.String() }, { additionalProperties: true })),
    created_at: Type.String(),
    updated_at: Type.String(),
  }),
);

const Legacy = (what: string) => Type.Null({ description: `The reference's ${what}; no counterpart here, always null.` });

/** Where the reference's list items show a flag as 0/1 and a number as a two-decimal string ("0.35"). */
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)], { description: "1 or 0, as the reference's list shows it." });
const Decimal = Type.String({
  pattern: '^\\d+\\.\\d{2}$',
  examples: ['0.50'],
  description: 'Two decimals as a string ("0.35"), as the reference\'s list shows it.',
});

/**
 * A list item: the record plus the fields the reference's list items carry beyond it, so clients
 * that read them (low-code assistant pickers) find them.
 */
export const AssistantListItem = named(
  'AssistantListItem',
  Type.Object({
    ...AssistantRecord.properties,
    fillers: Flag,
    end_call_on_voicemail: Flag,
    llm_temperature: Decimal,
    voice_stability: Decimal,
    voice_similarity: Decimal,
    speech_speed: Decimal,
    ambient_sound_volume: Decimal,
    user_id: Type.Integer(),
    language: Type.Union([Type.String(), Type.Null()], { description: "The main language's two-letter code (language_id's iso_2)." }),
    inbound_webhook_url: Type.Union([Type.String(), Type.Null()], { description: 'Set by /user/assistants/enable-inbound-webhook.' }),
    engine_id: Legacy('engine id (see mode)'),
    synthesizer_id: Legacy('synthesizer id (see synthesizer_provider_id)'),
    transcriber_id: Legacy('transcriber id (see transcriber_provider_id)'),
    instance_id: Legacy('instance id'),
    flows_platform_id: Legacy('flows platform id'),
    deleted_at: Legacy('deletion time (deleted assistants are never listed)'),
  }),
);

export const AssistantSummary = named(
  'AssistantSummary',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    status: Type.String(),
    type: Type.String(),
    mode: Type.String(),
  }),
);
