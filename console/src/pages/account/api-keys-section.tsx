import { Alert, Button, Code, CopyButton, Group, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { type MemberRole, useRole } from '../../shell/role.js';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, grantableRoles } from '../team/team-words.js';

const keysQuery = {
  queryKey: ['api-keys'],
  queryFn: async () => unwrap(await api.GET('/api/user/api-keys')).api_keys,
};

/** Keys for other programs (a website's backend, an automation tool): create, show once, revoke. */
export function ApiKeysSection() {
  const keys = useQuery(keysQuery);
  const queryClient = useQueryClient();
  const { role: myRole } = useRole();
  const roles = grantableRoles(myRole);
  const [created, setCreated] = useState<{ name: string; token: string; role: MemberRole } | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', role: null as MemberRole | null },
    validate: { name: (value) => (value.trim() ? null : 'Give the key a name, e.g. the program that will use it.') },
  });
  const create = useMutation({
    // No role chosen: the key gets its creator's role (the API's default).
    mutationFn: async (values: { name: string; role: MemberRole | null }) =>
      unwrap(await api.POST('/api/user/api-keys', { body: { name: values.name, ...(values.role ? { role: values.role } : {}) } })).api_key,
    onSuccess: async (key) => {
      setCreated({ name: key.name, token: key.token, role: key.role });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
      else form.setFieldError('name', describeError(error));
    },
  });
  const revoke = useMutation({
    mutationFn: async (id: number) => unwrap(await api.DELETE('/api/user/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `The key "${revoking?.name}" is revoked; programs using it are refused from now on.` });
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: keysQuery.queryKey });
    },
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="keys-title">
      <Title order={2} size="h4" id="keys-title">
        Keys of this account
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A key lets another program (your website, an automation tool) use Switchboard as you. Keep keys secret; revoke one you no longer
        use.
      </Text>
      <form onSubmit={form.onSubmit((values) => create.mutate({ name: values.name.trim(), role: values.role }))}>
        <Group align="flex-end" gap="sm" mb="sm">
          <TextInput
            label="New key's name"
            placeholder="e.g. Website chat"
            style={{ flex: '1 1 200px' }}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Select
            label="Role"
            placeholder={myRole ? `${ROLE_LABELS[myRole]} (yours)` : undefined}
            data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            clearable
            w={220}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
        <Text size="xs" c="dimmed" mb="md">
          A key may do at most what your own role allows; without a choice it gets your role.
        </Text>
      </form>
      <QueryState query={keys} label="your API keys">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm">No keys yet. Create one above when a program needs to reach Switchboard.</Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Role</Table.Th>
                    <Table.Th scope="col">Created by</Table.Th>
                    <Table.Th scope="col">Created</Table.Th>
                    <Table.Th scope="col">Last used</Table.Th>
                    <Table.Th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((key) => (
                    <Table.Tr key={key.id}>
                      <Table.Td>{key.name}</Table.Td>
                      <Table.Td>{ROLE_LABELS[key.role]}</Table.Td>
                      <Table.Td>{key.created_by?.name ?? 'A former member'}</Table.Td>
                      <Table.Td>{formatDateTime(key.created_at)}</Table.Td>
                      <Table.Td>{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => setRevoking({ id: key.id, name: key.name })}
                          aria-label={`Revoke ${key.name}`}
                        >
                          Revoke
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>

      <Modal opened={created !== null} onClose={() => setCreated(null)} title={`Key "${created?.name}" created`} size="lg">
        <Stack>
          <Alert color="yellow" variant="light">
            Copy the key now: it is shown only once. If you lose it, revoke it and create another.
          </Alert>
          {created && (
            <Text size="sm">
              Role {ROLE_LABELS[created.role]}: {ROLE_DESCRIPTIONS[created.role]}
            </Text>
          )}
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="new-key-token">
            {created?.token}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={created?.token ?? ''}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'green' : undefined}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={() => setCreated(null)}>
              Done
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={revoking !== null}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        title={`Revoke "${revoking?.name}"?`}
      >
        <Stack>
          <Text size="sm">Programs using this key stop working at once. This cannot be undone.</Text>
          {revoke.isError && (
            <Alert color="red" role="alert">
              {describeError(revoke.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Keep it
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking.id)}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
