import { Button, Group, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { assistantListQuery } from '../../api/queries.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { EmptyState } from '../../components/empty-state.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { AssignNumberModal } from './assign-number-modal.js';
import { BuyNumberModal } from './buy-number-modal.js';
import { ImportNumberModal } from './import-number-modal.js';
import { billingInWords, numberSourceInWords, releaseInWords, type PhoneNumber } from './number-words.js';
import { RequireRole } from '../../shell/role.js';

export const numbersQuery = {
  queryKey: ['phone-numbers', 'all'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/phone-numbers/all')),
};

type Dialog =
  | { kind: 'buy' }
  | { kind: 'import' }
  | { kind: 'assign'; number: PhoneNumber }
  | { kind: 'release'; number: PhoneNumber }
  | null;

/** The account's numbers: who uses each, what it costs, and the ways to get another or let one go. */
export function PhoneNumbersPage() {
  const numbers = useQuery(numbersQuery);
  // Who uses which number changes on other pages: read it afresh.
  const assistants = useQuery({ ...assistantListQuery, refetchOnMount: 'always' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const usersOf = (id: number) => (assistants.data ?? []).filter((a) => a.phone_number_id === id);
  // Buying spends the balance and importing stores Twilio credentials: admins and owners.
  const actions = (
    <RequireRole atLeast="admin">
      <Group gap="sm">
        <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
          Add your Twilio number
        </Button>
        <Button onClick={() => setDialog({ kind: 'buy' })}>Buy a number</Button>
      </Group>
    </RequireRole>
  );

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Phone numbers
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            An inbound assistant answers the calls to its number; an outbound one calls from it. Buy a number here (paid monthly from your
            balance) or add one from your own Twilio account.
          </Text>
        </div>
        {actions}
      </Group>
      <QueryState query={numbers} label="your numbers">
        {(result) =>
          result.data.length === 0 ? (
            <EmptyState title="Get your first number" action={actions}>
              Search numbers by country, area code or city and buy one in a minute, or add a number you already have on Twilio. Then give it
              to an assistant.
            </EmptyState>
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Number</Table.Th>
                    <Table.Th scope="col">Used by</Table.Th>
                    <Table.Th scope="col" visibleFrom="md">
                      Billing
                    </Table.Th>
                    <Table.Th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((number) => (
                    <Table.Tr key={number.id}>
                      <Table.Td>
                        <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {number.phone_number}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[number.nickname, numberSourceInWords(number)].filter(Boolean).join(' · ')}
                        </Text>
                        {billingInWords(number) && (
                          <Text size="xs" c="dimmed" hiddenFrom="md">
                            {billingInWords(number)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <UsedBy assistants={usersOf(number.id)} />
                      </Table.Td>
                      <Table.Td visibleFrom="md">
                        <Text size="sm">{billingInWords(number) ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <RequireRole atLeast="editor">
                          <NumberActions
                            number={number}
                            onAssign={() => setDialog({ kind: 'assign', number })}
                            onRelease={() => setDialog({ kind: 'release', number })}
                          />
                        </RequireRole>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      {dialog?.kind === 'buy' && <BuyNumberModal onClose={close} />}
      {dialog?.kind === 'import' && <ImportNumberModal onClose={close} />}
      {dialog?.kind === 'assign' && <AssignNumberModal number={dialog.number} onClose={close} />}
      {dialog?.kind === 'release' && <ReleaseDialog number={dialog.number} onClose={close} />}
    </Stack>
  );
}

function UsedBy({ assistants }: { assistants: Array<{ id: number; name: string; type: string }> }) {
  if (assistants.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nobody yet
      </Text>
    );
  return (
    <Stack gap={2}>
      {assistants.map((a) => (
        <Text size="sm" key={a.id}>
          <AnchorLink to="/assistants/$assistantId" params={{ assistantId: a.id }}>
            {a.name}
          </AnchorLink>{' '}
          <Text span size="xs" c="dimmed">
            ({a.type === 'inbound' ? 'answers calls' : 'calls out'})
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

function NumberActions({ number, onAssign, onRelease }: { number: PhoneNumber; onAssign: () => void; onRelease: () => void }) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="default" aria-label={`Actions for ${number.phone_number}`}>
          Manage
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onAssign}>Give to an assistant</Menu.Item>
        {!number.release_at && (
          <RequireRole atLeast="admin">
            <Menu.Item color="red" onClick={onRelease}>
              Release
            </Menu.Item>
          </RequireRole>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Release after saying what happens; the server's own message (the end of the billing period) after. */
function ReleaseDialog({ number, onClose }: { number: PhoneNumber; onClose: () => void }) {
  const queryClient = useQueryClient();
  const release = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/user/phone-numbers/{id}', { params: { path: { id: number.id } } })),
    onSuccess: async (answer) => {
      // The server's own words: when the number goes (the end of the billing period, or now).
      notifications.show({ color: 'green', message: `${number.phone_number}: ${answer.message}`, autoClose: 10_000 });
      onClose();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['phone-numbers'] }),
        queryClient.invalidateQueries({ queryKey: ['assistants'] }),
      ]);
    },
  });
  return (
    <ConfirmDialog
      opened
      title={`Release ${number.phone_number}?`}
      confirmLabel="Release the number"
      cancelLabel="Keep it"
      pending={release.isPending}
      error={release.error}
      onConfirm={() => release.mutate()}
      onClose={onClose}
    >
      <Text size="sm">{releaseInWords(number)}</Text>
    </ConfirmDialog>
  );
}
