import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { assistantListQuery } from '../../api/queries.js';
import { QueryState } from '../../components/query-state.js';
import { assignProblem, type PhoneNumber } from './number-words.js';

/**
 * Gives the number to one assistant (its `phone_number_id`), or takes it back. Each assistant
 * is offered with why it cannot have the number, if it cannot (the rules of inbound numbers).
 */
export function AssignNumberModal({ number, onClose }: { number: PhoneNumber; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Who uses which number changes on other pages: read it afresh.
  const assistants = useQuery({ ...assistantListQuery, refetchOnMount: 'always' });
  const [picked, setPicked] = useState<string | null>(null);
  const assign = useMutation({
    mutationFn: async ({ assistantId, phoneNumberId }: { assistantId: number; phoneNumberId: number | null }) =>
      unwrap(
        await api.PATCH('/api/user/assistant/{id}', { params: { path: { id: assistantId } }, body: { phone_number_id: phoneNumberId } }),
      ),
    onSuccess: async (_answer, { phoneNumberId }) => {
      const name = assistants.data?.find((a) => a.id === Number(picked))?.name;
      notifications.show({
        color: 'green',
        message: phoneNumberId
          ? `${name ?? 'The assistant'} now uses ${number.phone_number}.`
          : `The assistant no longer uses ${number.phone_number}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['assistants'] });
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title={`Give ${number.phone_number} to an assistant`} size="lg">
      <QueryState query={assistants} label="your assistants">
        {(list) => {
          const users = list.filter((a) => a.phone_number_id === number.id);
          const judged = list
            .filter((a) => a.phone_number_id !== number.id)
            .map((a) => ({ assistant: a, problem: assignProblem(number, a, list) }));
          const eligible = judged.filter((j) => j.problem === null).map((j) => j.assistant);
          const excluded = judged.filter((j) => j.problem !== null);
          return (
            <Stack>
              <Text size="sm" c="dimmed">
                An inbound assistant answers the calls to this number (one inbound assistant per number); outbound assistants call from it
                and can share it. An assistant has one number: giving it this one replaces its current number.
              </Text>
              {users.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    Using it now
                  </Text>
                  {users.map((a) => (
                    <Group key={a.id} justify="space-between">
                      <Text size="sm">
                        {a.name} ({a.type === 'inbound' ? 'answers calls' : 'calls out'})
                      </Text>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => assign.mutate({ assistantId: a.id, phoneNumberId: null })}
                        aria-label={`Take ${number.phone_number} from ${a.name}`}
                      >
                        Take it back
                      </Button>
                    </Group>
                  ))}
                </Stack>
              )}
              {list.length === 0 && <Text size="sm">You have no assistants yet. Create one first.</Text>}
              {eligible.length > 0 && (
                <Radio.Group label="Give it to" value={picked} onChange={setPicked}>
                  <Stack gap="xs" mt="xs">
                    {eligible.map((a) => (
                      <Radio
                        key={a.id}
                        value={String(a.id)}
                        label={`${a.name} (${a.type === 'inbound' ? 'answers calls' : 'calls out'})`}
                        description={a.phone_number_id ? 'Its current number is replaced.' : undefined}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
              {excluded.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    Cannot have it
                  </Text>
                  {excluded.map(({ assistant, problem }) => (
                    <Text size="sm" key={assistant.id}>
                      {assistant.name}: {problem}
                    </Text>
                  ))}
                </Stack>
              )}
              {assign.isError && (
                <Alert color="red" role="alert" title="Nothing changed">
                  {(assign.error instanceof ApiError && Object.values(assign.error.fieldErrors)[0]) || describeError(assign.error)}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button
                  disabled={picked === null}
                  loading={assign.isPending}
                  onClick={() => picked && assign.mutate({ assistantId: Number(picked), phoneNumberId: number.id })}
                >
                  Give it to this assistant
                </Button>
              </Group>
            </Stack>
          );
        }}
      </QueryState>
    </Modal>
  );
}
