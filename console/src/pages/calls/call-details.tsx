import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { FunctionCalls, KeyValues } from '../../components/function-calls.js';
import { formatDateTime, formatUsd } from '../../format/format.js';
import { formatDuration, humanize } from '../../format/words.js';
import { latencySteps, type TurnLatency } from './latency.js';

type Call = Omit<paths['/api/user/calls']['get']['responses'][200]['content']['application/json']['data'][number], 'webhook_response'>;

export const TYPE_WORDS: Record<string, string> = {
  inbound: 'Phone, inbound',
  outbound: 'Phone, outbound',
  web: 'Browser',
  whatsapp_inbound: 'Chat app, inbound',
  whatsapp_outbound: 'Chat app, outbound',
};

/** Everything about one call: facts, the recording, what was said with each reply's wait, and the evaluation. */
export function CallDetails({ call }: { call: Call }) {
  const started = call.transcript[0]?.timestamp ?? null;
  return (
    <Stack gap="md">
      <Group gap="lg" wrap="wrap">
        <Fact label="Status" value={humanize(call.status)} />
        <Fact label="Type" value={TYPE_WORDS[call.type] ?? humanize(call.type)} />
        <Fact label="Talk time" value={formatDuration(call.duration)} />
        <Fact label="Cost" value={formatUsd(call.total_cost ?? 0)} />
        <Fact label="Phone line cost" value={formatUsd(call.carrier_cost ?? 0)} />
        <Fact label="Ended because" value={humanize(call.end_reason)} />
        <Fact label={call.type.includes('outbound') ? 'Called' : 'Caller'} value={call.client_phone_number ?? '—'} />
        <Fact label="Last change" value={formatDateTime(call.updated_at)} />
      </Group>
      {call.recording_url && <Recording callId={call.id} />}
      <div>
        <Title order={3} size="h5" mb={4}>
          Transcript
        </Title>
        {call.transcript.length === 0 ? (
          <Text size="sm">Nothing was said.</Text>
        ) : (
          <Stack gap="sm" component="ol" aria-label="Transcript" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {call.transcript.map((entry, index) => (
              <li key={index}>
                <Text size="sm">
                  <Text span fw={600}>
                    {entry.sender === 'bot' ? 'Assistant' : 'Caller'}
                  </Text>{' '}
                  <Text span c="dimmed" size="xs">
                    at {formatOffset(started === null ? 0 : entry.timestamp - started)}
                  </Text>
                </Text>
                <Text size="sm">{entry.text}</Text>
                <FunctionCalls calls={entry.function_calls} />
                {entry.latency && <Latency latency={entry.latency} />}
              </li>
            ))}
          </Stack>
        )}
      </div>
      <div>
        <Title order={3} size="h5" mb={4}>
          Summary after the call
        </Title>
        <KeyValues values={call.evaluation} empty="No summary for this call." />
      </div>
      <div>
        <Title order={3} size="h5" mb={4}>
          What the assistant knew
        </Title>
        <KeyValues values={call.variables} empty="Nothing was given when the call started." />
      </div>
    </Stack>
  );
}

function formatOffset(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** How long the caller waited for this reply, step by step. */
function Latency({ latency }: { latency: TurnLatency }) {
  const { steps, totalMs } = latencySteps(latency);
  if (steps.length === 0) return null;
  return (
    <Paper withBorder p={6} mt={4} radius="sm" aria-label="Wait before this reply">
      <Text size="xs" fw={600}>
        Caller waited {totalMs === null ? '' : `${(totalMs / 1000).toFixed(2)} s`}
      </Text>
      <Group gap="md" wrap="wrap">
        {steps.map((step) => (
          <Text key={step.label} size="xs">
            {step.label}: {step.ms} ms
          </Text>
        ))}
      </Group>
    </Paper>
  );
}

/** The recording, fetched with the session's token (an <audio src> cannot send it) and played from memory. */
function Recording({ callId }: { callId: number }) {
  const audio = useQuery({
    queryKey: ['call-recording', callId],
    queryFn: async () => {
      const result = await api.GET('/api/user/calls/{id}/recording', { params: { path: { id: callId } }, parseAs: 'blob' });
      return URL.createObjectURL(unwrap(result) as unknown as Blob);
    },
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = audio.data;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <div>
      <Title order={3} size="h5" mb={4}>
        Recording
      </Title>
      {audio.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(audio.error)}
        </Alert>
      ) : url ? (
        // biome-ignore lint/a11y/useMediaCaption: the call's transcript, shown below the player, is its text
        <audio controls src={url} style={{ width: '100%' }} aria-label="Call recording" />
      ) : (
        <Text size="sm" c="dimmed">
          Loading the recording…
        </Text>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
