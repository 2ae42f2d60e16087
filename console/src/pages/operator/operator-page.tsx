import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { currentUserQuery } from '../../api/queries.js';
import { ListFooter } from '../../components/list-footer.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime, formatUsd } from '../../format/format.js';
import { BalanceModal } from './balance-modal.js';
import { CreateAccountModal } from './create-account-modal.js';
import { OPERATOR_ACCOUNTS, type OperatorAccount } from './operator-api.js';
import { RestoreDialog, SuspendModal } from './suspension-dialogs.js';

const PER_PAGE = 20;

type Dialog =
  | { kind: 'create' }
  | { kind: 'balance'; account: OperatorAccount }
  | { kind: 'suspend'; account: OperatorAccount }
  | { kind: 'restore'; account: OperatorAccount }
  | null;

/** Every account on the server, for whoever runs it: balances, members, suspension. */
export function OperatorPage() {
  const me = useQuery(currentUserQuery);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const accounts = useQuery({
    queryKey: [...OPERATOR_ACCOUNTS, debouncedSearch, page],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/operator/accounts', {
          params: { query: { page, per_page: PER_PAGE, ...(debouncedSearch ? { search: debouncedSearch } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled: me.data?.is_operator === true,
  });

  if (me.data && !me.data.is_operator) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1} size="h2">
          Operator
        </Title>
        <Text>This page is for the person who runs this server. Ask them if you need an account changed.</Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Operator
          </Title>
          <Text size="sm" c="dimmed">
            Every account on this server. Add balance when a customer pays, correct it with a reason, and suspend an account that must stop
            using the service.
          </Text>
        </div>
        <Button onClick={() => setDialog({ kind: 'create' })}>New account</Button>
      </Group>
      <TextInput
        label="Search accounts"
        description="Part of a name or an e-mail (a member's e-mail finds their account)."
        placeholder="e.g. bakery or jane@example.com"
        maw={420}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <QueryState query={accounts} label="the accounts">
        {(result) =>
          result.total === 0 ? (
            <Text size="sm">{debouncedSearch ? `No account matches "${debouncedSearch}".` : 'No accounts yet.'}</Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col" miw={200}>
                        Account
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Balance
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Members
                      </Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                      <Table.Th scope="col">Created</Table.Th>
                      <Table.Th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((account) => (
                      <Table.Tr key={account.id}>
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {account.name}
                          </Text>
                          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                            {account.email}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatUsd(account.balance)}
                        </Table.Td>
                        <Table.Td ta="right">{account.members_count}</Table.Td>
                        <Table.Td>
                          {account.suspended ? (
                            <Stack gap={2}>
                              <Badge variant="outline" color="red.9" miw="max-content">
                                Suspended
                              </Badge>
                              <Text size="xs" c="dimmed">
                                {account.suspension_reason} · {formatDateTime(account.suspended_at)}
                              </Text>
                            </Stack>
                          ) : (
                            <Badge variant="outline" color="teal.9" miw="max-content">
                              Active
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(account.created_at)}</Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setDialog({ kind: 'balance', account })}
                              aria-label={`Credit or debit ${account.name}`}
                            >
                              Credit or debit
                            </Button>
                            {account.id === me.data?.id ? null : account.suspended ? (
                              <Button
                                size="xs"
                                variant="light"
                                onClick={() => setDialog({ kind: 'restore', account })}
                                aria-label={`Restore ${account.name}`}
                              >
                                Restore
                              </Button>
                            ) : (
                              <Button
                                size="xs"
                                color="red"
                                variant="light"
                                onClick={() => setDialog({ kind: 'suspend', account })}
                                aria-label={`Suspend ${account.name}`}
                              >
                                Suspend
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter total={result.total} page={page} perPage={PER_PAGE} onChange={setPage} label="accounts" />
            </>
          )
        }
      </QueryState>

      {dialog?.kind === 'create' && <CreateAccountModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'balance' && <BalanceModal account={dialog.account} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'suspend' && <SuspendModal account={dialog.account} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'restore' && <RestoreDialog account={dialog.account} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
