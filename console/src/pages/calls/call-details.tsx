import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { FunctionCalls, KeyValues } from '../../components/function-calls.js';
import { formatDateTime } from '../../format/format.js';
import { type CallRecord, callFacts } from './call-facts.js';
import { latencySteps, replyWaits, type TurnLatency } from './latency.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Everything about one call: facts, the recording, what was said with each reply's wait, and the evaluation. */
export function CallDetails({ call }: { call: CallRecord }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Call of {formatDateTime(call.created_at)}
        </Title>
        <Text size="sm" c="dimmed">
          {call.assistant_name ?? 'A deleted assistant'}
          {call.client_phone_number ? ` · ${call.client_phone_number}` : ''}
        </Text>
      </div>
      <Paper withBorder p="md" component="section" aria-label="About this call">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
          {callFacts(call).map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                {fact.label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {fact.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      {call.recording_url && <Recording callId={call.id} />}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb={4}>
          Transcript
        </Title>
        <ReplyWaits transcript={call.transcript} />
        <Transcript transcript={call.transcript} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb={4}>
          Summary after the call
        </Title>
        <KeyValues values={call.evaluation} empty="No summary for this call." />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb={4}>
          What the assistant knew
        </Title>
        <KeyValues values={call.variables} empty="Nothing was given when the call started." />
      </Paper>
    </Stack>
  );
}

/** How quickly it answered over the whole call, from each timed reply. */
function ReplyWaits({ transcript }: { transcript: CallRecord['transcript'] }) {
  const waits = replyWaits(transcript);
  if (!waits) return null;
  return (
    <Text size="sm" mb="xs">
      {waits.replies === 1 ? '1 reply timed' : `${waits.replies} replies timed`}: the caller waited {seconds(waits.medianMs)}
      {waits.replies > 1 ? ` (median), ${seconds(waits.longestMs)} at most` : ''}.
    </Text>
  );
}

function Transcript({ transcript }: { transcript: CallRecord['transcript'] }) {
  if (transcript.length === 0) return <Text size="sm">Nothing was said.</Text>;
  const started = transcript[0]!.timestamp;
  return (
    <Stack gap="sm" component="ol" aria-label="Transcript" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {transcript.map((entry, index) => (
        <li key={index}>
          <Text size="sm">
            <Text span fw={600}>
              {entry.sender === 'bot' ? 'Assistant' : 'Caller'}
            </Text>{' '}
            <Text span c="dimmed" size="xs">
              at {formatOffset(entry.timestamp - started)}
            </Text>
          </Text>
          <Text size="sm">{entry.text}</Text>
          <FunctionCalls calls={entry.function_calls} />
          {entry.latency && <Latency latency={entry.latency} />}
        </li>
      ))}
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
        Caller waited {totalMs === null ? '' : seconds(totalMs)}
      </Text>
      <Group gap="md" wrap="wrap" style={{ rowGap: 2 }}>
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
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb={4}>
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
    </Paper>
  );
}
