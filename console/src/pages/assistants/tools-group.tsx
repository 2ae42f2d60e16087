import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.js';
import type { Assistant, PatchAssistantRequest } from '../../api/types.js';
import { usePhoneNumbers } from './catalog.js';
import { SettingsGroup, type SettingsValues } from './settings-group.js';

type Tool = Record<string, unknown> & { type: string };
type Form = UseFormReturnType<SettingsValues>;

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
      caller_id_mode: 'outbound_number',
      hold_music: 'hold_music',
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

/** Texts the API has a default for but does not take as null: left out when empty. */
const DEFAULTED = new Set(['hold_message', 'summary_instructions', 'briefing_initial_message', 'connected_message']);

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

/** A picker of ids: Mantine's Select holds strings, the API numbers. */
const idPicker = (form: Form, path: string) => ({
  key: form.key(path),
  error: form.getInputProps(path).error as React.ReactNode,
  value: form.getInputProps(path).value == null ? null : String(form.getInputProps(path).value),
  onChange: (value: string | null) => form.setFieldValue(path, value ? Number(value) : null),
});

const text = (form: Form, path: string) => ({
  key: form.key(path),
  ...form.getInputProps(path),
  value: (form.getInputProps(path).value as string | null) ?? '',
});

function WarmTransferFields({ form, index, when }: { form: Form; index: number; when: React.ReactNode }) {
  const at = (field: string) => `tools.${index}.${field}`;
  const numbers = usePhoneNumbers();
  const tool = (form.getValues().tools as Tool[])[index]!;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextInput
          label="Supervisor's number"
          description="With the country code, e.g. +14155550123."
          required
          {...text(form, at('supervisor_phone'))}
        />
        <Select
          label="Call the supervisor from"
          description="One of your numbers."
          required
          placeholder={numbers.isPending ? 'Loading numbers…' : 'Choose a number'}
          nothingFoundMessage="No number in your account"
          data={(numbers.data?.data ?? []).map((n) => ({
            value: String(n.id),
            label: n.nickname ? `${n.phone_number} · ${n.nickname}` : n.phone_number,
          }))}
          {...idPicker(form, at('outbound_phone_id'))}
        />
        <Select
          label="Number the supervisor sees"
          data={[
            { value: 'outbound_number', label: 'The number it calls from' },
            { value: 'customer_number', label: 'The caller’s number' },
            { value: 'custom', label: 'Another number' },
          ]}
          allowDeselect={false}
          key={form.key(at('caller_id_mode'))}
          {...form.getInputProps(at('caller_id_mode'))}
        />
        {tool.caller_id_mode === 'custom' && <TextInput label="Number shown to the supervisor" {...text(form, at('custom_caller_id'))} />}
        <Select
          label="While the caller holds"
          data={[
            { value: 'hold_music', label: 'Hold music' },
            { value: 'none', label: 'Silence' },
          ]}
          allowDeselect={false}
          key={form.key(at('hold_music'))}
          {...form.getInputProps(at('hold_music'))}
        />
      </SimpleGrid>
      {when}
      <TextInput
        label="What the caller hears while holding"
        description="Empty: “Please hold while I connect you with a supervisor.”"
        {...text(form, at('hold_message'))}
      />
      <Textarea
        label="How to brief the supervisor"
        description="Empty: who is calling, why, and why a person is needed, in 2 to 3 sentences."
        autosize
        minRows={1}
        {...text(form, at('summary_instructions'))}
      />
    </Stack>
  );
}

function AssistantTransferFields({ form, index, when, selfId }: { form: Form; index: number; when: React.ReactNode; selfId: number }) {
  const at = (field: string) => `tools.${index}.${field}`;
  const assistants = useQuery({ queryKey: ['assistants'], queryFn: async () => unwrap(await api.GET('/api/user/assistants')) });
  const others = (assistants.data ?? []).filter((a) => a.id !== selfId);
  return (
    <Stack gap="xs">
      <Select
        label="Assistant that takes over"
        required
        searchable
        placeholder={assistants.isPending ? 'Loading assistants…' : 'Choose an assistant'}
        nothingFoundMessage="You have no other assistant"
        data={others.map((a) => ({ value: String(a.id), label: a.name }))}
        {...idPicker(form, at('assistant_id'))}
      />
      {when}
      <TextInput
        label="What it says before handing over"
        description="Empty: nothing."
        maxLength={500}
        {...text(form, at('message_before_transfer'))}
      />
      <Switch
        label="The other assistant starts with its greeting"
        key={form.key(at('speak_transfer_greeting'))}
        {...form.getInputProps(at('speak_transfer_greeting'), { type: 'checkbox' })}
      />
    </Stack>
  );
}

function ToolFields({ form, tool, index, selfId }: { form: Form; tool: Tool; index: number; selfId: number }) {
  const at = (field: string) => `tools.${index}.${field}`;
  const when = (
    <Textarea
      label="When to use it"
      description="In plain words, e.g. “when the caller asks for the manager”."
      required={tool.type === 'warm_call_transfer'}
      autosize
      minRows={1}
      {...text(form, at('description'))}
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
            {...text(form, at('phone_number'))}
          />
          {when}
          <Switch
            label="Introduce the caller first (warm transfer)"
            key={form.key(at('warm_transfer'))}
            {...form.getInputProps(at('warm_transfer'), { type: 'checkbox' })}
          />
          {Boolean(tool.warm_transfer) && (
            <TextInput label="What it says before transferring" {...text(form, at('warm_transfer_message'))} />
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

function CalendarFields({ form, tool, index, when }: { form: Form; tool: Tool; index: number; when: React.ReactNode }) {
  const at = (field: string) => `tools.${index}.${field}`;
  const providerA = tool.calendar_type !== 'provider_b' && tool.calendar_type !== 'calendly';
  return (
    <Stack gap="xs">
      <Select
        label="Calendar service"
        data={[
          { value: 'provider_a', label: 'Cal.com' },
          { value: 'provider_b', label: 'Calendly' },
        ]}
        allowDeselect={false}
        key={form.key(at('calendar_type'))}
        {...form.getInputProps(at('calendar_type'))}
      />
      {when}
      {providerA ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <PasswordInput
            label="Cal.com API key"
            description="In Cal.com: Settings → Developer → API keys."
            required
            {...text(form, at('provider_a_api_key'))}
          />
          <TextInput
            label="Event type (slug)"
            description="The end of the booking link, e.g. “30min”."
            required
            {...text(form, at('provider_a_event_slug'))}
          />
          <TextInput label="Team (slug), if the event is a team's" {...text(form, at('provider_a_team_slug'))} />
          <Select
            label="Cal.com region"
            data={[
              { value: 'us', label: 'United States' },
              { value: 'eu', label: 'Europe' },
              { value: 'custom', label: 'My own Cal.com server' },
            ]}
            allowDeselect={false}
            key={form.key(at('provider_a_endpoint'))}
            {...form.getInputProps(at('provider_a_endpoint'))}
          />
          {tool.provider_a_endpoint === 'custom' && (
            <TextInput label="My Cal.com server's address" {...text(form, at('provider_a_custom_endpoint'))} />
          )}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <PasswordInput
            label="Calendly personal access token"
            description="In Calendly: Integrations → API and webhooks."
            required
            {...text(form, at('provider_b_api_key'))}
          />
          <TextInput
            label="Event type link (URI)"
            description="https://api.calendly.com/event_types/…"
            required
            {...text(form, at('provider_b_event_type_uri'))}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
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
