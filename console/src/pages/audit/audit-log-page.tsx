import { Badge, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { currentUserQuery } from '../../api/queries.js';
import { DayRangeFilter } from '../../components/day-range-filter.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { AUDIT_ACTIONS, actionInWords, detailsInWords, resourceInWords } from './audit-words.js';
import { RequireRole } from '../../shell/role.js';

type AuditQuery = NonNullable<paths['/api/user/audit-log']['get']['parameters']['query']>;
type AuditPage = paths['/api/user/audit-log']['get']['responses'][200]['content']['application/json'];
type AuditRow = AuditPage['data'][number];
const PER_PAGE = 50;

/**
 * Who did what to which resource, when and from where: newest first, filtered, more loaded on
 * demand. Admins and owners only, like GET /api/user/audit-log; anyone else is told so.
 */
export function AuditLogPage() {
  return (
    <RequireRole atLeast="admin" mode="page" what="the audit log">
      <AuditLog />
    </RequireRole>
  );
}

function AuditLog() {
  const [filters, setFilters] = useState<{ action: string | null; member: string | null; from: string | null; to: string | null }>({
    action: null,
    member: null,
    from: null,
    to: null,
  });
  const query: AuditQuery = {
    per_page: PER_PAGE,
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.member ? { actor_member_id: Number(filters.member) } : {}),
    ...(filters.from ? { date_from: filters.from } : {}),
    ...(filters.to ? { date_to: filters.to } : {}),
  };
  const log = useInfiniteQuery({
    queryKey: ['audit-log', query],
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET('/api/user/audit-log', { params: { query: pageParam ? { ...query, cursor: pageParam } : query } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const members = useMemberChoices();
  const set = (name: keyof typeof filters) => (value: string | null) => setFilters((previous) => ({ ...previous, [name]: value }));
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Audit log
        </Title>
        <Text size="sm" c="dimmed">
          Who did what in this account, when and from where: sign-ins, keys and members, assistants created, changed and deleted, everything
          deleted, the webhook secret rotated, and the operator's credits. Newest first.
        </Text>
      </div>
      <Paper withBorder p="md" component="section" aria-labelledby="audit-title">
        <Title order={2} size="h4" id="audit-title" mb="sm">
          Events
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter events" mb="md">
          <Select
            label="Action"
            placeholder="Any"
            clearable
            searchable
            data={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionInWords(action) }))}
            value={filters.action}
            onChange={set('action')}
            w={240}
          />
          <Select label="Member" placeholder="Anyone" clearable data={members} value={filters.member} onChange={set('member')} w={240} />
          <DayRangeFilter from={filters.from} to={filters.to} onFromChange={set('from')} onToChange={set('to')} />
        </Group>
        <QueryState query={log} label="the audit log">
          {(data) => {
            const rows = data.pages.flatMap((page) => page.data);
            if (rows.length === 0) {
              return (
                <Text size="sm">
                  {filtered ? 'No event matches these filters.' : 'Nothing yet: sign-ins, changes and deletions appear here.'}
                </Text>
              );
            }
            return (
              <>
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="xs" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">When</Table.Th>
                        <Table.Th scope="col">Who</Table.Th>
                        <Table.Th scope="col">Action</Table.Th>
                        <Table.Th scope="col">Resource</Table.Th>
                        <Table.Th scope="col">From</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row) => (
                        <AuditRowView key={row.id} row={row} />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="center" mt="sm">
                  {log.hasNextPage ? (
                    <Button size="xs" variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
                      Load more
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {rows.length === 1 ? 'One event' : `${rows.length} events`}, the oldest last.
                    </Text>
                  )}
                </Group>
              </>
            );
          }}
        </QueryState>
      </Paper>
    </Stack>
  );
}

function AuditRowView({ row }: { row: AuditRow }) {
  const details = detailsInWords(row.details);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at)}</Table.Td>
      <Table.Td>
        <Text size="sm">{row.actor.label}</Text>
        {row.actor.kind === 'operator' && (
          <Badge size="xs" variant="outline" color="grape">
            Operator
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{actionInWords(row.action)}</Text>
        {details && (
          <Text size="xs" c="dimmed">
            {details}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <ResourceCell row={row} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.ip ?? '—'}</Text>
        {row.user_agent && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={220}>
            {row.user_agent}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The resource in words, linked to its page while it still exists and has one. */
function ResourceCell({ row }: { row: AuditRow }) {
  const text = resourceInWords(row);
  const id = Number(row.resource_id);
  if (row.action.endsWith('.deleted') || (row.resource_id !== null && !Number.isInteger(id))) return <Text size="sm">{text}</Text>;
  switch (row.resource_type) {
    case 'assistant':
      return (
        <AnchorLink size="sm" to="/assistants/$assistantId" params={{ assistantId: id }}>
          {text}
        </AnchorLink>
      );
    case 'tool':
      return (
        <AnchorLink size="sm" to="/tools/$toolId" params={{ toolId: id }}>
          {text}
        </AnchorLink>
      );
    case 'campaign':
      return (
        <AnchorLink size="sm" to="/campaigns/$campaignId" params={{ campaignId: id }}>
          {text}
        </AnchorLink>
      );
    case 'call':
      return (
        <AnchorLink size="sm" to="/calls/$callId" params={{ callId: id }}>
          {text}
        </AnchorLink>
      );
    case 'sender':
      return (
        <AnchorLink size="sm" to="/chat-apps/$senderId" params={{ senderId: id }}>
          {text}
        </AnchorLink>
      );
    case 'webhook_secret':
      return (
        <AnchorLink size="sm" to="/webhooks">
          {text}
        </AnchorLink>
      );
    case 'api_key':
      return (
        <AnchorLink size="sm" to="/account">
          {text}
        </AnchorLink>
      );
    default:
      return <Text size="sm">{text}</Text>;
  }
}

/** Every member of the account, by e-mail as the log names them; "(you)" after your own. */
function useMemberChoices() {
  const me = useQuery(currentUserQuery);
  const members = useQuery({ queryKey: ['members'], queryFn: async () => unwrap(await api.GET('/api/user/members')) });
  const myId = me.data?.member?.id;
  return (members.data?.members ?? []).map((member) => ({
    value: String(member.id),
    label: member.id === myId ? `${member.email} (you)` : member.email,
  }));
}
