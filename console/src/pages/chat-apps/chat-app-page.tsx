import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { Sender } from '../../../../client/api.js';
import { api, unwrap } from '../../api/client.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { CustomerSection } from './customer-section.js';
import { SenderSettings } from './sender-settings.js';
import { nameReviewInWords, qualityOf } from './sender-words.js';
import { TemplatesSection } from './templates-section.js';
import { RequireRole } from '../../shell/role.js';

export type { Sender };

export const senderQuery = (id: number) => ({
  queryKey: ['chatapp-senders', id] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/chatapp/senders/{id}', { params: { path: { id } } })).data,
});

/** One chat app number: its state on the platform, its settings, templates, and one customer's window. */
export function ChatAppPage() {
  const { senderId } = useParams({ from: '/signed-in/chat-apps/$senderId' });
  const sender = useQuery(senderQuery(senderId));
  return (
    <Stack gap="md" maw={1100}>
      <AnchorLink to="/chat-apps" size="sm">
        ← All numbers
      </AnchorLink>
      <QueryState query={sender} label="the number">
        {(record) => (
          <>
            <div>
              <Title order={1} size="h2">
                {record.display_name}
              </Title>
              <Text c="dimmed">
                {record.phone_number}
                {record.platform === 'simulator' ? ' · practice number (you play the customer)' : ' · WhatsApp Business'}
              </Text>
            </div>
            <StateSection sender={record} />
            <SenderSettings sender={record} />
            <TemplatesSection sender={record} />
            <CustomerSection sender={record} />
            <DisconnectSection sender={record} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** What Meta reports about the number, read every 5 minutes and on each of its notices. */
function StateSection({ sender }: { sender: Sender }) {
  const quality = qualityOf(sender.quality_rating);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="state-title">
      <Title order={2} size="h4" id="state-title" mb="sm">
        State
      </Title>
      {sender.offline_reason && (
        <Alert color="red" title="This number is offline: nothing can be sent from it" mb="sm">
          {sender.offline_reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Fact label="State">
          <Badge variant="outline" color={sender.status === 'online' ? 'teal.9' : 'red.9'}>
            {sender.status === 'online' ? 'Online' : 'Offline'}
          </Badge>
        </Fact>
        <Fact label="Quality">
          {quality.label}
          <Text size="xs" c="dimmed" fw={400}>
            {quality.explains}
          </Text>
        </Fact>
        <Fact label="Customers a day">{sender.messaging_limit_formatted}</Fact>
        <Fact label="Display name review">{nameReviewInWords(sender.name_status)}</Fact>
      </SimpleGrid>
      {sender.platform === 'cloud_api' && (
        <Text size="xs" c="dimmed" mt="sm">
          {sender.verified_name ? `Meta knows this number as “${sender.verified_name}”. ` : ''}
          Last checked with Meta: {sender.state_synced_at ? formatDateTime(sender.state_synced_at) : 'not yet'}.
        </Text>
      )}
    </Paper>
  );
}

/** Removing the number: nothing is answered or sent from it any more; Meta keeps it. */
function DisconnectSection({ sender }: { sender: Sender }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/user/chatapp/senders/{id}', { params: { path: { id: sender.id } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${sender.display_name} is disconnected.` });
      await navigate({ to: '/chat-apps' });
      queryClient.removeQueries({ queryKey: ['chatapp-senders', sender.id] });
      await queryClient.invalidateQueries({ queryKey: ['chatapp-senders'] });
    },
  });
  return (
    <RequireRole atLeast="admin">
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Disconnect this number
        </Button>
        <ConfirmDialog
          opened={confirming}
          title={`Disconnect ${sender.display_name}?`}
          confirmLabel="Disconnect"
          cancelLabel="Keep it"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            setConfirming(false);
            remove.reset();
          }}
        >
          <Text size="sm">
            Messages to {sender.phone_number} are no longer answered here, and its templates and message history are removed from
            Switchboard. The number stays yours at Meta: you can connect it again later.
          </Text>
        </ConfirmDialog>
      </Group>
    </RequireRole>
  );
}
