import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { EmptyState } from '../../components/empty-state.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { ConnectSenderModal } from './connect-sender-modal.js';
import { qualityOf } from './sender-words.js';
import { RequireRole } from '../../shell/role.js';

export const sendersQuery = {
  queryKey: ['chatapp-senders'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/chatapp/senders', { params: { query: { status: 'all' } } })).data,
};

/** The account's chat app numbers: their state on the platform, and the way to connect another. */
export function ChatAppsPage() {
  const navigate = useNavigate();
  const senders = useQuery(sendersQuery);
  const [connecting, setConnecting] = useState(false);
  // Connecting a number stores the account's credentials on the platform: admins and owners.
  const connectButton = (
    <RequireRole atLeast="admin">
      <Button onClick={() => setConnecting(true)}>Connect a number</Button>
    </RequireRole>
  );

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Chat apps
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            Your WhatsApp Business numbers. An assistant answers the customers who write to them; open a number to turn calling on, see its
            message templates, or check a customer&apos;s 24-hour window.
          </Text>
        </div>
        {connectButton}
      </Group>
      <QueryState query={senders} label="your numbers">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="Connect your first number" action={connectButton}>
              Bring the WhatsApp Business number your customers already write to (you need its IDs and a token from Meta), or start with a
              practice number to try your assistant without a Meta account.
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">State</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      Quality
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="md">
                      Daily limit
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      Calling
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((sender) => (
                    <Table.Tr key={sender.id}>
                      <Table.Td>
                        <AnchorLink to="/chat-apps/$senderId" params={{ senderId: sender.id }} fw={600}>
                          {sender.display_name}
                        </AnchorLink>
                        <Text size="xs" c="dimmed">
                          {sender.phone_number}
                          {sender.platform === 'simulator' ? ' · practice' : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge miw="max-content" variant="outline" color={sender.status === 'online' ? 'teal.9' : 'red.9'}>
                          {sender.status === 'online' ? 'Online' : 'Offline'}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{qualityOf(sender.quality_rating).label}</Table.Td>
                      <Table.Td visibleFrom="md">{sender.messaging_limit_formatted}</Table.Td>
                      <Table.Td visibleFrom="sm">{sender.voice_calling_enabled ? 'On' : 'Off'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      {connecting && (
        <ConnectSenderModal
          opened
          onClose={() => setConnecting(false)}
          onConnected={(id) => {
            setConnecting(false);
            void navigate({ to: '/chat-apps/$senderId', params: { senderId: id } });
          }}
        />
      )}
    </Stack>
  );
}
