import { Fieldset, Select, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea } from '@mantine/core';
import type { Assistant } from '../../api/types.js';
import { pickFields, SettingsGroup, type SettingsValues } from './settings-group.js';
import { NumberSetting } from './settings-inputs.js';

const FIELDS = [
  'allow_interruptions',
  'wait_for_customer',
  'record',
  'enable_noise_cancellation',
  'fillers',
  'endpoint_type',
  'endpoint_sensitivity',
  'interrupt_sensitivity',
  'min_interrupt_words',
  'max_duration',
  'max_silence_duration',
  'max_initial_silence_duration',
  'ringing_time',
  'reengagement_interval',
  'reengagement_prompt',
  'end_call_on_voicemail',
  'voice_mail_message',
  'filler_config',
] as const;

/** The kinds of filler phrase, in the order the engine tries them (neutral first). */
const FILLER_KINDS = [
  { kind: 'neutral', label: 'Any time', example: 'One moment, please.' },
  { kind: 'positive', label: 'Before good news', example: 'Good question, let me see.' },
  { kind: 'question', label: 'While checking a question', example: 'Let me look that up.' },
  { kind: 'negative', label: 'Before bad news', example: 'Hmm, let me check.' },
] as const;

/** Every kind of filler phrase is a list, empty when none is set (the engine then uses its own). */
export function behaviourValues(assistant: Assistant): SettingsValues {
  const values = pickFields(assistant, FIELDS);
  const config = (values.filler_config ?? {}) as Record<string, string[] | undefined>;
  return { ...values, filler_config: Object.fromEntries(FILLER_KINDS.map(({ kind }) => [kind, config[kind] ?? []])) };
}

/** An emptied text box means "not set" (the server's default), not an empty message. */
const blankToNull = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' ? null : value]));

/** How a call goes: who speaks first, interruptions, when a turn ends, silences, limits, voicemail. */
export function BehaviourGroup({ assistant }: { assistant: Assistant }) {
  const realtime = assistant.mode !== 'pipeline';
  return (
    <SettingsGroup assistant={assistant} fields={FIELDS} initial={behaviourValues} toRequest={blankToNull}>
      {(form) => (
        <Stack>
          <Fieldset legend="Conversation">
            <Stack gap="sm">
              <Switch
                label="Wait for the caller to speak first"
                key={form.key('wait_for_customer')}
                {...form.getInputProps('wait_for_customer', { type: 'checkbox' })}
              />
              <Switch
                label="Callers can interrupt it"
                description={realtime ? 'Always on with the Realtime engine.' : 'It stops talking when the caller starts.'}
                disabled={realtime}
                key={form.key('allow_interruptions')}
                {...form.getInputProps('allow_interruptions', { type: 'checkbox' })}
              />
              {!realtime && (
                <Switch
                  label="Short fillers while it thinks (“Let me check…”)"
                  key={form.key('fillers')}
                  {...form.getInputProps('fillers', { type: 'checkbox' })}
                />
              )}
              <Switch label="Record calls" key={form.key('record')} {...form.getInputProps('record', { type: 'checkbox' })} />
              <Switch
                label="Reduce background noise from the caller"
                key={form.key('enable_noise_cancellation')}
                {...form.getInputProps('enable_noise_cancellation', { type: 'checkbox' })}
              />
            </Stack>
          </Fieldset>
          {!realtime && (
            <Fieldset legend="Filler phrases">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {FILLER_KINDS.map(({ kind, label, example }) => (
                  <TagsInput
                    key={form.key(`filler_config.${kind}`)}
                    label={label}
                    description={`Press Enter after each phrase, e.g. “${example}”`}
                    clearable
                    {...form.getInputProps(`filler_config.${kind}`)}
                  />
                ))}
              </SimpleGrid>
              <Text size="sm" c="dimmed" mt="xs">
                Said while it thinks, when short fillers are on. None: it uses short ones of its own.
              </Text>
            </Fieldset>
          )}
          <Fieldset legend="Turn taking">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="How it knows the caller finished"
                data={[
                  { value: 'vad', label: 'A pause in the voice' },
                  { value: 'ai', label: 'The meaning of what was said (smarter)' },
                ]}
                allowDeselect={false}
                key={form.key('endpoint_type')}
                {...form.getInputProps('endpoint_type')}
              />
              <NumberSetting
                of={form}
                field="endpoint_sensitivity"
                label="Reply speed"
                description="0 to 5: higher replies sooner after the caller stops."
                min={0}
                max={5}
                step={0.5}
              />
              <NumberSetting
                of={form}
                field="interrupt_sensitivity"
                label="Interruption sensitivity"
                description="0 to 5: higher stops for softer sounds."
                min={0}
                max={5}
                step={0.5}
              />
              <NumberSetting
                of={form}
                field="min_interrupt_words"
                label="Words before it stops talking"
                description="0 to 10; empty: any sound interrupts."
                min={0}
                max={10}
                allowDecimal={false}
              />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Timing (seconds)">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberSetting
                of={form}
                field="max_duration"
                label="Longest call"
                description="20 to 1200 seconds; the call ends then."
                min={20}
                max={1200}
                allowDecimal={false}
              />
              <NumberSetting
                of={form}
                field="max_silence_duration"
                label="Hang up after silence of"
                description="1 to 360 seconds of nobody speaking."
                min={1}
                max={360}
                allowDecimal={false}
              />
              <NumberSetting
                of={form}
                field="max_initial_silence_duration"
                label="Hang up if nobody speaks at the start within"
                description="1 to 120 seconds; empty: never."
                min={1}
                max={120}
                allowDecimal={false}
              />
              <NumberSetting
                of={form}
                field="ringing_time"
                label="Let an outgoing call ring for"
                description="1 to 60 seconds."
                min={1}
                max={60}
                allowDecimal={false}
              />
              <NumberSetting
                of={form}
                field="reengagement_interval"
                label="Check in after a silence of"
                description="7 to 600 seconds."
                min={7}
                max={600}
                allowDecimal={false}
              />
            </SimpleGrid>
            <Textarea
              mt="sm"
              label="What it says to check in"
              description="Empty: “Are you still there?” in its own words."
              autosize
              minRows={2}
              maxLength={1000}
              key={form.key('reengagement_prompt')}
              {...form.getInputProps('reengagement_prompt')}
              value={(form.getValues().reengagement_prompt as string | null) ?? ''}
            />
          </Fieldset>
          <Fieldset legend="Voicemail">
            <Stack gap="sm">
              <Switch
                label="Hang up when it reaches voicemail"
                key={form.key('end_call_on_voicemail')}
                {...form.getInputProps('end_call_on_voicemail', { type: 'checkbox' })}
              />
              <Textarea
                label="Message to leave on voicemail"
                description="Empty: it leaves no message."
                autosize
                minRows={2}
                maxLength={1000}
                key={form.key('voice_mail_message')}
                {...form.getInputProps('voice_mail_message')}
                value={(form.getValues().voice_mail_message as string | null) ?? ''}
              />
            </Stack>
          </Fieldset>
        </Stack>
      )}
    </SettingsGroup>
  );
}
