import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.js';
import type { Assistant, PatchAssistantRequest } from '../../api/types.js';
import { CalendarFields } from './calendar-tool-fields.js';
import { SettingsGroup, type SettingsValues } from './settings-group.js';
import { textInput, toolPath, type Tool, type ToolForm } from './tool-inputs.js';
import { AssistantTransferFields, WarmTransferFields } from './transfer-tool-fields.js';

/** The built-in tools this page edits, in words; others (set through the API) are kept as they are. */
export const TOOL_KINDS: Record<string, { title: string; explains: string; fresh: Tool }> = {
  call_transfer: {
    title: 'Transfer the call',
    explains: 'Passes the caller to a person’s phone.',
    fresh: { type: 'call_transfer', phone_number: '', description: '', warm_transfer: false },
  },
  end_call: { title: 'Hang up', explains: 'Ends the call when the conversation is over.', fresh: { type: 'end_call', description: '' } },
  collect_keypad: {
    title: 'Read keypad digits',
    explains: 'Lets the caller type digits (an order number, a date of birth).',
    fresh: { type: 'collect_keypad', timeout: 5, stop_key: '#', description: '' },
  },
  dtmf_input: {
    title: 'Press keypad keys',
    explains: 'Presses keys itself, to get through another company’s phone menu.',
    fresh: { type: 'dtmf_input', description: '' },
  },
  warm_call_transfer: {
    title: 'Transfer with a briefing',
    explains: 'Calls a supervisor, briefs them on the caller while the caller holds, then joins them.',
    fresh: {
      type: 'warm_call_transfer',
      supervisor_phone: '',
      outbound_phone_id: null,
      description: '',
      custom_sip: false,
      caller_id_mode: 'outbound_number',
      hold_music: 'hold_music',
      hold_music_volume: 80,
    },
  },
  assistant_transfer: {
    title: 'Hand over to another assistant',
    explains: 'Another of your assistants takes over the call, with its own voice and instructions.',
    fresh: { type: 'assistant_transfer', assistant_id: null, description: '', message_before_transfer: '', speak_transfer_greeting: true },
  },
  calendar_integration: {
    title: 'Book appointments',
    explains: 'Checks free times and books them in your calendar.',
    fresh: {
      type: 'calendar_integration',
      calendar_type: 'provider_a',
      description: '',
      provider_a_api_key: '',
      provider_a_event_slug: '',
      provider_a_endpoint: 'us',
    },
  },
};

/** Fields the API has a default for but does not take as null: left out when empty. */
const DEFAULTED = new Set([
  'hold_message',
  'summary_instructions',
  'briefing_initial_message',
  'connected_message',
  'hold_music_volume',
  'timeout',
]);

/**
 * Empty texts are "not set": null, or left out where the API takes no null; the fields a tool
 * requires stay empty, for the server to name.
 */
export function toolsRequest(values: SettingsValues): PatchAssistantRequest {
  const tools = (values.tools as Tool[]).map((tool) => {
    const required = new Set(['phone_number', 'supervisor_phone', ...(tool.type === 'warm_call_transfer' ? ['description'] : [])]);
    const defaulted = tool.type === 'assistant_transfer' ? new Set([...DEFAULTED, 'description']) : DEFAULTED;
    const entries = Object.entries(tool).filter(([key, value]) => !(value === '' && defaulted.has(key)));
    return Object.fromEntries(entries.map(([key, value]) => [key, value === '' && !required.has(key) ? null : value]));
  });
  return { tools: tools as PatchAssistantRequest['tools'], tool_ids: values.tool_ids as number[] };
}

function ToolFields({ form, tool, index, selfId }: { form: ToolForm; tool: Tool; index: number; selfId: number }) {
  const at = toolPath(index);
  const when = (
    <Textarea
      label="When to use it"
      description="In plain words, e.g. “when the caller asks for the manager”."
      required={tool.type === 'warm_call_transfer'}
      autosize
      minRows={1}
      {...textInput(form, at('description'))}
    />
  );
  switch (tool.type) {
    case 'call_transfer':
      return (
        <Stack gap="xs">
          <TextInput
            label="Phone number to transfer to"
            description="With the country code, e.g. +14155550123."
            required
            {...textInput(form, at('phone_number'))}
          />
          {when}
          <Switch
            label="Introduce the caller first (warm transfer)"
            key={form.key(at('warm_transfer'))}
            {...form.getInputProps(at('warm_transfer'), { type: 'checkbox' })}
          />
          {Boolean(tool.warm_transfer) && (
            <TextInput label="What it says before transferring" {...textInput(form, at('warm_transfer_message'))} />
          )}
        </Stack>
      );
    case 'collect_keypad':
      return (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <NumberInput
              label="Wait for digits (seconds)"
              min={1}
              max={30}
              allowDecimal={false}
              key={form.key(at('timeout'))}
              {...form.getInputProps(at('timeout'))}
            />
            <Select
              label="Key that ends the digits"
              data={[
                { value: '#', label: '# (hash)' },
                { value: '*', label: '* (star)' },
              ]}
              allowDeselect={false}
              key={form.key(at('stop_key'))}
              {...form.getInputProps(at('stop_key'))}
            />
          </SimpleGrid>
          {when}
        </Stack>
      );
    case 'warm_call_transfer':
      return <WarmTransferFields form={form} index={index} when={when} />;
    case 'assistant_transfer':
      return <AssistantTransferFields form={form} index={index} when={when} selfId={selfId} />;
    case 'calendar_integration':
      return <CalendarFields form={form} tool={tool} index={index} when={when} />;
    case 'end_call':
    case 'dtmf_input':
      return when;
    default:
      return (
        <Text size="sm" c="dimmed">
          Set through the API; kept as it is.
        </Text>
      );
  }
}

/** The built-in tools it may use during a call, and the account's own tools. */
export function ToolsGroup({ assistant }: { assistant: Assistant }) {
  const custom = useQuery({ queryKey: ['tools'], queryFn: async () => unwrap(await api.GET('/api/user/tools')) });
  return (
    <SettingsGroup
      assistant={assistant}
      fields={['tools', 'tool_ids']}
      initial={(a) => ({ tools: (a.tools ?? []) as Tool[], tool_ids: a.tool_ids ?? [] })}
      toRequest={toolsRequest}
    >
      {(form) => {
        const tools = form.getValues().tools as Tool[];
        return (
          <Stack>
            {tools.length === 0 && (
              <Text size="sm" c="dimmed">
                No built-in tools: it only talks. Add one below.
              </Text>
            )}
            {tools.map((tool, index) => {
              const kind = TOOL_KINDS[tool.type];
              return (
                <Card withBorder key={form.key(`tools.${index}`)} component="section" aria-label={kind?.title ?? tool.type}>
                  <Group justify="space-between" mb="xs" wrap="nowrap">
                    <div>
                      <Text fw={600}>{kind?.title ?? tool.type}</Text>
                      <Text size="xs" c="dimmed">
                        {kind?.explains}
                      </Text>
                    </div>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${kind?.title ?? tool.type}`}
                      onClick={() => form.removeListItem('tools', index)}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                  <ToolFields form={form} tool={tool} index={index} selfId={assistant.id} />
                </Card>
              );
            })}
            <Menu position="bottom-start">
              <Menu.Target>
                <Button variant="light" w="fit-content">
                  Add a tool
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {Object.entries(TOOL_KINDS).map(([type, kind]) => (
                  <Menu.Item key={type} onClick={() => form.insertListItem('tools', structuredClone(kind.fresh))}>
                    {kind.title}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <MultiSelect
              label="Your own tools"
              description="Tools that call your systems (created through the API's tools routes)."
              placeholder={custom.isPending ? 'Loading…' : custom.data?.length === 0 ? 'You have no tools yet' : 'Choose tools'}
              data={(custom.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={(form.getValues().tool_ids as number[]).map(String)}
              onChange={(ids) => form.setFieldValue('tool_ids', ids.map(Number))}
              error={form.errors.tool_ids}
            />
            {tools.some((t) => !TOOL_KINDS[t.type]) && (
              <Badge variant="light" color="gray">
                Some tools were set through the API and are kept as they are.
              </Badge>
            )}
          </Stack>
        );
      }}
    </SettingsGroup>
  );
}
