import { PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { textInput, toolPath, type Tool, type ToolForm } from './tool-inputs.js';

/** Cal.com (provider_a) or Calendly (provider_b): the key and the event type to book. */
export function CalendarFields({ form, tool, index, when }: { form: ToolForm; tool: Tool; index: number; when: ReactNode }) {
  const at = toolPath(index);
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
            {...textInput(form, at('provider_a_api_key'))}
          />
          <TextInput
            label="Event type (slug)"
            description="The end of the booking link, e.g. “30min”."
            required
            {...textInput(form, at('provider_a_event_slug'))}
          />
          <TextInput label="Team (slug), if the event is a team's" {...textInput(form, at('provider_a_team_slug'))} />
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
            <TextInput label="My Cal.com server's address" {...textInput(form, at('provider_a_custom_endpoint'))} />
          )}
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <PasswordInput
            label="Calendly personal access token"
            description="In Calendly: Integrations → API and webhooks."
            required
            {...textInput(form, at('provider_b_api_key'))}
          />
          <TextInput
            label="Event type link (URI)"
            description="https://api.calendly.com/event_types/…"
            required
            {...textInput(form, at('provider_b_event_type_uri'))}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
