import { Badge, Button, Drawer, Group, Paper, Select, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { AssistantFilter } from '../../components/assistant-filter.js';
import { DayRangeFilter } from '../../components/day-range-filter.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { humanize } from '../../format/words.js';
import { DeliveryDetails, STATUS_COLORS } from './delivery-details.js';
import { SigningSecretSection } from './signing-secret-section.js';
import { RequireRole } from '../../shell/role.js';

type DeliveryQuery = NonNullable<paths['/api/user/webhook-deliveries']['get']['parameters']['query']>;
const EVENTS = ['post_call', 'conversation_ended', 'inbound_call', 'whatsapp_voice', 'message_status'] as const;
const STATUSES = ['pending', 'delivered', 'failed'] as const;
const PER_PAGE = 15;

/** The signing secret, and the delivery log: filtered, paged by cursor on the server, each delivery's attempts and redelivery. */
export function WebhooksPage() {
  const [filters, setFilters] = useState<{
    event: string | null;
    status: string | null;
    assistant: string | null;
    from: string | null;
    to: string | null;
  }>({
    event: null,
    status: null,
    assistant: null,
    from: null,
    to: null,
  });
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [openId, setOpenId] = useState<number | null>(null);
  const query: DeliveryQuery = {
    per_page: PER_PAGE,
    ...(cursor ? { cursor } : {}),
    ...(filters.event ? { event: filters.event } : {}),
    ...(filters.status ? { status: filters.status as DeliveryQuery['status'] } : {}),
    ...(filters.assistant ? { assistant_id: Number(filters.assistant) } : {}),
    ...(filters.from ? { date_from: filters.from } : {}),
    ...(filters.to ? { date_to: filters.to } : {}),
  };
  const deliveries = useQuery({
    queryKey: ['webhook-deliveries', query],
    queryFn: async () => unwrap(await api.GET('/api/user/webhook-deliveries', { params: { query } })),
    placeholderData: keepPreviousData,
  });
  const set = (name: keyof typeof filters) => (value: string | null) => {
    setCursor(undefined);
    setFilters((previous) => ({ ...previous, [name]: value }));
  };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Webhooks
        </Title>
        <Text size="sm" c="dimmed">
          Every event sent to your URLs, newest first: what was sent, what your server answered, and when. Redeliver one after fixing your
          endpoint.
        </Text>
      </div>
      {/* The secret signs every delivery: only admins and owners read or replace it, as the API says. */}
      <RequireRole atLeast="admin">
        <SigningSecretSection />
      </RequireRole>
      <Paper withBorder p="md" component="section" aria-labelledby="log-title">
        <Title order={2} size="h4" id="log-title" mb="sm">
          Delivery log
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter deliveries" mb="md">
          <Select label="Event" placeholder="Any" clearable data={[...EVENTS]} value={filters.event} onChange={set('event')} w={190} />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
            value={filters.status}
            onChange={set('status')}
            w={150}
          />
          <AssistantFilter value={filters.assistant} onChange={set('assistant')} />
          <DayRangeFilter from={filters.from} to={filters.to} onFromChange={set('from')} onToChange={set('to')} />
        </Group>
        <QueryState query={deliveries} label="the deliveries">
          {(page) =>
            page.data.length === 0 ? (
              <Text size="sm">
                {filtered
                  ? 'No delivery matches these filters.'
                  : 'No deliveries yet. Set a webhook URL on an assistant and they appear here.'}
              </Text>
            ) : (
              <>
                <Table.ScrollContainer minWidth={560}>
                  <Table verticalSpacing="xs" highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">When</Table.Th>
                        <Table.Th scope="col">Event</Table.Th>
                        <Table.Th scope="col">Status</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Attempts
                        </Table.Th>
                        <Table.Th scope="col">Last answer</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {page.data.map((d) => (
                        <Table.Tr key={d.id}>
                          <Table.Td>
                            <UnstyledButton
                              onClick={() => setOpenId(d.id)}
                              c="blue.9"
                              td="underline"
                              fz="sm"
                              aria-label={`Delivery ${d.id} of ${formatDateTime(d.created_at)}, details`}
                            >
                              {formatDateTime(d.created_at)}
                            </UnstyledButton>
                          </Table.Td>
                          <Table.Td>
                            {d.event}
                            {d.redelivery_of !== null && (
                              <Text span size="xs" c="dimmed">
                                {' '}
                                (redelivery)
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Badge variant="outline" color={STATUS_COLORS[d.status]}>
                              {humanize(d.status)}
                            </Badge>
                          </Table.Td>
                          <Table.Td ta="right">{d.attempt_count}</Table.Td>
                          <Table.Td>{d.last_status_code !== null ? `HTTP ${d.last_status_code}` : (d.last_error ?? '—')}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Group justify="flex-end" mt="sm">
                  <Button size="xs" variant="default" disabled={!page.prev_cursor} onClick={() => setCursor(page.prev_cursor ?? undefined)}>
                    Newer
                  </Button>
                  <Button size="xs" variant="default" disabled={!page.next_cursor} onClick={() => setCursor(page.next_cursor ?? undefined)}>
                    Older
                  </Button>
                </Group>
              </>
            )
          }
        </QueryState>
      </Paper>
      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="lg" title={`Delivery ${openId ?? ''}`}>
        {openId !== null && <DeliveryDetails id={openId} onRedelivered={setOpenId} />}
      </Drawer>
    </Stack>
  );
}
