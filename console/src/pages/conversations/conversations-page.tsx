import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { AssistantFilter } from '../../components/assistant-filter.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime, formatUsd } from '../../format/format.js';
import { humanize } from '../../format/words.js';
import { AnchorLink } from '../../components/links.js';
import { CHANNELS } from './channels.js';

type ConversationQuery = NonNullable<paths['/api/user/conversations']['get']['parameters']['query']>;
const CHANNEL_FILTER: Record<string, string> = { widget: 'Website chat', api: 'API', test: 'Test', chatapp: 'Chat app' };
const PER_PAGE = 20;

/** Every conversation, newest first; the server pages with a cursor, so "older" and "newer" step through it. */
export function ConversationsPage() {
  const [assistant, setAssistant] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const query: ConversationQuery = {
    per_page: PER_PAGE,
    ...(assistant ? { assistant_id: assistant } : {}),
    ...(type ? { type: type as ConversationQuery['type'] } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const conversations = useQuery({
    queryKey: ['conversations', query],
    queryFn: async () => unwrap(await api.GET('/api/user/conversations', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const filter = (set: (value: string | null) => void) => (value: string | null) => {
    setCursor(undefined);
    set(value);
  };

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Conversations
        </Title>
        <Text size="sm" c="dimmed">
          Chats with your assistants on your website, the chat app, the API and your own tests, newest first.
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter conversations">
        <AssistantFilter value={assistant} onChange={filter(setAssistant)} />
        <Select
          label="Channel"
          placeholder="Any"
          clearable
          data={Object.entries(CHANNEL_FILTER).map(([value, label]) => ({ value, label }))}
          value={type}
          onChange={filter(setType)}
          w={180}
        />
      </Group>
      <QueryState query={conversations} label="the conversations">
        {(result) =>
          result.data.length === 0 ? (
            <Paper withBorder p="lg">
              <Text fw={600}>{assistant || type ? 'No conversation matches these filters.' : 'No conversations yet.'}</Text>
              <Text size="sm">
                {assistant || type
                  ? 'Clear a filter to see more.'
                  : 'Conversations appear here when someone chats with an assistant: on your website, in the chat app, or when you try one yourself.'}
              </Text>
            </Paper>
          ) : (
            <>
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Started</Table.Th>
                      <Table.Th scope="col">Assistant</Table.Th>
                      <Table.Th scope="col">Channel</Table.Th>
                      <Table.Th scope="col">Customer</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Messages
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Cost
                      </Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((conversation) => (
                      <Table.Tr key={conversation.id}>
                        <Table.Td>
                          <AnchorLink
                            to="/conversations/$conversationId"
                            params={{ conversationId: conversation.id }}
                            size="sm"
                            aria-label={`Conversation of ${formatDateTime(conversation.created_at)}, details`}
                          >
                            {formatDateTime(conversation.created_at)}
                          </AnchorLink>
                        </Table.Td>
                        <Table.Td>{conversation.assistant_name ?? '—'}</Table.Td>
                        <Table.Td>{CHANNELS[conversation.type] ?? humanize(conversation.type)}</Table.Td>
                        <Table.Td>{conversation.customer?.name || conversation.customer?.phone || '—'}</Table.Td>
                        <Table.Td ta="right">{conversation.message_count}</Table.Td>
                        <Table.Td ta="right">{formatUsd(conversation.total_cost ?? 0)}</Table.Td>
                        <Table.Td>
                          <Badge variant="outline" color="gray.8">
                            {conversation.status === 'active' ? 'Open' : humanize(conversation.status)}
                          </Badge>
                          {!conversation.ai_enabled && (
                            <Badge ml={4} variant="outline" color="orange.9">
                              Person answering
                            </Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {(result.prev_cursor || result.next_cursor) && (
                <Group justify="flex-end" gap="sm">
                  <Button
                    variant="default"
                    size="xs"
                    disabled={!result.prev_cursor}
                    onClick={() => setCursor(result.prev_cursor ?? undefined)}
                  >
                    Newer
                  </Button>
                  <Button
                    variant="default"
                    size="xs"
                    disabled={!result.next_cursor}
                    onClick={() => setCursor(result.next_cursor ?? undefined)}
                  >
                    Older
                  </Button>
                </Group>
              )}
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
