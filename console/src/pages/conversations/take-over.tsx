import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { QueryState } from '../../components/query-state.js';
import { formatTime, windowInWords } from './chat-window.js';
import { RequireRole, useRole } from '../../shell/role.js';

const POLL_MS = 3_000;

interface Props {
  conversation: { id: string; ai_enabled: boolean; messages: Array<{ role: string; content: string }> };
  chatapp: { sender_id: number; customer_phone: string | null; customer_name: string | null };
}

/**
 * A chat app conversation as the customer sees it, refreshed every few seconds, with the switch
 * that pauses the assistant so a person can answer (inside the platform's 24-hour window).
 */
export function TakeOver({ conversation, chatapp }: Props) {
  const queryClient = useQueryClient();
  const phone = chatapp.customer_phone ?? '';
  const target = { sender_id: chatapp.sender_id, recipient_phone: phone };
  const [draft, setDraft] = useState('');
  const thread = useQuery({
    queryKey: ['chatapp-messages', target],
    queryFn: async () => unwrap(await api.GET('/api/user/chatapp/messages', { params: { query: target } })),
    refetchInterval: POLL_MS,
  });
  const window = useQuery({
    queryKey: ['chatapp-window', target],
    queryFn: async () => unwrap(await api.GET('/api/user/chatapp/session-status', { params: { query: target } })),
    refetchInterval: POLL_MS * 5,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['conversation', conversation.id] }),
      queryClient.invalidateQueries({ queryKey: ['chatapp-messages', target] }),
      queryClient.invalidateQueries({ queryKey: ['chatapp-window', target] }),
    ]);
  const switchAi = useMutation({
    mutationFn: async (enable: boolean) => {
      const path = enable ? '/api/automate/conversations/{uuid}/enable-ai' : '/api/automate/conversations/{uuid}/disable-ai';
      return unwrap(await api.POST(path, { params: { path: { uuid: conversation.id } } }));
    },
    onSuccess: async (state) => {
      notifications.show({
        color: 'green',
        message: state.ai_enabled
          ? 'The assistant answers this customer again.'
          : 'The assistant is paused here: you answer this customer.',
      });
      await refresh();
    },
    onError: (error) => notifications.show({ color: 'red', message: describeError(error) }),
  });
  const send = useMutation({
    mutationFn: async (message: string) => unwrap(await api.POST('/api/user/chatapp/send-freeform', { body: { ...target, message } })),
    onSuccess: async () => {
      setDraft('');
      await refresh();
    },
  });
  const session = window.data?.session_status;
  // The thread does not say who wrote an outbound message: the assistant's replies are also in the conversation's record.
  const byAssistant = new Set(conversation.messages.filter((m) => m.role === 'assistant').map((m) => m.content));
  const { allows } = useRole();
  const canWrite = !conversation.ai_enabled && phone !== '' && session?.can_send_freeform !== false;

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap">
        <div>
          <Title order={2} size="h4">
            Messages in the chat app
          </Title>
          <Text size="xs" c="dimmed">
            New messages appear here by themselves.
          </Text>
        </div>
        <RequireRole atLeast="editor">
          {conversation.ai_enabled ? (
            <Button onClick={() => switchAi.mutate(false)} loading={switchAi.isPending}>
              Take over from the assistant
            </Button>
          ) : (
            <Button variant="default" onClick={() => switchAi.mutate(true)} loading={switchAi.isPending}>
              Hand back to the assistant
            </Button>
          )}
        </RequireRole>
      </Group>
      {session && (
        <Group gap="xs" mb="sm">
          <Badge color={session.is_open ? 'teal.9' : 'gray.8'} variant={session.is_open ? 'filled' : 'outline'}>
            {session.is_open ? 'Reply window open' : 'Reply window closed'}
          </Badge>
          <Text size="xs">{windowInWords(session)}</Text>
        </Group>
      )}
      <QueryState query={thread} label="the messages">
        {(result) =>
          result.data.length === 0 ? (
            <Text size="sm">No messages yet.</Text>
          ) : (
            <Stack gap="xs" component="ol" aria-label="Chat app messages" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {result.data.map((m) => (
                <li key={m.id} style={{ alignSelf: m.direction === 'inbound' ? 'flex-start' : 'flex-end', maxWidth: '85%' }}>
                  <Paper p="xs" radius="md" bg={m.direction === 'inbound' ? 'gray.1' : 'blue.0'}>
                    <Text size="xs" fw={600}>
                      {m.direction === 'inbound' ? chatapp.customer_name || 'Customer' : byAssistant.has(m.body) ? 'Assistant' : 'You'}{' '}
                      <Text span size="xs" c="dimmed" fw={400}>
                        {formatTime(m.created_at)}
                      </Text>
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {m.deleted ? '(deleted by the customer)' : m.body}
                    </Text>
                    {m.direction === 'outbound' && m.status === 'failed' && (
                      <Text size="xs" c="red.9">
                        Not delivered{m.error_message ? `: ${m.error_message}` : ''}
                      </Text>
                    )}
                  </Paper>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
      {conversation.ai_enabled ? (
        <Text size="sm" mt="sm" c="dimmed">
          The assistant answers this customer. Take over to write yourself; the assistant stays quiet until you hand back.
        </Text>
      ) : !allows('editor') ? null : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) send.mutate(draft.trim());
          }}
        >
          <Stack gap="xs" mt="sm">
            <Textarea
              label="Your reply"
              autosize
              minRows={2}
              maxRows={6}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              disabled={!canWrite}
            />
            {send.isError && (
              <Alert color="red" variant="light" role="alert">
                {describeError(send.error)}
              </Alert>
            )}
            {session && !session.can_send_freeform && (
              <Text size="sm" c="red.9">
                The customer last wrote more than 24 hours ago: the chat app only lets you send an approved template until they write again.
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} disabled={!canWrite || !draft.trim()}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
