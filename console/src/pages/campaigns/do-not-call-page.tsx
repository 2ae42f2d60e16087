import { Alert, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { AnchorLink } from '../../components/links.js';
import { ListFooter } from '../../components/list-footer.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { humanize } from '../../format/words.js';
import { DNC_SOURCE } from './campaign-labels.js';
import { ImportDoNotCall } from './do-not-call-import.js';
import { RequireRole } from '../../shell/role.js';

const PER_PAGE = 20;

/** Numbers no campaign of the account ever dials: added by hand, imported, or asked for on a call. */
export function DoNotCallPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['do-not-call', page],
    queryFn: async () => unwrap(await api.GET('/api/user/do-not-call', { params: { query: { page, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['do-not-call'] });

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { phone_number: '', reason: '' },
    validate: { phone_number: (value) => (value.trim() ? null : 'Give the number, with its country code, e.g. +40 711 222 333.') },
  });
  const add = useMutation({
    mutationFn: async (values: { phone_number: string; reason: string }) =>
      unwrap(
        await api.POST('/api/user/do-not-call', {
          body: { phone_number: values.phone_number.trim(), ...(values.reason.trim() ? { reason: values.reason.trim() } : {}) },
        }),
      ),
    onSuccess: async (result) => {
      notifications.show({ color: 'green', message: result.message });
      form.reset();
      setPage(1);
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
      else form.setFieldError('phone_number', describeError(error));
    },
  });
  const remove = useMutation({
    mutationFn: async (phone: string) =>
      unwrap(await api.DELETE('/api/user/do-not-call/{phone_number}', { params: { path: { phone_number: phone } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${removing} can be called again.` });
      setRemoving(null);
      await refresh();
    },
  });

  return (
    <Stack gap="md" maw={1100}>
      <AnchorLink to="/campaigns" size="sm">
        ← All campaigns
      </AnchorLink>
      <div>
        <Title order={1} size="h2">
          Do-not-call list
        </Title>
        <Text size="sm" c="dimmed">
          No campaign calls these numbers, even when they are in its list. People who ask the assistant not to be called again are added
          here by themselves.
        </Text>
      </div>
      <RequireRole atLeast="editor">
        <Paper withBorder p="md" component="section" aria-labelledby="dnc-add-title">
          <Title order={2} size="h4" id="dnc-add-title" mb="xs">
            Add a number
          </Title>
          <form onSubmit={form.onSubmit((values) => add.mutate(values))} noValidate>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Phone number"
                placeholder="+40 711 222 333"
                required
                maxLength={32}
                w={220}
                key={form.key('phone_number')}
                {...form.getInputProps('phone_number')}
              />
              <TextInput
                label="Reason"
                placeholder="e.g. Asked by e-mail"
                maxLength={255}
                style={{ flex: '1 1 220px' }}
                key={form.key('reason')}
                {...form.getInputProps('reason')}
              />
              <Button type="submit" loading={add.isPending} mt={25}>
                Add
              </Button>
            </Group>
          </form>
          <ImportDoNotCall onImported={refresh} />
        </Paper>
      </RequireRole>
      <Title order={2} size="h4">
        Numbers on the list
      </Title>
      <QueryState query={list} label="the do-not-call list">
        {(result) =>
          result.total === 0 ? (
            <Paper withBorder p="lg">
              <Text fw={600}>The list is empty.</Text>
              <Text size="sm">Add the numbers of people who asked not to be called, or import them from a file.</Text>
            </Paper>
          ) : (
            <>
              <Table.ScrollContainer minWidth={340}>
                <Table verticalSpacing="xs" aria-label="Do-not-call numbers">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Number</Table.Th>
                      <Table.Th scope="col" visibleFrom="sm">
                        How
                      </Table.Th>
                      <Table.Th scope="col" visibleFrom="sm">
                        Reason
                      </Table.Th>
                      <Table.Th scope="col" visibleFrom="md">
                        Added
                      </Table.Th>
                      <Table.Th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((entry) => (
                      <Table.Tr key={entry.phone_number}>
                        <Table.Td>{entry.phone_number}</Table.Td>
                        <Table.Td visibleFrom="sm">{DNC_SOURCE[entry.source] ?? humanize(entry.source)}</Table.Td>
                        <Table.Td visibleFrom="sm">{entry.reason ?? '—'}</Table.Td>
                        <Table.Td visibleFrom="md">{formatDateTime(entry.created_at)}</Table.Td>
                        <Table.Td ta="right">
                          <RequireRole atLeast="editor">
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              onClick={() => setRemoving(entry.phone_number)}
                              aria-label={`Remove ${entry.phone_number}`}
                            >
                              Remove
                            </Button>
                          </RequireRole>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter total={result.total} page={page} perPage={PER_PAGE} onChange={setPage} label="numbers" />
            </>
          )
        }
      </QueryState>
      <Modal
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        title={`Take ${removing} off the list?`}
      >
        <Stack>
          <Text size="sm">Campaigns may call this number again. Do it only if the person agreed to be called.</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {describeError(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Keep it listed
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => removing && remove.mutate(removing)}>
              Take it off
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
