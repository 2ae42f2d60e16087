import { ActionIcon, Button, Fieldset, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { Assistant, PatchAssistantRequest } from '../../api/types.js';
import { SettingsGroup, type SettingsValues } from './settings-group.js';
import { NumberSetting } from './settings-inputs.js';

const FIELDS = [
  'is_webhook_active',
  'webhook_url',
  'send_webhook_only_on_completed',
  'include_recording_in_webhook',
  'post_call_evaluation',
  'post_call_schema',
  'conversation_inactivity_timeout',
  'conversation_ended_retrigger',
  'conversation_ended_webhook_url',
] as const;

type SchemaRow = { name: string; type: 'string' | 'number' | 'bool'; description: string };

const TYPES = [
  { value: 'string', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'bool', label: 'Yes or no' },
];

function initialValues(assistant: Assistant): SettingsValues {
  const source = assistant as unknown as Record<string, unknown>;
  const values = Object.fromEntries(FIELDS.map((field) => [field, source[field] ?? null]));
  return {
    ...values,
    webhook_url: values.webhook_url ?? '',
    conversation_ended_webhook_url: values.conversation_ended_webhook_url ?? '',
    post_call_schema: values.post_call_schema ?? [],
  };
}

/** Empty addresses are "none" (null); the list of answers is sent whole. */
export function webhooksRequest(values: SettingsValues): PatchAssistantRequest {
  const blank = (value: unknown) => (value === '' || value === undefined ? null : value);
  return {
    ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, blank(value)])),
    post_call_schema: (values.post_call_schema as SchemaRow[]).map((row) => ({ ...row, name: row.name.trim() })),
  } as PatchAssistantRequest;
}

/** Where results go after a call or chat, and what the assistant fills in about each call. */
export function WebhooksGroup({ assistant }: { assistant: Assistant }) {
  return (
    <SettingsGroup assistant={assistant} fields={FIELDS} initial={initialValues} toRequest={webhooksRequest}>
      {(form) => {
        const rows = form.getValues().post_call_schema as SchemaRow[];
        return (
          <Stack>
            <Fieldset legend="After each call">
              <Stack gap="sm">
                <Switch
                  label="Send call results to my system (webhook)"
                  key={form.key('is_webhook_active')}
                  {...form.getInputProps('is_webhook_active', { type: 'checkbox' })}
                />
                <TextInput
                  label="Webhook address"
                  description="An https:// address of your system that receives each call's summary."
                  placeholder="https://example.com/calls"
                  key={form.key('webhook_url')}
                  {...form.getInputProps('webhook_url')}
                />
                <Switch
                  label="Only for completed calls (not for failed or unanswered ones)"
                  key={form.key('send_webhook_only_on_completed')}
                  {...form.getInputProps('send_webhook_only_on_completed', { type: 'checkbox' })}
                />
                <Switch
                  label="Include a link to the recording"
                  key={form.key('include_recording_in_webhook')}
                  {...form.getInputProps('include_recording_in_webhook', { type: 'checkbox' })}
                />
              </Stack>
            </Fieldset>
            <Fieldset legend="Call evaluation">
              <Stack gap="sm">
                <Switch
                  label="After each call, fill in the answers below from the conversation"
                  key={form.key('post_call_evaluation')}
                  {...form.getInputProps('post_call_evaluation', { type: 'checkbox' })}
                />
                {rows.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No answers yet. Add one, e.g. “appointment_booked”, Yes or no, “Did the caller book an appointment?”.
                  </Text>
                )}
                {rows.map((_row, index) => (
                  <Group
                    key={form.key(`post_call_schema.${index}`)}
                    align="flex-start"
                    gap="xs"
                    wrap="wrap"
                    role="group"
                    aria-label={`Answer ${index + 1}`}
                  >
                    <TextInput
                      label="Name"
                      description="Lower-case letters, digits, _"
                      w={170}
                      key={form.key(`post_call_schema.${index}.name`)}
                      {...form.getInputProps(`post_call_schema.${index}.name`)}
                    />
                    <Select
                      label="Type"
                      data={TYPES}
                      allowDeselect={false}
                      w={130}
                      key={form.key(`post_call_schema.${index}.type`)}
                      {...form.getInputProps(`post_call_schema.${index}.type`)}
                    />
                    <TextInput
                      label="Question"
                      description="What the assistant should find out"
                      style={{ flex: 1, minWidth: 200 }}
                      key={form.key(`post_call_schema.${index}.description`)}
                      {...form.getInputProps(`post_call_schema.${index}.description`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={46}
                      aria-label={`Remove answer ${index + 1}`}
                      onClick={() => form.removeListItem('post_call_schema', index)}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                ))}
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => form.insertListItem('post_call_schema', { name: '', type: 'string', description: '' })}
                  >
                    Add an answer
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
            <Fieldset legend="Chats">
              <Stack gap="sm">
                <NumberSetting
                  of={form}
                  field="conversation_inactivity_timeout"
                  label="A chat ends after this many minutes without messages"
                  description="1 to 1440; empty: chats never end by themselves."
                  min={1}
                  max={1440}
                  allowDecimal={false}
                />
                <Switch
                  label="A customer who writes again after the end starts the chat again"
                  key={form.key('conversation_ended_retrigger')}
                  {...form.getInputProps('conversation_ended_retrigger', { type: 'checkbox' })}
                />
                <TextInput
                  label="Address to tell when a chat ends"
                  placeholder="https://example.com/chats"
                  key={form.key('conversation_ended_webhook_url')}
                  {...form.getInputProps('conversation_ended_webhook_url')}
                />
              </Stack>
            </Fieldset>
          </Stack>
        );
      }}
    </SettingsGroup>
  );
}
