import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { BasicsFields } from './basics-fields.js';
import { basicsRequest, validateBasics, emptyBasics, placeServerErrors, type BasicsValues } from './basics-form.js';

/** A new assistant from its basics; the server checks it, and its words land next to each field. */
export function CreateAssistantModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [elsewhere, setElsewhere] = useState<string[]>([]);
  const form = useForm<BasicsValues>({ initialValues: emptyBasics(), validate: validateBasics });
  const create = useMutation({
    mutationFn: async (values: BasicsValues) => unwrap(await api.POST('/api/user/assistant', { body: basicsRequest(values) })).data,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['assistants'] });
      form.reset();
      onClose();
      await navigate({ to: '/assistants/$assistantId', params: { assistantId: created.id } });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const placed = placeServerErrors(error.fieldErrors);
        form.setErrors(placed.onFields);
        setElsewhere(Object.keys(error.fieldErrors).length > 0 ? placed.elsewhere : [error.message]);
      } else setElsewhere([describeError(error)]);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title="New assistant" size="xl">
      <form
        onSubmit={form.onSubmit((values) => {
          setElsewhere([]);
          create.mutate(values);
        })}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Start with the basics; voice, call behaviour, tools and knowledge can be set after it is created. New assistants start inactive.
          </Text>
          {elsewhere.length > 0 && (
            <Alert color="red" role="alert" title="The assistant was not created">
              {elsewhere.map((message) => (
                <Text size="sm" key={message}>
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          <BasicsFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create assistant
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
