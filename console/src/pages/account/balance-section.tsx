import { Paper, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ListFooter } from '../../components/list-footer.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime, formatUsd, formatUsdChange } from '../../format/format.js';

const PER_PAGE = 20;

/** Every change of the balance with its reason, newest first, a page at a time (server-side). */
export function BalanceSection() {
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: ['balance-ledger', page],
    queryFn: async () => unwrap(await api.GET('/api/user/balance/ledger', { params: { query: { page, per_page: PER_PAGE } } })),
    placeholderData: keepPreviousData,
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="balance-title">
      <Title order={2} size="h4" id="balance-title">
        Balance history
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every charge and top-up, newest first. Chat messages, calls and chat-app messages are paid from the balance.
      </Text>
      <QueryState query={ledger} label="the balance history">
        {(result) =>
          result.total === 0 ? (
            <Text size="sm">
              No changes yet. Ask the person who runs this server to add balance (they use <code>npm run cli -- users credit</code>).
            </Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={320}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">When</Table.Th>
                      <Table.Th scope="col">Reason</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Change
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Balance after
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                        <Table.Td>{row.reason}</Table.Td>
                        <Table.Td ta="right" c={row.amount < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
                          {formatUsdChange(row.amount)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatUsd(row.balance_after)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter total={result.total} page={page} perPage={PER_PAGE} onChange={setPage} label="balance changes" mt="sm" />
            </>
          )
        }
      </QueryState>
    </Paper>
  );
}
