import { Button, ColorInput, CopyButton, Fieldset, Code, Select, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { Assistant, PatchAssistantRequest } from '../../api/types.js';
import { SettingsGroup, type SettingsValues } from './settings-group.js';
import { NumberSetting } from './settings-inputs.js';

type WidgetSettings = NonNullable<PatchAssistantRequest['widget_settings']>;
const TEXT_KEYS = ['title', 'subtitle', 'avatar_url', 'launcher_text', 'greeting'] as const;

function initialValues(assistant: Assistant): SettingsValues {
  const settings = (assistant.widget_settings ?? {}) as WidgetSettings;
  return {
    widget_settings: {
      ...Object.fromEntries(TEXT_KEYS.map((key) => [key, settings[key] ?? ''])),
      primary_color: settings.primary_color ?? '#2563eb',
      position: settings.position ?? 'bottom-right',
      allowed_origins: settings.allowed_origins ?? [],
    },
    widget_daily_budget_usd: assistant.widget_daily_budget_usd ?? '',
  };
}

/** Empty texts are "use the default" (null); the settings object is sent whole, as the API replaces it. */
export function widgetRequest(values: SettingsValues): PatchAssistantRequest {
  const settings = values.widget_settings as Record<string, unknown>;
  const budget = values.widget_daily_budget_usd;
  return {
    widget_settings: Object.fromEntries(
      Object.entries(settings).map(([key, value]) => [key, typeof value === 'string' && value.trim() === '' ? null : value]),
    ) as WidgetSettings,
    widget_daily_budget_usd: budget === '' || budget === undefined ? null : (budget as number),
  };
}

/** The snippet a site pastes to show this assistant's chat. */
export function embedSnippet(origin: string, uuid: string): string {
  return `<script src="${origin}/widget.js" data-assistant-id="${uuid}" async></script>`;
}

/** How the website chat looks, which sites may show it, its daily budget, and the snippet. */
export function WidgetGroup({ assistant }: { assistant: Assistant }) {
  const snippet = embedSnippet(window.location.origin, assistant.uuid);
  return (
    <Stack>
      <Fieldset legend="Put the chat on your website">
        <Stack gap="xs">
          <Text size="sm">
            Paste this line into your website's pages, before <Code>&lt;/body&gt;</Code>. The assistant must be active, and your site's
            address must be in the allowed sites below.
          </Text>
          <Code block data-testid="widget-snippet" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {snippet}
          </Code>
          <CopyButton value={snippet}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy the snippet'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Fieldset>
      <SettingsGroup
        assistant={assistant}
        fields={['widget_settings', 'widget_daily_budget_usd']}
        initial={initialValues}
        toRequest={widgetRequest}
      >
        {(form) => (
          <Stack>
            <TagsInput
              label="Sites allowed to show the chat"
              description="Type an address and press Enter, e.g. https://www.bakery.example. https://*.bakery.example allows every subdomain."
              key={form.key('widget_settings.allowed_origins')}
              {...form.getInputProps('widget_settings.allowed_origins')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Title"
                description="Empty: the assistant's name."
                maxLength={80}
                key={form.key('widget_settings.title')}
                {...form.getInputProps('widget_settings.title')}
              />
              <TextInput
                label="Subtitle"
                maxLength={120}
                key={form.key('widget_settings.subtitle')}
                {...form.getInputProps('widget_settings.subtitle')}
              />
              <TextInput
                label="Button text"
                description="Empty: “Chat with us” in the assistant's language."
                maxLength={40}
                key={form.key('widget_settings.launcher_text')}
                {...form.getInputProps('widget_settings.launcher_text')}
              />
              <TextInput
                label="First message"
                description="Empty: the assistant's greeting."
                maxLength={500}
                key={form.key('widget_settings.greeting')}
                {...form.getInputProps('widget_settings.greeting')}
              />
              <ColorInput
                label="Colour"
                format="hex"
                withEyeDropper={false}
                key={form.key('widget_settings.primary_color')}
                {...form.getInputProps('widget_settings.primary_color')}
              />
              <Select
                label="Position"
                data={[
                  { value: 'bottom-right', label: 'Bottom right' },
                  { value: 'bottom-left', label: 'Bottom left' },
                ]}
                allowDeselect={false}
                key={form.key('widget_settings.position')}
                {...form.getInputProps('widget_settings.position')}
              />
              <TextInput
                label="Picture address"
                description="An https:// image shown in the header."
                key={form.key('widget_settings.avatar_url')}
                {...form.getInputProps('widget_settings.avatar_url')}
              />
              <NumberSetting
                of={form}
                field="widget_daily_budget_usd"
                label="Daily spending limit for website chats (USD)"
                description="Empty: no limit beyond your balance."
                min={0}
                decimalScale={2}
                prefix="$"
              />
            </SimpleGrid>
          </Stack>
        )}
      </SettingsGroup>
    </Stack>
  );
}
