import { Alert, Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type paths } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { humanize } from '../../format/words.js';
import { RequireRole } from '../../shell/role.js';

type Delivery = paths['/api/user/webhook-deliveries/{id}']['get']['responses']['200']['content']['application/json'];
type Attempt = Delivery['attempts'][number];

export const STATUS_COLORS: Record<string, string> = { delivered: 'green.9', failed: 'red.9', pending: 'gray.8' };

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function AttemptCard({ attempt, body }: { attempt: Attempt; body: string }) {
  const outcome = attempt.status_code !== null ? `HTTP ${attempt.status_code}` : 'No answer';
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Attempt ${attempt.attempt}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4} size="h6">
          Attempt {attempt.attempt}
        </Title>
        <Text size="xs" c="dimmed">
          {formatDateTime(attempt.started_at)} · {attempt.duration_ms} ms
        </Text>
      </Group>
      <Text size="sm" fw={600}>
        Request
      </Text>
      <Code block mb="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {`${attempt.request.method} ${attempt.request.url}\n${Object.entries(attempt.request.headers ?? {})
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n')}\nx-switchboard-signature: (not kept)\n\n${pretty(body)}`}
      </Code>
      <Text size="sm" fw={600}>
        Response: {outcome}
      </Text>
      {attempt.error && attempt.error !== outcome && (
        <Text size="sm" c="red.9">
          {attempt.error}
        </Text>
      )}
      {attempt.response_body ? (
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {attempt.response_body}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          No response body.
        </Text>
      )}
    </Paper>
  );
}

/** One delivery: its state, a redeliver button, and every attempt's request, response and timing. */
export function DeliveryDetails({ id, onRedelivered }: { id: number; onRedelivered: (newId: number) => void }) {
  const queryClient = useQueryClient();
  const delivery = useQuery({
    queryKey: ['webhook-delivery', id],
    queryFn: async () => unwrap(await api.GET('/api/user/webhook-deliveries/{id}', { params: { path: { id } } })),
  });
  const redeliver = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/user/webhook-deliveries/{id}/redeliver', { params: { path: { id } } })),
    onSuccess: async (result) => {
      notifications.show({ color: 'green', message: `Queued as delivery ${result.data.id}; it is sent in a moment.` });
      await queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] });
      onRedelivered(result.data.id);
    },
  });

  return (
    <QueryState query={delivery} label="the delivery">
      {(d) => (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="outline" color={STATUS_COLORS[d.status]}>
              {humanize(d.status)}
            </Badge>
            <Text size="sm">{d.event}</Text>
          </Group>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={130}>URL</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{d.url}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Delivery id</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{d.delivery_id}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Created</Table.Th>
                <Table.Td>{formatDateTime(d.created_at)}</Table.Td>
              </Table.Tr>
              {d.next_attempt_at && (
                <Table.Tr>
                  <Table.Th>Next attempt</Table.Th>
                  <Table.Td>{formatDateTime(d.next_attempt_at)}</Table.Td>
                </Table.Tr>
              )}
              {d.redelivery_of !== null && (
                <Table.Tr>
                  <Table.Th>Redelivery of</Table.Th>
                  <Table.Td>Delivery {d.redelivery_of}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group>
            <RequireRole atLeast="editor">
              <Button onClick={() => redeliver.mutate()} loading={redeliver.isPending} disabled={d.status === 'pending'}>
                Redeliver
              </Button>
            </RequireRole>
            {d.status === 'pending' && (
              <Text size="sm" c="dimmed">
                Still being retried; redeliver once it has been delivered or has failed.
              </Text>
            )}
          </Group>
          {redeliver.isError && (
            <Alert color="red" role="alert">
              {describeError(redeliver.error)}
            </Alert>
          )}
          <Title order={3} size="h5">
            Attempts
          </Title>
          {d.attempts.length === 0 ? (
            <Text size="sm">Not sent yet.</Text>
          ) : (
            d.attempts.map((attempt) => <AttemptCard key={attempt.attempt} attempt={attempt} body={d.request_body} />)
          )}
        </Stack>
      )}
    </QueryState>
  );
}
