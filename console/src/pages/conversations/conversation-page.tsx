import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { api, unwrap } from '../../api/client.js';
import { FunctionCalls, KeyValues } from '../../components/function-calls.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime, formatUsd } from '../../format/format.js';
import { humanize } from '../../format/words.js';
import { CHANNELS } from './channels.js';
import { TakeOver } from './take-over.js';
import { formatTime } from './chat-window.js';

/** How often an open conversation looks for new messages. */
export const POLL_MS = 3_000;

/** One conversation: what was said and when, what the assistant did, and (chat app) a person's takeover. */
export function ConversationPage() {
  const { conversationId } = useParams({ strict: false }) as { conversationId: string };
  const record = useQuery({
    queryKey: ['conversation', conversationId],
    queryFn: async () => unwrap(await api.GET('/api/user/conversations/{uuid}', { params: { path: { uuid: conversationId } } })),
    refetchInterval: POLL_MS,
  });

  return (
    <Stack gap="md" maw={900}>
      <AnchorLink to="/conversations" size="sm">
        ← All conversations
      </AnchorLink>
      <QueryState query={record} label="the conversation">
        {(c) => (
          <>
            <div>
              <Title order={1} size="h2">
                {c.chatapp?.customer_name || c.chatapp?.customer_phone || `Conversation with ${c.assistant_name}`}
              </Title>
              <Text size="sm" c="dimmed">
                {CHANNELS[c.type] ?? humanize(c.type)} · {c.assistant_name} · started {formatDateTime(c.created_at)}
              </Text>
            </div>
            <Group gap="lg" wrap="wrap">
              <Fact
                label="Status"
                value={c.status === 'ended' ? `Ended${c.end_reason ? ` (${humanize(c.end_reason).toLowerCase()})` : ''}` : 'Open'}
              />
              {!c.chatapp && <Fact label="Messages" value={String(c.message_count)} />}
              <Fact label="Cost" value={formatUsd(c.total_cost)} />
              <Fact label="Who answers" value={c.ai_enabled ? 'The assistant' : 'A person (assistant paused)'} />
            </Group>
            {c.chatapp ? <TakeOver conversation={c} chatapp={c.chatapp} /> : <Transcript messages={c.messages} />}
            {c.chatapp && c.messages.some((m) => m.function_calls.length > 0) && (
              <Paper withBorder p="md">
                <Title order={2} size="h4" mb="xs">
                  What the assistant did
                </Title>
                <Transcript messages={c.messages.filter((m) => m.function_calls.length > 0)} bare />
              </Paper>
            )}
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                What we know about the customer
              </Title>
              <KeyValues values={c.variables} empty="Nothing was given when the conversation started." />
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Summary after the conversation
              </Title>
              <KeyValues
                values={c.evaluation}
                empty={c.status === 'ended' ? 'Nothing was extracted from this conversation.' : 'Written when the conversation ends.'}
              />
            </Paper>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

type Message = {
  id: number;
  role: string;
  content: string;
  function_calls: Array<{ name: string; arguments: Record<string, unknown>; result: Record<string, unknown> }>;
  created_at: string;
};

function Transcript({ messages, bare = false }: { messages: Message[]; bare?: boolean }) {
  const list = (
    <Stack gap="sm" component="ol" aria-label="Messages" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {messages.map((m) => (
        <li key={m.id}>
          <Text size="sm">
            <Text span fw={600}>
              {m.role === 'user' ? 'Customer' : m.role === 'assistant' ? 'Assistant' : 'Note'}
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              {formatTime(m.created_at)}
            </Text>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {m.content}
          </Text>
          <FunctionCalls calls={m.function_calls} />
        </li>
      ))}
    </Stack>
  );
  if (bare) return list;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Transcript
      </Title>
      {messages.length === 0 ? <Text size="sm">No messages yet.</Text> : list}
    </Paper>
  );
}

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
