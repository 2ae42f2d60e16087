import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { scheduleInWords } from './campaign-form.js';
import { CampaignFormModal } from './campaign-form-modal.js';
import { CAMPAIGN_STATUS, campaignStatusLabel } from './campaign-labels.js';
import { RequireRole } from '../../shell/role.js';

export const campaignsQuery = { queryKey: ['campaigns'], queryFn: async () => unwrap(await api.GET('/api/user/campaigns')) };

/** The account's campaigns, newest first, and the way to a new one and to the do-not-call list. */
export function CampaignsPage() {
  const navigate = useNavigate();
  const campaigns = useQuery(campaignsQuery);
  const assistants = useQuery({ queryKey: ['assistants'], queryFn: async () => unwrap(await api.GET('/api/user/assistants')) });
  const [creating, setCreating] = useState(false);
  const assistantName = (id: number | null) => assistants.data?.find((a) => a.id === id)?.name ?? '—';

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Campaigns
          </Title>
          <Text size="sm" c="dimmed">
            An outbound assistant calls a list of people for you: in the hours you allow, a few at a time, trying again when nobody answers.
          </Text>
        </div>
        <Group gap="sm">
          <Button variant="default" onClick={() => void navigate({ to: '/campaigns/do-not-call' })}>
            Do-not-call list
          </Button>
          <RequireRole atLeast="editor">
            <Button onClick={() => setCreating(true)}>New campaign</Button>
          </RequireRole>
        </Group>
      </Group>
      <QueryState query={campaigns} label="your campaigns">
        {(list) =>
          list.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Stack align="center" gap="xs">
                <Title order={2} size="h3">
                  Create your first campaign
                </Title>
                <Text maw={560}>
                  Choose the assistant that calls and when it may call, then import your list of people from a spreadsheet (CSV). Nothing is
                  dialled until you start it.
                </Text>
                <RequireRole atLeast="editor">
                  <Button mt="sm" onClick={() => setCreating(true)}>
                    New campaign
                  </Button>
                </RequireRole>
              </Stack>
            </Paper>
          ) : (
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col" visibleFrom="sm">
                      Assistant
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="md">
                      Calling hours
                    </Table.Th>
                    <Table.Th scope="col" visibleFrom="md">
                      Created
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((campaign) => (
                    <Table.Tr key={campaign.id}>
                      <Table.Td>
                        <AnchorLink to="/campaigns/$campaignId" params={{ campaignId: campaign.id }} fw={600}>
                          {campaign.name}
                        </AnchorLink>
                      </Table.Td>
                      <Table.Td>
                        <Badge miw="max-content" variant="outline" color={CAMPAIGN_STATUS[campaign.status]?.color ?? 'gray.8'}>
                          {campaignStatusLabel(campaign.status)}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{assistantName(campaign.assistant_id)}</Table.Td>
                      <Table.Td visibleFrom="md">{scheduleInWords(campaign)}</Table.Td>
                      <Table.Td visibleFrom="md">{formatDateTime(campaign.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      {creating && (
        <CampaignFormModal
          opened
          onClose={() => setCreating(false)}
          onSaved={(created) => {
            setCreating(false);
            void navigate({ to: '/campaigns/$campaignId', params: { campaignId: created.id } });
          }}
        />
      )}
    </Stack>
  );
}
