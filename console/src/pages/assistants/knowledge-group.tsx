import { Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.js';
import type { Assistant } from '../../api/types.js';
import { AnchorLink } from '../../components/links.js';
import { SettingsGroup } from './settings-group.js';
import { IdSelect } from './settings-inputs.js';

const FIELDS = ['knowledgebase_id', 'knowledgebase_mode'] as const;

/** Which knowledge base it answers from, and how it reads it. */
export function KnowledgeGroup({ assistant }: { assistant: Assistant }) {
  const bases = useQuery({ queryKey: ['knowledgebases'], queryFn: async () => unwrap(await api.GET('/api/user/knowledgebases')).data });
  const realtime = assistant.mode !== 'pipeline';
  return (
    <SettingsGroup assistant={assistant} fields={FIELDS}>
      {(form) => (
        <Stack>
          <IdSelect
            of={form}
            field="knowledgebase_id"
            label="Knowledge base"
            description="Documents it answers from: prices, opening hours, policies."
            placeholder={bases.isPending ? 'Loading…' : bases.data?.length === 0 ? 'No knowledge base yet' : 'None'}
            clearable
            data={(bases.data ?? []).map((b) => ({ value: String(b.id), label: `${b.name} (${b.documents_count} documents)` }))}
          />
          {bases.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              Create one and add documents on the <AnchorLink to="/knowledge">Knowledge</AnchorLink> page.
            </Text>
          )}
          <Radio.Group
            label="How it uses the knowledge base"
            key={form.key('knowledgebase_mode')}
            {...form.getInputProps('knowledgebase_mode')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="function_call" label="Looks things up when a question needs it" />
              <Radio
                value="prompt"
                disabled={realtime}
                label={
                  realtime
                    ? 'Reads the best passages before every reply (Standard engine only)'
                    : 'Reads the best passages before every reply'
                }
              />
            </Stack>
          </Radio.Group>
        </Stack>
      )}
    </SettingsGroup>
  );
}
