import { Badge, Drawer, Group, Pagination, Paper, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { AssistantFilter } from '../../components/assistant-filter.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime, formatUsd } from '../../format/format.js';
import { formatDuration, humanize } from '../../format/words.js';
import { CallDetails, TYPE_WORDS } from './call-details.js';

type CallQuery = NonNullable<paths['/api/user/calls']['get']['parameters']['query']>;
const TYPES = ['inbound', 'outbound', 'web', 'whatsapp_inbound', 'whatsapp_outbound'] as const;
const STATUSES = [
  'initiated',
  'ringing',
  'in-progress',
  'completed',
  'ended',
  'ended_by_customer',
  'ended_by_assistant',
  'busy',
  'no-answer',
  'failed',
] as const;
const PER_PAGE = 15;

/** Every call, newest first, filtered and paginated on the server. */
export function CallsPage() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<{
    assistant: string | null;
    type: string | null;
    status: string | null;
    from: string | null;
    to: string | null;
  }>({
    assistant: null,
    type: null,
    status: null,
    from: null,
    to: null,
  });
  // The open call is in the address (?call=12): a lead's attempt links straight to it.
  const openId = useSearch({ from: '/signed-in/calls' }).call ?? null;
  const navigate = useNavigate({ from: '/calls' });
  const setOpenId = (id: number | null) => void navigate({ search: id === null ? {} : { call: id } });
  const query: CallQuery = {
    page,
    per_page: PER_PAGE,
    ...(filters.assistant ? { assistant_id: Number(filters.assistant) } : {}),
    ...(filters.type ? { type: filters.type as CallQuery['type'] } : {}),
    ...(filters.status ? { status: filters.status as CallQuery['status'] } : {}),
    ...(filters.from ? { date_from: filters.from } : {}),
    ...(filters.to ? { date_to: filters.to } : {}),
  };
  const calls = useQuery({
    queryKey: ['calls', query],
    queryFn: async () => unwrap(await api.GET('/api/user/calls', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const set = (name: keyof typeof filters) => (value: string | null) => {
    setPage(1);
    setFilters((previous) => ({ ...previous, [name]: value }));
  };
  const filtered = Object.values(filters).some(Boolean);
  const listed = calls.data?.data.find((call) => call.id === openId);
  const fetched = useQuery({
    queryKey: ['call', openId],
    queryFn: async () => unwrap(await api.GET('/api/user/calls/{id}', { params: { path: { id: openId! } } })),
    enabled: openId !== null && !listed,
  });
  const open = openId === null ? null : (listed ?? fetched.data ?? null);

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Calls
        </Title>
        <Text size="sm" c="dimmed">
          Phone calls and browser test calls of your assistants, newest first. Select a call to read its transcript.
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter calls">
        <AssistantFilter value={filters.assistant} onChange={set('assistant')} />
        <Select
          label="Type"
          placeholder="Any"
          clearable
          data={TYPES.map((t) => ({ value: t, label: TYPE_WORDS[t]! }))}
          value={filters.type}
          onChange={set('type')}
          w={190}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          value={filters.status}
          onChange={set('status')}
          w={190}
        />
        <DatePickerInput
          label="From"
          placeholder="Any day"
          clearable
          valueFormat="YYYY-MM-DD"
          value={filters.from}
          onChange={set('from')}
          w={150}
        />
        <DatePickerInput
          label="To"
          placeholder="Any day"
          clearable
          valueFormat="YYYY-MM-DD"
          value={filters.to}
          onChange={set('to')}
          w={150}
        />
      </Group>
      <QueryState query={calls} label="the calls">
        {(result) =>
          result.total === 0 ? (
            <Paper withBorder p="lg">
              <Text fw={600}>{filtered ? 'No call matches these filters.' : 'No calls yet.'}</Text>
              <Text size="sm">
                {filtered
                  ? 'Clear a filter to see more.'
                  : 'Calls appear here as soon as an assistant answers the phone or you try one from the browser.'}
              </Text>
            </Paper>
          ) : (
            <>
              <Table.ScrollContainer minWidth={520}>
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">When</Table.Th>
                      <Table.Th scope="col">Assistant</Table.Th>
                      <Table.Th scope="col">Type</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Duration
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Cost
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((call) => (
                      <Table.Tr key={call.id}>
                        <Table.Td>
                          <UnstyledButton
                            onClick={() => setOpenId(call.id)}
                            c="blue.9"
                            td="underline"
                            fz="sm"
                            aria-label={`Call of ${formatDateTime(call.created_at)}, details`}
                          >
                            {formatDateTime(call.created_at)}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td>{call.assistant_name ?? '—'}</Table.Td>
                        <Table.Td>{TYPE_WORDS[call.type] ?? humanize(call.type)}</Table.Td>
                        <Table.Td>
                          <Badge variant="outline" color="gray.8">
                            {humanize(call.status)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">{formatDuration(call.duration)}</Table.Td>
                        <Table.Td ta="right">{formatUsd(call.total_cost ?? 0)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {result.from}–{result.to} of {result.total}
                </Text>
                {result.last_page > 1 && <Pagination total={result.last_page} value={page} onChange={setPage} size="sm" />}
              </Group>
            </>
          )
        }
      </QueryState>
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="lg"
        title={open ? `Call of ${formatDateTime(open.created_at)}` : 'Call'}
      >
        {open ? (
          <CallDetails call={open} />
        ) : (
          <QueryState query={fetched} label="the call">
            {() => null}
          </QueryState>
        )}
      </Drawer>
    </Stack>
  );
}
