import { ActionIcon, Alert, Anchor, Badge, Button, Group, Menu, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { assistantListQuery } from '../../api/queries.js';
import { duplicateRequest } from './duplicate.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { RequireRole, useRole } from '../../shell/role.js';
import type { AssistantsSearch } from '../../router.js';
import { AssistantFilterBar } from './assistant-filter-bar.js';
import { matchesFilters } from './assistant-filters.js';
import { modeLabel, typeLabel } from './assistant-labels.js';
import { useFolders, useLabels } from './catalog.js';
import { CreateAssistantModal } from './create-assistant-modal.js';

type AssistantListItem = Awaited<ReturnType<typeof assistantListQuery.queryFn>>[number];

export function AssistantsPage() {
  const filters = useSearch({ from: '/signed-in/assistants' });
  const navigate = useNavigate({ from: '/assistants' });
  const { allows } = useRole();
  const queryClient = useQueryClient();
  const assistants = useQuery(assistantListQuery);
  const folders = useFolders();
  const labels = useLabels();
  const folderName = new Map((folders.data?.data ?? []).map((f) => [f.id, f.name]));
  const labelName = new Map((labels.data?.data ?? []).map((l) => [l.id, l.name]));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AssistantListItem | null>(null);

  const setFilter = (change: AssistantsSearch) =>
    void navigate({ search: (previous: AssistantsSearch) => ({ ...previous, ...change }), replace: true });

  const duplicate = useMutation({
    mutationFn: async (original: AssistantListItem) => {
      const full = unwrap(await api.GET('/api/user/assistant/{id}', { params: { path: { id: original.id } } }));
      return unwrap(await api.POST('/api/user/assistant', { body: duplicateRequest(full.data) })).data;
    },
    onSuccess: async (copy) => {
      notifications.show({ color: 'green', message: `Created “${copy.name}”, inactive until you switch it on.` });
      await queryClient.invalidateQueries({ queryKey: assistantListQuery.queryKey });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'Could not duplicate', message: describeError(error) }),
  });
  const remove = useMutation({
    mutationFn: async (id: number) => unwrap(await api.DELETE('/api/user/assistant/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `Deleted “${deleting?.name}”.` });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: assistantListQuery.queryKey });
    },
  });

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Assistants
          </Title>
          <Text size="sm" c="dimmed">
            Each assistant answers calls and chats with its own voice, instructions and knowledge.
          </Text>
        </div>
        <RequireRole atLeast="editor">
          <Button onClick={() => setCreating(true)}>New assistant</Button>
        </RequireRole>
      </Group>

      <QueryState query={assistants} label="your assistants">
        {(all) => {
          if (all.length === 0) {
            return (
              <Paper withBorder p="xl" ta="center">
                <Stack align="center" gap="xs">
                  <Title order={2} size="h3">
                    Create your first assistant
                  </Title>
                  <Text maw={520}>
                    Give it a name, a voice and instructions, like briefing a new receptionist. You can try it right away by chat or a
                    browser call, before it answers real customers.
                  </Text>
                  <RequireRole atLeast="editor">
                    <Button mt="sm" onClick={() => setCreating(true)}>
                      New assistant
                    </Button>
                  </RequireRole>
                </Stack>
              </Paper>
            );
          }
          const shown = all.filter((assistant) => matchesFilters(assistant, filters));
          return (
            <Stack gap="sm">
              <AssistantFilterBar
                filters={filters}
                onChange={setFilter}
                folders={{ ...folders, data: folders.data?.data }}
                labels={{ ...labels, data: labels.data?.data }}
              />
              <Text size="sm" c="dimmed" aria-live="polite">
                {shown.length === all.length ? `${all.length} assistants` : `${shown.length} of ${all.length} assistants match`}
              </Text>
              {shown.length === 0 ? (
                <Alert color="gray">
                  No assistant matches these filters.{' '}
                  <Anchor component="button" type="button" onClick={() => void navigate({ search: {}, replace: true })}>
                    Clear the filters
                  </Anchor>
                </Alert>
              ) : (
                <Table.ScrollContainer minWidth={340}>
                  <Table verticalSpacing="sm" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Name</Table.Th>
                        <Table.Th scope="col">Status</Table.Th>
                        <Table.Th scope="col" visibleFrom="sm">
                          Type
                        </Table.Th>
                        <Table.Th scope="col" visibleFrom="sm">
                          Voice engine
                        </Table.Th>
                        <Table.Th scope="col" visibleFrom="sm">
                          Folder
                        </Table.Th>
                        <Table.Th scope="col" visibleFrom="md">
                          Last changed
                        </Table.Th>
                        <Table.Th scope="col">
                          <span className="visually-hidden">Actions</span>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {shown.map((assistant) => (
                        <Table.Tr key={assistant.id}>
                          <Table.Td>
                            <AnchorLink to="/assistants/$assistantId" params={{ assistantId: assistant.id }} fw={600}>
                              {assistant.name}
                            </AnchorLink>
                            {assistant.label_ids.length > 0 && (
                              <Group gap={4} mt={4}>
                                {assistant.label_ids.map((id) => (
                                  <Badge key={id} size="sm" variant="outline" color="indigo.9" tt="none">
                                    {labelName.get(id) ?? '…'}
                                  </Badge>
                                ))}
                              </Group>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Badge
                              color={assistant.status === 'active' ? 'teal.9' : 'gray.7'}
                              variant={assistant.status === 'active' ? 'filled' : 'outline'}
                            >
                              {assistant.status === 'active' ? 'Active' : 'Inactive'}
                            </Badge>
                          </Table.Td>
                          <Table.Td visibleFrom="sm">{typeLabel(assistant.type)}</Table.Td>
                          <Table.Td visibleFrom="sm">{modeLabel(assistant.mode)}</Table.Td>
                          <Table.Td visibleFrom="sm">
                            {assistant.folder_id === null ? '—' : (folderName.get(assistant.folder_id) ?? '…')}
                          </Table.Td>
                          <Table.Td visibleFrom="md">{formatDateTime(assistant.updated_at)}</Table.Td>
                          <Table.Td ta="right">
                            <Menu position="bottom-end" withinPortal>
                              <Menu.Target>
                                <ActionIcon variant="subtle" color="gray.8" aria-label={`Actions for ${assistant.name}`}>
                                  <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>
                                    ⋯
                                  </span>
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                <Menu.Item
                                  onClick={() => void navigate({ to: '/assistants/$assistantId', params: { assistantId: assistant.id } })}
                                >
                                  {allows('editor') ? 'Edit' : 'Open'}
                                </Menu.Item>
                                <RequireRole atLeast="editor">
                                  <Menu.Item onClick={() => duplicate.mutate(assistant)}>Duplicate</Menu.Item>
                                  <Menu.Item color="red.9" onClick={() => setDeleting(assistant)}>
                                    Delete
                                  </Menu.Item>
                                </RequireRole>
                              </Menu.Dropdown>
                            </Menu>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          );
        }}
      </QueryState>

      <CreateAssistantModal opened={creating} onClose={() => setCreating(false)} />
      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        title={`Delete “${deleting?.name}”?`}
      >
        <Stack>
          <Text size="sm">It stops answering at once and its settings are gone. Its past conversations and calls stay in their lists.</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {describeError(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              Delete assistant
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
