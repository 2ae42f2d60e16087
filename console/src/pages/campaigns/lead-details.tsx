import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api, unwrap } from '../../api/client.js';
import { KeyValues } from '../../components/function-calls.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { leadStatusOf, outcomeLabel } from './campaign-labels.js';

/** One lead: where it stands, what the assistant is told about it, the contacts tried next, and every attempt with its call. */
export function LeadDetails({ leadId, live }: { leadId: number; live: number | false }) {
  const lead = useQuery({
    queryKey: ['lead', leadId],
    queryFn: async () => unwrap(await api.GET('/api/user/leads/{id}', { params: { path: { id: leadId } } })).data,
    refetchInterval: live,
  });
  return (
    <QueryState query={lead} label="the lead">
      {(data) => {
        const status = leadStatusOf(data.status);
        return (
          <Stack gap="md">
            <Group gap="lg" wrap="wrap">
              <Fact label="Status">
                <Badge variant="outline" color={status.color}>
                  {status.label}
                </Badge>
              </Fact>
              <Fact label="Calls made">{data.call_tries}</Fact>
              <Fact label="Next attempt">{formatDateTime(data.next_attempt_at)}</Fact>
              <Fact label="Added">{formatDateTime(data.created_at)}</Fact>
            </Group>
            <div>
              <Title order={3} size="h5" mb={4}>
                Attempts
              </Title>
              {data.attempts.length === 0 ? (
                <Text size="sm">Not called yet.</Text>
              ) : (
                <Table.ScrollContainer minWidth={340}>
                  <Table verticalSpacing={4} aria-label="Attempts">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">When</Table.Th>
                        <Table.Th scope="col">Number</Table.Th>
                        <Table.Th scope="col">Outcome</Table.Th>
                        <Table.Th scope="col">Call</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.attempts.map((attempt) => (
                        <Table.Tr key={attempt.id}>
                          <Table.Td>{formatDateTime(attempt.started_at)}</Table.Td>
                          <Table.Td>{attempt.phone_number}</Table.Td>
                          <Table.Td>
                            {outcomeLabel(attempt.outcome)}
                            {attempt.detail && attempt.detail !== attempt.outcome && (
                              <Text size="xs" c="dimmed">
                                {attempt.detail}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            {attempt.call_id ? (
                              <AnchorLink to="/calls/$callId" params={{ callId: attempt.call_id }} size="sm">
                                Open the call<span className="visually-hidden"> of {formatDateTime(attempt.started_at)}</span>
                              </AnchorLink>
                            ) : (
                              '—'
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </div>
            {data.secondary_contacts.length > 0 && (
              <div>
                <Title order={3} size="h5" mb={4}>
                  Contacts tried next
                </Title>
                <Stack gap={2} component="ol" m={0} pl="md">
                  {data.secondary_contacts.map((contact) => (
                    <Text component="li" size="sm" key={contact.id}>
                      {contact.phone_number} · {leadStatusOf(contact.status).label}
                    </Text>
                  ))}
                </Stack>
              </div>
            )}
            <div>
              <Title order={3} size="h5" mb={4}>
                What the assistant is told
              </Title>
              <KeyValues values={data.variables} empty="No variables for this lead." />
            </div>
          </Stack>
        );
      }}
    </QueryState>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
