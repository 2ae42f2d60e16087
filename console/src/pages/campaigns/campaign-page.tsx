import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { AnchorLink } from '../../components/links.js';
import { QueryState } from '../../components/query-state.js';
import { type Campaign, scheduleInWords } from './campaign-form.js';
import { CampaignFormModal } from './campaign-form-modal.js';
import { CAMPAIGN_STATUS, campaignStatusLabel } from './campaign-labels.js';
import { type CampaignProgressData, CampaignProgressPanel, LIVE_REFRESH_MS } from './campaign-progress.js';
import { ImportLeadsModal } from './import-leads-modal.js';
import { LeadsSection } from './leads-section.js';
import { RequireRole } from '../../shell/role.js';

const EDITABLE = ['draft', 'stopped', 'paused'];

/** One campaign: start or stop it, watch its progress live, import and read its leads, change or delete it. */
export function CampaignPage() {
  const { campaignId } = useParams({ from: '/signed-in/campaigns/$campaignId' });
  const queryClient = useQueryClient();
  const campaign = useQuery({
    queryKey: ['campaign', campaignId],
    queryFn: async () => unwrap(await api.GET('/api/user/campaigns/{id}', { params: { path: { id: campaignId } } })),
  });
  const progress = useQuery({
    queryKey: ['campaign-progress', campaignId],
    queryFn: async () => unwrap(await api.GET('/api/user/campaigns/{id}/progress', { params: { path: { id: campaignId } } })),
    refetchInterval: (query) => (query.state.data?.status === 'in-progress' ? LIVE_REFRESH_MS : false),
  });
  // The dialer pauses or finishes a campaign on its own: the record follows what progress reads.
  const liveStatus = progress.data?.status;
  const recordStatus = campaign.data?.data.status;
  useEffect(() => {
    if (liveStatus && recordStatus && liveStatus !== recordStatus) {
      void queryClient.invalidateQueries({ queryKey: ['campaign', campaignId] });
      void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    }
  }, [liveStatus, recordStatus, campaignId, queryClient]);

  return (
    <Stack gap="md" maw={1100}>
      <AnchorLink to="/campaigns" size="sm">
        ← All campaigns
      </AnchorLink>
      <QueryState query={campaign} label="the campaign">
        {({ data }) => <CampaignView campaign={data} progress={progress} />}
      </QueryState>
    </Stack>
  );
}

function CampaignView({ campaign, progress }: { campaign: Campaign; progress: UseQueryResult<CampaignProgressData> }) {
  const [editing, setEditing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const status = progress.data?.status ?? campaign.status;
  const running = status === 'in-progress';
  const assistants = useQuery({ queryKey: ['assistants'], queryFn: async () => unwrap(await api.GET('/api/user/assistants')) });
  const assistant = assistants.data?.find((a) => a.id === campaign.assistant_id);

  return (
    <>
      <div>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {campaign.name}
          </Title>
          <Badge variant="outline" color={CAMPAIGN_STATUS[status]?.color ?? 'gray.8'} aria-live="polite">
            {campaignStatusLabel(status)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {assistant ? `${assistant.name} calls` : 'Calls'} {scheduleInWords(campaign)}, {campaign.max_calls_in_parallel} at once,{' '}
          {campaign.max_retries} attempts a number {campaign.retry_interval} minutes apart.
        </Text>
      </div>
      <StatusControl campaign={campaign} status={status} />
      <QueryState query={progress} label="the progress">
        {(data) => <CampaignProgressPanel progress={data} />}
      </QueryState>
      <LeadsSection campaignId={campaign.id} live={running ? LIVE_REFRESH_MS : false} onImport={() => setImporting(true)} />
      <Paper withBorder p="md" component="section" aria-labelledby="manage-title">
        <Title order={2} size="h4" id="manage-title" mb={4}>
          Settings
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {EDITABLE.includes(status)
            ? 'Change who calls, when and how often.'
            : status === 'completed'
              ? 'A finished campaign keeps its settings; start it again to call new leads.'
              : 'Stop the campaign to change its settings.'}
        </Text>
        <RequireRole atLeast="editor">
          <Group gap="sm">
            <Button variant="default" onClick={() => setEditing(true)} disabled={!EDITABLE.includes(status)}>
              Change settings
            </Button>
            <Button variant="light" color="red" onClick={() => setDeleting(true)}>
              Delete campaign
            </Button>
          </Group>
        </RequireRole>
      </Paper>
      {editing && <CampaignFormModal opened campaign={campaign} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
      <ImportLeadsModal campaignId={campaign.id} opened={importing} onClose={() => setImporting(false)} />
      <DeleteCampaignModal campaign={campaign} running={running} opened={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}

/** The one control that matters: start calling, or stop. */
function StatusControl({ campaign, status }: { campaign: Campaign; status: string }) {
  const queryClient = useQueryClient();
  const running = status === 'in-progress';
  const change = useMutation({
    mutationFn: async (action: 'start' | 'stop') =>
      unwrap(await api.POST('/api/user/campaigns/update-status', { body: { campaign_id: campaign.id, action } })),
    onSuccess: (result) => notifications.show({ color: 'green', message: result.message }),
    onError: (error) => notifications.show({ color: 'red', title: 'The campaign did not change', message: describeError(error) }),
    onSettled: () =>
      Promise.all(
        [['campaign', campaign.id], ['campaign-progress', campaign.id], ['campaigns'], ['leads']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <RequireRole atLeast="editor">
          {running ? (
            <Button color="red.9" size="md" onClick={() => change.mutate('stop')} loading={change.isPending}>
              Stop calling
            </Button>
          ) : (
            <Button color="teal.9" size="md" onClick={() => change.mutate('start')} loading={change.isPending}>
              {status === 'draft' ? 'Start calling' : 'Start again'}
            </Button>
          )}
        </RequireRole>
        <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }}>
          {running
            ? 'Stopping lets the calls in progress finish and dials nothing new; start again to go on where it stopped.'
            : 'Calls begin within the calling hours, a few at a time; you can stop at any moment.'}
        </Text>
      </Group>
      {change.isError && (
        <Alert color="red" role="alert" p="xs">
          {describeError(change.error)}
        </Alert>
      )}
    </Stack>
  );
}

function DeleteCampaignModal({
  campaign,
  running,
  opened,
  onClose,
}: {
  campaign: Campaign;
  running: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/user/campaign/{id}', { params: { path: { id: campaign.id } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `Deleted “${campaign.name}”.` });
      // Off its page first, so nothing polls the campaign that is gone.
      await navigate({ to: '/campaigns' });
      for (const queryKey of [
        ['campaign', campaign.id],
        ['campaign-progress', campaign.id],
      ])
        queryClient.removeQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={`Delete “${campaign.name}”?`}
    >
      <Stack>
        {running && (
          <Alert color="orange" title="It is calling now">
            It is stopped first: calls in progress finish, nothing new is dialled.
          </Alert>
        )}
        <Text size="sm">Its leads and their attempts are deleted. The calls it made stay in Calls.</Text>
        {remove.isError && (
          <Alert color="red" role="alert">
            {describeError(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete campaign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
