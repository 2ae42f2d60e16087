import { Badge, Button, Drawer, Group, Paper, Select, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { ListFooter } from '../../components/list-footer.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { LEAD_STATUS, leadStatusOf, outcomeLabel } from './campaign-labels.js';
import { LeadDetails } from './lead-details.js';
import { RequireRole } from '../../shell/role.js';

type LeadQuery = NonNullable<paths['/api/user/leads']['get']['parameters']['query']>;
const PER_PAGE = 15;

/** The campaign's leads, filtered and paginated on the server, read again while the campaign runs; one opens with its attempts. */
export function LeadsSection({ campaignId, live, onImport }: { campaignId: number; live: number | false; onImport: () => void }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const query: LeadQuery = {
    campaign_id: campaignId,
    page,
    per_page: PER_PAGE,
    ...(status ? { status: status as LeadQuery['status'] } : {}),
    ...(phone.trim() ? { phone_number: phone.trim() } : {}),
  };
  const leads = useQuery({
    queryKey: ['leads', query],
    queryFn: async () => unwrap(await api.GET('/api/user/leads', { params: { query } })),
    placeholderData: keepPreviousData,
    refetchInterval: live,
  });
  const filtered = Boolean(status || phone.trim());
  const open = leads.data?.data.find((lead) => lead.id === openId);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="leads-title">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} size="h4" id="leads-title">
          Leads
        </Title>
        <RequireRole atLeast="editor">
          <Button variant="default" onClick={onImport}>
            Import leads from CSV
          </Button>
        </RequireRole>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter leads" mb="sm">
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={LEAD_STATUS.map((s) => ({ value: s.value, label: s.label }))}
          value={status}
          onChange={(value) => {
            setPage(1);
            setStatus(value);
          }}
          w={220}
        />
        <TextInput
          label="Phone number"
          placeholder="Part of the number"
          value={phone}
          maxLength={32}
          onChange={(event) => {
            setPage(1);
            setPhone(event.currentTarget.value);
          }}
          w={200}
        />
      </Group>
      <QueryState query={leads} label="the leads">
        {(result) =>
          result.total === 0 ? (
            <Text size="sm">
              {filtered ? 'No lead matches these filters.' : 'No leads yet. Import a CSV file with a phone number on each row.'}
            </Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={280}>
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Number</Table.Th>
                      <Table.Th scope="col">Status</Table.Th>
                      <Table.Th scope="col" ta="right" visibleFrom="xs">
                        Calls
                      </Table.Th>
                      <Table.Th scope="col" visibleFrom="sm">
                        Last outcome
                      </Table.Th>
                      <Table.Th scope="col" visibleFrom="md">
                        Next attempt
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((lead) => {
                      const leadStatus = leadStatusOf(lead.status);
                      return (
                        <Table.Tr key={lead.id}>
                          <Table.Td>
                            <UnstyledButton
                              onClick={() => setOpenId(lead.id)}
                              c="blue.9"
                              td="underline"
                              fz="sm"
                              aria-label={`${lead.phone_number}, attempts`}
                            >
                              {lead.phone_number}
                            </UnstyledButton>
                          </Table.Td>
                          <Table.Td>
                            <Badge miw="max-content" variant="outline" color={leadStatus.color}>
                              {leadStatus.label}
                            </Badge>
                          </Table.Td>
                          <Table.Td ta="right" visibleFrom="xs">
                            {lead.call_tries}
                          </Table.Td>
                          <Table.Td visibleFrom="sm">{lead.last_outcome ? outcomeLabel(lead.last_outcome) : '—'}</Table.Td>
                          <Table.Td visibleFrom="md">{formatDateTime(lead.next_attempt_at)}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter total={result.total} page={page} perPage={PER_PAGE} onChange={setPage} label="leads" mt="sm" />
            </>
          )
        }
      </QueryState>
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="lg"
        title={open ? `Lead ${open.phone_number}` : 'Lead'}
      >
        {openId !== null && (
          <Stack>
            <LeadDetails leadId={openId} live={live} />
          </Stack>
        )}
      </Drawer>
    </Paper>
  );
}
