import {
  ActionIcon,
  Button,
  ColorSwatch,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { AnchorLink } from '../../components/links.js';
import { ListFooter } from '../../components/list-footer.js';
import { QueryState } from '../../components/query-state.js';
import { describeError } from '../../api/errors.js';
import { type Group as GroupRecord, groupsApi, PER_PAGE } from './groups-api.js';
import { assistantCount, GROUP_COLORS, GROUP_WORDS, groupNameProblem, type GroupColor, type GroupKind, swatchOf } from './group-words.js';
import { RequireRole } from '../../shell/role.js';

/** Folders and labels, side by side on a wide screen: the two ways to keep many assistants in order. */
export function GroupsPage() {
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Folders & labels
        </Title>
        <Text size="sm" c="dimmed" maw={640}>
          Keep your assistants in order. Put an assistant in a folder or give it labels in its settings, then filter the assistants list by
          them.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <GroupSection kind="folder" />
        <GroupSection kind="label" />
      </SimpleGrid>
    </Stack>
  );
}

const colorOptions = GROUP_COLORS.map((c) => ({ value: c.value, label: c.label }));

function ColorSelect({ value, onChange, label = 'Colour' }: { value: GroupColor; onChange: (value: GroupColor) => void; label?: string }) {
  return (
    <Select
      label={label}
      data={colorOptions}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as GroupColor)}
      leftSection={<ColorSwatch color={`var(--mantine-color-${swatchOf(value).replace('.', '-')})`} size={14} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={`var(--mantine-color-${swatchOf(option.value).replace('.', '-')})`} size={14} />
          {option.label}
        </Group>
      )}
      w={140}
    />
  );
}

function GroupSection({ kind }: { kind: GroupKind }) {
  const words = GROUP_WORDS[kind];
  const calls = groupsApi(kind);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [color, setColor] = useState<GroupColor>('gray');
  const [nameError, setNameError] = useState<string | null>(null);
  const [editing, setEditing] = useState<GroupRecord | null>(null);
  const [deleting, setDeleting] = useState<GroupRecord | null>(null);
  const list = useQuery({ queryKey: [`${kind}s`, 'page', page], queryFn: () => calls.list(page), placeholderData: keepPreviousData });
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: [`${kind}s`] }), queryClient.invalidateQueries({ queryKey: ['assistants'] })]);
  const create = useMutation({
    mutationFn: () => calls.create({ name: name.trim(), color }),
    onSuccess: async (created) => {
      setName('');
      notifications.show({ color: 'green', message: `The ${words.singular} “${created.name}” is created.` });
      await refresh();
    },
    onError: (error) => setNameError(describeError(error)),
  });
  const remove = useMutation({
    mutationFn: (id: number) => calls.remove(id),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `The ${words.singular} “${deleting?.name}” is deleted.` });
      setDeleting(null);
      await refresh();
    },
  });
  const titleId = `${kind}s-title`;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {words.title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {words.explains}
      </Text>
      <RequireRole atLeast="editor">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const problem = groupNameProblem(name);
            setNameError(problem);
            if (!problem) create.mutate();
          }}
        >
          <Group align="flex-start" gap="sm" mb="md">
            <TextInput
              label={`New ${words.singular}`}
              placeholder={words.example}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
              maxLength={255}
              style={{ flex: '1 1 160px' }}
            />
            <ColorSelect value={color} onChange={setColor} />
            <Button type="submit" loading={create.isPending} mt={25}>
              Create
            </Button>
          </Group>
        </form>
      </RequireRole>
      <QueryState query={list} label={`your ${words.singular}s`}>
        {(result) =>
          result.total === 0 ? (
            <Text size="sm">No {words.singular}s yet.</Text>
          ) : (
            <>
              <Table verticalSpacing="xs" aria-labelledby={titleId}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((group) => (
                    <Table.Tr key={group.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" align="flex-start">
                          <ColorSwatch
                            color={`var(--mantine-color-${swatchOf(group.color).replace('.', '-')})`}
                            size={14}
                            mt={3}
                            style={{ flexShrink: 0 }}
                            aria-hidden
                          />
                          <div>
                            <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                              {group.name}
                            </Text>
                            {group.assistants_count === 0 ? (
                              <Text size="xs" c="dimmed">
                                No assistants
                              </Text>
                            ) : (
                              <AnchorLink
                                to="/assistants"
                                search={kind === 'folder' ? { folder: group.id } : { label: group.id }}
                                size="xs"
                              >
                                {assistantCount(group.assistants_count)}
                              </AnchorLink>
                            )}
                          </div>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <RequireRole atLeast="editor">
                          <Button size="xs" variant="default" onClick={() => setEditing(group)} aria-label={`Rename ${group.name}`}>
                            Rename
                          </Button>{' '}
                          <ActionIcon
                            size="md"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(group)}
                            aria-label={`Delete ${group.name}`}
                          >
                            ✕
                          </ActionIcon>
                        </RequireRole>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <ListFooter total={result.total} page={page} perPage={PER_PAGE} onChange={setPage} label={`${kind}s`} mt="sm" />
            </>
          )
        }
      </QueryState>
      {editing && <RenameModal kind={kind} group={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the ${words.singular} “${deleting?.name}”?`}
        confirmLabel={`Delete ${words.singular}`}
        cancelLabel="Keep it"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        <Text size="sm">{words.onDelete(deleting?.assistants_count ?? 0)}</Text>
      </ConfirmDialog>
    </Paper>
  );
}

function RenameModal({
  kind,
  group,
  onClose,
  onSaved,
}: {
  kind: GroupKind;
  group: GroupRecord;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const words = GROUP_WORDS[kind];
  const [name, setName] = useState(group.name);
  const [color, setColor] = useState<GroupColor>(group.color as GroupColor);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => groupsApi(kind).update(group.id, { name: name.trim(), color }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: 'Saved.' });
      onClose();
      await onSaved();
    },
    onError: (failure) => setError(describeError(failure)),
  });
  return (
    <Modal opened onClose={onClose} title={`Rename the ${words.singular} “${group.name}”`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problem = groupNameProblem(name);
          setError(problem);
          if (!problem) save.mutate();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={255}
            data-autofocus
          />
          <ColorSelect value={color} onChange={setColor} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
