import type { UpdateSenderRequest } from '../../../../client/api.js';
import { Alert, Button, Group, Paper, PasswordInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { assistantListQuery } from '../../api/queries.js';
import type { Sender } from './chat-app-page.js';
import { ExplainedAlert } from './explained-alert.js';
import { type SettingsValues, settingsRequest, settingsValues as valuesOf } from './sender-form.js';
import { callingErrorInWords, connectErrorInWords } from './sender-words.js';
import { RequireRole } from '../../shell/role.js';

/** Calling on or off (applied on the platform at once), and the number's other settings, saved together. */
export function SenderSettings({ sender }: { sender: Sender }) {
  const queryClient = useQueryClient();
  const assistants = useQuery(assistantListQuery);
  const [problem, setProblem] = useState<unknown>(null);
  const form = useForm<SettingsValues>({ initialValues: valuesOf(sender) });
  const patch = async (body: UpdateSenderRequest) =>
    unwrap(await api.PATCH('/api/user/chatapp/senders/{id}', { params: { path: { id: sender.id } }, body })).data;
  const stored = async (saved: Sender) => {
    queryClient.setQueryData(['chatapp-senders', sender.id], saved);
    await queryClient.invalidateQueries({ queryKey: ['chatapp-senders'], exact: true });
  };
  const calling = useMutation({
    mutationFn: (enabled: boolean) => patch({ voice_calling_enabled: enabled }),
    onSuccess: async (saved) => {
      await stored(saved);
      notifications.show({
        color: 'green',
        message: saved.voice_calling_enabled ? 'Calling is on: customers can call this number.' : 'Calling is off.',
      });
    },
  });
  const save = useMutation({
    mutationFn: (values: SettingsValues) => patch(settingsRequest(values, form.getInitialValues())),
    onSuccess: async (saved) => {
      await stored(saved);
      form.setInitialValues(valuesOf(saved));
      form.reset();
      notifications.show({ color: 'green', message: 'Saved.' });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
      else setProblem(error);
    },
  });
  const callingExplained = calling.isError ? callingErrorInWords(calling.error, calling.variables ?? false) : null;
  const saveExplained = problem
    ? connectErrorInWords(problem, { phoneNumberId: sender.phone_number_id ?? '', wabaId: sender.waba_id ?? '' })
    : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="settings-title">
      <Title order={2} size="h4" id="settings-title" mb="sm">
        Settings
      </Title>
      {/* The number's settings and its token are the account's credentials on the platform: admins and owners. */}
      <RequireRole atLeast="admin" mode="disable">
        <Stack>
          <Switch
            label="Calling"
            description="Customers can call this number, and the assistant can call customers who allowed it. Applied on WhatsApp at once."
            checked={calling.isPending ? (calling.variables ?? false) : sender.voice_calling_enabled}
            disabled={calling.isPending}
            onChange={(event) => calling.mutate(event.currentTarget.checked)}
          />
          {calling.isError &&
            (callingExplained ? (
              <ExplainedAlert explained={callingExplained} heading="Calling did not change" />
            ) : (
              <Alert color="red" role="alert">
                {describeError(calling.error)}
              </Alert>
            ))}
          <form
            noValidate
            onSubmit={form.onSubmit((values) => {
              setProblem(null);
              save.mutate(values);
            })}
          >
            <Stack>
              {problem !== null &&
                (saveExplained ? (
                  <ExplainedAlert explained={saveExplained} heading="Not saved" />
                ) : (
                  <Alert color="red" role="alert" title="Not saved">
                    {describeError(problem)}
                  </Alert>
                ))}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Name" required key={form.key('display_name')} {...form.getInputProps('display_name')} />
                <Select
                  label="Assistant that answers"
                  placeholder="Nobody answers"
                  clearable
                  data={(assistants.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                  key={form.key('assistant_id')}
                  {...form.getInputProps('assistant_id')}
                />
              </SimpleGrid>
              <TextInput
                label="Delivery receipts URL"
                description="Your system gets a signed message_status event here when a message you sent is delivered, read, or fails."
                placeholder="https://your-system.example/whatsapp/status"
                key={form.key('status_webhook_url')}
                {...form.getInputProps('status_webhook_url')}
              />
              <TextInput
                label="Call events URL"
                description="Your system gets a signed whatsapp_voice event here when a customer allows or declines calls, and for every call."
                placeholder="https://your-system.example/whatsapp/voice"
                key={form.key('voice_webhook_url')}
                {...form.getInputProps('voice_webhook_url')}
              />
              {sender.platform === 'cloud_api' && (
                <PasswordInput
                  label="New access token"
                  description="Only when Meta's token changed or expired. Meta is asked to confirm it before it is saved."
                  autoComplete="off"
                  key={form.key('access_token')}
                  {...form.getInputProps('access_token')}
                />
              )}
              <RequireRole atLeast="admin">
                <Group justify="flex-end">
                  <Text size="xs" c="dimmed" mr="auto">
                    {form.isDirty() ? 'Unsaved changes.' : ''}
                  </Text>
                  <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
                    Undo changes
                  </Button>
                  <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
                    Save
                  </Button>
                </Group>
              </RequireRole>
            </Stack>
          </form>
        </Stack>
      </RequireRole>
    </Paper>
  );
}
