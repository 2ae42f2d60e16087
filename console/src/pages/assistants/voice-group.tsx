import { Alert, List, Select, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Assistant } from '../../api/types.js';
import { useSpeechProviders } from './catalog.js';
import { SettingsGroup, type SettingsValues } from './settings-group.js';
import { IdSelect, NumberSetting } from './settings-inputs.js';

const FIELDS = [
  'synthesizer_provider_id',
  'transcriber_provider_id',
  'speech_speed',
  'voice_stability',
  'voice_similarity',
  'tts_emotion_enabled',
  'llm_temperature',
  'ambient_sound',
  'ambient_sound_volume',
] as const;

const AMBIENT = [
  { value: 'off', label: 'None' },
  { value: 'office', label: 'Office' },
  { value: 'cafe', label: 'Café' },
  { value: 'city', label: 'City' },
  { value: 'crowded_room', label: 'Crowded room' },
  { value: 'forest', label: 'Forest' },
  { value: 'nature', label: 'Nature' },
];

/** A provider picker that says which providers this server cannot use, and what to set. */
function ProviderPicker({
  form,
  field,
  kind,
  languageId,
  label,
  description,
}: {
  form: UseFormReturnType<SettingsValues>;
  field: string;
  kind: 'synthesizer' | 'transcriber';
  languageId: number;
  label: string;
  description: string;
}) {
  const providers = useSpeechProviders(kind, languageId);
  const list = providers.data ?? [];
  const chosen = list.find((p) => p.id === form.getValues()[field]);
  const unavailable = list.filter((p) => p.available === false);
  return (
    <Stack gap={4}>
      <IdSelect
        of={form}
        field={field}
        label={label}
        description={description}
        placeholder={providers.isPending ? 'Loading…' : 'The language’s default'}
        clearable
        data={list.map((p) => ({
          value: String(p.id),
          label: p.available === false ? `${p.name} (not set up)` : p.name,
          disabled: p.available === false,
        }))}
      />
      {chosen?.available === false && (
        <Alert color="yellow" variant="light" p="xs">
          {chosen.name}: {chosen.unavailable_reason}
        </Alert>
      )}
      {unavailable.length > 0 && (
        <details>
          <summary>
            <Text span size="xs" c="dimmed">
              Not set up on this server: {unavailable.map((p) => p.name).join(', ')}. What to set?
            </Text>
          </summary>
          <List size="xs" c="dimmed" spacing={2} mt={4}>
            {unavailable.map((p) => (
              <List.Item key={p.id}>{p.unavailable_reason ?? `${p.name} has no key on this server.`}</List.Item>
            ))}
          </List>
        </details>
      )}
    </Stack>
  );
}

function SliderSetting({
  form,
  field,
  label,
  min,
  max,
  step,
}: {
  form: UseFormReturnType<SettingsValues>;
  field: string;
  label: string;
  min: number;
  max: number;
  step: number;
}) {
  const value = form.getValues()[field];
  return (
    <Stack gap={2} mb="md">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Slider
        thumbLabel={label}
        min={min}
        max={max}
        step={step}
        value={typeof value === 'number' ? value : min}
        onChange={(next) => form.setFieldValue(field, next)}
      />
    </Stack>
  );
}

/** Which providers speak and listen, and how the voice sounds. */
export function VoiceGroup({ assistant }: { assistant: Assistant }) {
  return (
    <SettingsGroup assistant={assistant} fields={FIELDS}>
      {(form) => (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <ProviderPicker
              form={form}
              field="synthesizer_provider_id"
              kind="synthesizer"
              languageId={assistant.language_id}
              label="Text-to-speech provider"
              description="Turns the assistant's words into its voice."
            />
            {assistant.mode === 'pipeline' ? (
              <ProviderPicker
                form={form}
                field="transcriber_provider_id"
                kind="transcriber"
                languageId={assistant.language_id}
                label="Speech-to-text provider"
                description="Turns what the caller says into text."
              />
            ) : (
              <Text size="sm" c="dimmed">
                The Realtime engine listens by itself: no speech-to-text provider to choose.
              </Text>
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <NumberSetting
              of={form}
              field="speech_speed"
              label="Speaking speed"
              description="1 is normal; from 0.7 (slower) to 1.2 (faster)."
              min={0.7}
              max={1.2}
              step={0.05}
              decimalScale={2}
            />
            <NumberSetting
              of={form}
              field="llm_temperature"
              label="Creativity"
              description="0 answers the same way every time; 1 varies the most."
              min={0}
              max={1}
              step={0.1}
              decimalScale={2}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <SliderSetting
              form={form}
              field="voice_stability"
              label="Voice steadiness (left: livelier, right: steadier)"
              min={0}
              max={1}
              step={0.05}
            />
            <SliderSetting
              form={form}
              field="voice_similarity"
              label="Closeness to the original voice (right: closer)"
              min={0}
              max={1}
              step={0.05}
            />
          </SimpleGrid>
          <Switch
            label="Emotion in the voice (where the provider supports it)"
            key={form.key('tts_emotion_enabled')}
            {...form.getInputProps('tts_emotion_enabled', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Background sound"
              description="A quiet sound behind the voice, so silences do not sound like a dropped call."
              data={AMBIENT}
              allowDeselect={false}
              key={form.key('ambient_sound')}
              {...form.getInputProps('ambient_sound')}
            />
            <NumberSetting
              of={form}
              field="ambient_sound_volume"
              label="Background sound volume"
              description="From 0 (silent) to 1."
              min={0}
              max={1}
              step={0.1}
              decimalScale={2}
            />
          </SimpleGrid>
        </Stack>
      )}
    </SettingsGroup>
  );
}
