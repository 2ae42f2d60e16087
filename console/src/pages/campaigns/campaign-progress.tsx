import { Alert, Paper, Progress, SimpleGrid, Text, Title } from '@mantine/core';
import type { paths } from '../../api/client.js';
import { formatDateTime } from '../../format/format.js';
import { LEAD_STATUS } from './campaign-labels.js';
import { Stat } from './stat.js';

export type CampaignProgressData = paths['/api/user/campaigns/{id}/progress']['get']['responses'][200]['content']['application/json'];

/** How often a running campaign's progress and leads are read again. */
export const LIVE_REFRESH_MS = 2_000;

/** Leads by status, the calls on the line now and when the next one is placed; read again every few seconds while it runs. */
export function CampaignProgressPanel({ progress }: { progress: CampaignProgressData }) {
  const { leads } = progress;
  const settled = leads.completed + leads['reached-max-retries'] + leads.blacklisted;
  const running = progress.status === 'in-progress';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="progress-title">
      <Title order={2} size="h4" id="progress-title" mb={4}>
        Progress
      </Title>
      {progress.status === 'paused' && progress.pause_reason && (
        <Alert color="orange" title="Paused" role="alert" mb="sm">
          {progress.pause_reason} Fix it, then start the campaign again.
        </Alert>
      )}
      <Text size="sm" aria-live="polite" mb="xs">
        {leads.total === 0
          ? 'No leads yet: import a list below.'
          : `${settled} of ${leads.total} leads done · ${progress.calls_in_progress} on the phone now · ${nextCallWords(progress, running)}`}
      </Text>
      {leads.total > 0 && (
        <Progress value={(settled / leads.total) * 100} size="sm" mb="sm" aria-label={`${settled} of ${leads.total} leads done`} />
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="dl" m={0}>
        {LEAD_STATUS.map((status) => (
          <Stat key={status.value} label={status.label} value={leads[status.value as keyof typeof leads]} />
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function nextCallWords(progress: CampaignProgressData, running: boolean): string {
  if (!running) return 'nothing is dialled until it is started';
  if (!progress.next_dial_at) return 'no other call waiting';
  return `next call ${formatDateTime(progress.next_dial_at)}`;
}
