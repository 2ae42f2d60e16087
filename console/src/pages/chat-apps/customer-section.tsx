import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError, errorCodeOf } from '../../api/errors.js';
import { formatDateTime } from '../../format/format.js';
import { windowInWords } from '../conversations/chat-window.js';
import type { Sender } from './chat-app-page.js';
import { permissionInWords } from './sender-words.js';
import { useRole } from '../../shell/role.js';

/** An invalid number is the same mistake on every route: say how to write one. */
function phoneProblem(error: unknown): string {
  return errorCodeOf(error) === 'INVALID_PHONE' ? 'Enter the number with its country code, e.g. +40711222333.' : describeError(error);
}

/**
 * One customer, looked up by phone: whether their 24-hour window is open (free-form messages
 * reach them only then), and whether they let the business call them (Ask to call).
 */
export function CustomerSection({ sender }: { sender: Sender }) {
  const { allows } = useRole();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const target = { sender_id: sender.id, recipient_phone: phone };
  const session = useQuery({
    queryKey: ['chatapp-window', target],
    queryFn: async () => unwrap(await api.GET('/api/user/chatapp/session-status', { params: { query: target } })),
    enabled: phone !== '',
  });
  const permission = useQuery({
    queryKey: ['chatapp-permission', target],
    queryFn: async () => unwrap(await api.GET('/api/user/chatapp/voice/permission', { params: { query: target } })),
    enabled: phone !== '',
  });
  const ask = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/user/chatapp/voice/request', { body: { ...target, ...(name.trim() ? { recipient_name: name.trim() } : {}) } }),
      ),
    onSuccess: (record) => {
      queryClient.setQueryData(['chatapp-permission', target], record);
      notifications.show({ color: 'green', message: 'Asked. They see a message in WhatsApp with Allow and Decline.' });
    },
  });
  const lookUp = () => {
    ask.reset();
    if (typed.trim() === phone) {
      void session.refetch();
      void permission.refetch();
    } else setPhone(typed.trim());
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="customer-title">
      <Title order={2} size="h4" id="customer-title">
        A customer
      </Title>
      <Text size="sm" c="dimmed" mb="sm" maw={680}>
        You can write freely to a customer for 24 hours after their last message; after that only a template reaches them. Before the
        assistant can call them, they must allow calls (Ask to call), which you can ask only inside that window.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim()) lookUp();
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Customer's phone number"
            placeholder="+40711222333"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            inputMode="tel"
          />
          <Button type="submit" variant="light" disabled={!typed.trim()} loading={session.isFetching || permission.isFetching}>
            Look up
          </Button>
        </Group>
      </form>
      {phone && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md" spacing="md">
          <Stack gap={4} aria-live="polite">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              24-hour window
            </Text>
            {session.isError && (
              <Alert color="red" role="alert">
                {phoneProblem(session.error)}
              </Alert>
            )}
            {session.data && (
              <>
                <Badge variant="outline" color={session.data.session_status.is_open ? 'teal.9' : 'gray.8'} w="fit-content">
                  {session.data.session_status.is_open ? 'Open' : session.data.has_conversation ? 'Closed' : 'No conversation yet'}
                </Badge>
                <Text size="sm">
                  {session.data.has_conversation
                    ? windowInWords(session.data.session_status)
                    : 'They have never written to this number: start with an approved template.'}
                </Text>
                {session.data.last_customer_message_at && (
                  <Text size="xs" c="dimmed">
                    {session.data.customer_name ? `${session.data.customer_name} last wrote` : 'Last message from them'}:{' '}
                    {formatDateTime(session.data.last_customer_message_at)}
                  </Text>
                )}
              </>
            )}
          </Stack>
          <Stack gap={4} aria-live="polite">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Calls (Ask to call)
            </Text>
            {permission.isError && (
              <Alert color="red" role="alert">
                {phoneProblem(permission.error)}
              </Alert>
            )}
            {permission.data && <PermissionState record={permission.data} callingOn={sender.voice_calling_enabled} />}
            {permission.data?.can_request && allows('editor') && (
              <Group align="flex-end" gap="sm" mt={4}>
                <TextInput
                  label="Their name (optional)"
                  size="xs"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                  maxLength={255}
                  style={{ flex: '1 1 160px' }}
                />
                <Button size="xs" onClick={() => ask.mutate()} loading={ask.isPending}>
                  Ask to call
                </Button>
              </Group>
            )}
            {ask.isError && (
              <Alert color="red" role="alert" title="Not asked">
                {phoneProblem(ask.error)}
              </Alert>
            )}
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  );
}

function PermissionState({
  record,
  callingOn,
}: {
  record: Parameters<typeof permissionInWords>[0] & { requested_at: string | null };
  callingOn: boolean;
}) {
  const words = permissionInWords(record, formatDateTime, callingOn);
  return (
    <>
      <Text fw={600} c={words.color}>
        {words.label}
      </Text>
      <Text size="sm">{words.next}</Text>
      {record.requested_at && (
        <Text size="xs" c="dimmed">
          Last asked: {formatDateTime(record.requested_at)}
        </Text>
      )}
    </>
  );
}
