import { Badge, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { api, unwrap, type paths } from '../../api/client.js';
import { AssistantFilter } from '../../components/assistant-filter.js';
import { AnchorLink } from '../../components/links.js';
import { ListFooter } from '../../components/list-footer.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime, formatUsd } from '../../format/format.js';
import { formatDuration, humanize } from '../../format/words.js';
import type { CallsSearch } from '../../router.js';
import { TYPE_WORDS } from './call-facts.js';

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

/** Every call, newest first, filtered and paginated on the server; the filters live in the address. */
export function CallsPage() {
  const filters = useSearch({ from: '/signed-in/calls' });
  const navigate = useNavigate({ from: '/calls' });
  const page = filters.page ?? 1;
  const query: CallQuery = {
    page,
    per_page: PER_PAGE,
    ...(filters.assistant ? { assistant_id: filters.assistant } : {}),
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
  const go = (change: CallsSearch) => void navigate({ search: (previous: CallsSearch) => ({ ...previous, ...change }), replace: true });
  const set = (name: keyof Omit<CallsSearch, 'page' | 'assistant'>) => (value: string | null) =>
    go({ [name]: value || undefined, page: undefined });
  const setPage = (next: number) => go({ page: next > 1 ? next : undefined });
  const filtered = [filters.assistant, filters.type, filters.status, filters.from, filters.to].some(Boolean);

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Calls
        </Title>
        <Text size="sm" c="dimmed">
          Phone calls and browser test calls of your assistants, newest first. Open a call to read its transcript and hear it.
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter calls">
        <AssistantFilter
          value={filters.assistant ? String(filters.assistant) : null}
          onChange={(value) => go({ assistant: value ? Number(value) : undefined, page: undefined })}
        />
        <Select
          label="Type"
          placeholder="Any"
          clearable
          data={TYPES.map((t) => ({ value: t, label: TYPE_WORDS[t]! }))}
          value={filters.type ?? null}
          onChange={set('type')}
          w={190}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          value={filters.status ?? null}
          onChange={set('status')}
          w={190}
        />
        <DatePickerInput
          label="From"
          placeholder="Any day"
          clearable
          valueFormat="YYYY-MM-DD"
          value={filters.from ?? null}
          onChange={set('from')}
          w={150}
        />
        <DatePickerInput
          label="To"
          placeholder="Any day"
          clearable
          valueFormat="YYYY-MM-DD"
          value={filters.to ?? null}
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
                          <AnchorLink
                            to="/calls/$callId"
                            params={{ callId: call.id }}
                            fz="sm"
                            aria-label={`Call of ${formatDateTime(call.created_at)}, details`}
                          >
                            {formatDateTime(call.created_at)}
                          </AnchorLink>
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
              <ListFooter total={result.total} page={page} perPage={PER_PAGE} onChange={setPage} label="calls" />
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
