import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { assistantListQuery } from '../../api/queries.js';
import { usePhoneNumbers } from './catalog.js';
import { idPicker, textInput, toolPath, type Tool, type ToolForm } from './tool-inputs.js';

/** What it says at each step of a warm transfer, with the server's words when left empty (spec 4.5). */
const WARM_TRANSFER_WORDS = [
  {
    field: 'hold_message',
    label: 'What the caller hears while holding',
    empty: 'Please hold while I connect you with a supervisor.',
  },
  {
    field: 'briefing_initial_message',
    label: 'What it says when the supervisor answers',
    empty: 'Hello! I have a caller on the line who needs your assistance. May I brief you on the situation?',
  },
  {
    field: 'connected_message',
    label: 'What it says when it joins the caller and the supervisor',
    empty: 'You are now connected with a supervisor. I’ll leave you to it.',
  },
] as const;

/** Who the supervisor is and how they are reached: a number, or a SIP address or extension. */
function SupervisorFields({ form, index, tool }: { form: ToolForm; index: number; tool: Tool }) {
  const at = toolPath(index);
  const numbers = usePhoneNumbers();
  const sip = Boolean(tool.custom_sip);
  return (
    <Fieldset legend="Reaching the supervisor">
      <Stack gap="xs">
        <Switch
          label="The supervisor is on our own phone system (a SIP address or an extension)"
          key={form.key(at('custom_sip'))}
          {...form.getInputProps(at('custom_sip'), { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label={sip ? "Supervisor's SIP address or extension" : "Supervisor's number"}
            description={sip ? 'e.g. sip:support@pbx.example.com or 201.' : 'With the country code, e.g. +14155550123.'}
            required
            {...textInput(form, at('supervisor_phone'))}
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
          {tool.caller_id_mode === 'custom' && (
            <TextInput
              label="Number shown to the supervisor"
              description="With the country code."
              required
              {...textInput(form, at('custom_caller_id'))}
            />
          )}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** Calls a supervisor, briefs them while the caller holds, then joins the two. */
export function WarmTransferFields({ form, index, when }: { form: ToolForm; index: number; when: ReactNode }) {
  const at = toolPath(index);
  const tool = (form.getValues().tools as Tool[])[index]!;
  return (
    <Stack gap="xs">
      {when}
      <SupervisorFields form={form} index={index} tool={tool} />
      <Fieldset legend="While the caller holds">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Select
            label="What the caller hears"
            data={[
              { value: 'hold_music', label: 'Hold music' },
              { value: 'none', label: 'Silence' },
            ]}
            allowDeselect={false}
            key={form.key(at('hold_music'))}
            {...form.getInputProps(at('hold_music'))}
          />
          {tool.hold_music !== 'none' && (
            <NumberInput
              label="Hold music volume"
              description="0 (silent) to 100; empty: 80."
              min={0}
              max={100}
              allowDecimal={false}
              key={form.key(at('hold_music_volume'))}
              {...form.getInputProps(at('hold_music_volume'))}
            />
          )}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="What it says">
        <Stack gap="xs">
          {WARM_TRANSFER_WORDS.map(({ field, label, empty }) => {
            const { key, ...input } = textInput(form, at(field));
            return <TextInput key={key} label={label} description={`Empty: “${empty}”`} maxLength={500} {...input} />;
          })}
          <Textarea
            label="How to brief the supervisor"
            description="Empty: who is calling, why, and why a person is needed, in 2 to 3 sentences."
            autosize
            minRows={1}
            {...textInput(form, at('summary_instructions'))}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}

/** Another of the account's assistants takes the call over. */
export function AssistantTransferFields({ form, index, when, selfId }: { form: ToolForm; index: number; when: ReactNode; selfId: number }) {
  const at = toolPath(index);
  const assistants = useQuery(assistantListQuery);
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
        {...textInput(form, at('message_before_transfer'))}
      />
      <Switch
        label="The other assistant starts with its greeting"
        key={form.key(at('speak_transfer_greeting'))}
        {...form.getInputProps(at('speak_transfer_greeting'), { type: 'checkbox' })}
      />
    </Stack>
  );
}
