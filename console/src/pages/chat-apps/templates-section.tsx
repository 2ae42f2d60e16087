import { Alert, Badge, Button, Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import type { Sender } from './chat-app-page.js';
import { TEMPLATE_STATUS } from './sender-words.js';
import { RequireRole } from '../../shell/role.js';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Waiting' },
  { value: 'rejected', label: 'Rejected' },
];

/**
 * The number's message templates with Meta's review of each. Only approved ones can start a
 * conversation; they are read from Meta every 4 hours and when Meta reports a change, or now.
 */
export function TemplatesSection({ sender }: { sender: Sender }) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('all');
  const templates = useQuery({
    queryKey: ['chatapp-templates', sender.id],
    queryFn: async () =>
      unwrap(await api.GET('/api/user/chatapp/senders/{id}/templates', { params: { path: { id: sender.id }, query: { status: 'all' } } }))
        .data,
  });
  const sync = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/user/chatapp/senders/{id}/templates/sync', { params: { path: { id: sender.id } } })),
    onSuccess: async (result) => {
      notifications.show({
        color: 'green',
        message: `Templates are up to date: ${result.synced} template${result.synced === 1 ? '' : 's'}, as Meta has them now.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['chatapp-templates', sender.id] }),
        queryClient.invalidateQueries({ queryKey: ['chatapp-senders', sender.id] }),
      ]);
    },
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="templates-title">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={2} size="h4" id="templates-title">
            Message templates
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            Messages Meta reviewed in advance. Only an approved template can reach a customer who has not written to you in the last 24
            hours. Create and edit them in Meta&apos;s WhatsApp Manager.
          </Text>
        </div>
        <RequireRole atLeast="editor">
          <Button variant="light" onClick={() => sync.mutate()} loading={sync.isPending}>
            Sync now
          </Button>
        </RequireRole>
      </Group>
      <Text size="xs" c="dimmed" mb="sm">
        Last read from Meta: {sender.templates_synced_at ? formatDateTime(sender.templates_synced_at) : 'not yet'}.
      </Text>
      {sync.isError && (
        <Alert color="red" role="alert" title="The templates could not be read from Meta" mb="sm">
          {describeError(sync.error)}
        </Alert>
      )}
      {!sync.isError && sender.templates_sync_error && (
        <Alert color="yellow" title="The last sync did not reach Meta" mb="sm">
          {sender.templates_sync_error}
        </Alert>
      )}
      <SegmentedControl aria-label="Show templates" data={FILTERS} value={filter} onChange={setFilter} mb="sm" />
      <QueryState query={templates} label="the templates">
        {(list) => {
          const shown = filter === 'all' ? list : list.filter((t) => t.status === filter);
          if (shown.length === 0)
            return (
              <Text size="sm">
                {list.length === 0 ? 'No templates yet. Create one in Meta’s WhatsApp Manager, then sync.' : 'None here.'}
              </Text>
            );
          return (
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Template</Table.Th>
                    <Table.Th scope="col">Review</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      Text
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((template) => (
                    <Table.Tr key={template.id}>
                      <Table.Td>
                        <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                          {template.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {template.language} · {template.category}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge miw="max-content" variant="outline" color={TEMPLATE_STATUS[template.status]?.color}>
                          {TEMPLATE_STATUS[template.status]?.label ?? template.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">
                        <Text size="sm" lineClamp={3}>
                          {template.body_text}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </QueryState>
    </Paper>
  );
}
