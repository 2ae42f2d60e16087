import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { besideField } from '../assistants/settings-group.js';

interface ImportValues {
  phone_number: string;
  twilio_account_sid: string;
  twilio_auth_token: string;
  nickname: string;
}

/**
 * A number the business already has on its own Twilio account. Twilio is asked first whether
 * the account SID and auth token are real and whether that account has the number; calls on it
 * then go through that account, and its bill stays with Twilio.
 */
export function ImportNumberModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ImportValues>({
    initialValues: { phone_number: '', twilio_account_sid: '', twilio_auth_token: '', nickname: '' },
    validate: {
      phone_number: (v) => (v.trim() ? null : 'Enter the number, with its country code.'),
      twilio_account_sid: (v) => (/^AC[0-9a-fA-F]{32}$/.test(v.trim()) ? null : 'An Account SID starts with AC and has 34 characters.'),
      twilio_auth_token: (v) => (v.trim() ? null : 'Enter the auth token.'),
    },
  });
  const add = useMutation({
    mutationFn: async (values: ImportValues) =>
      unwrap(
        await api.POST('/api/user/phone-numbers', {
          body: {
            phone_number: values.phone_number.trim(),
            provider: 'twilio',
            twilio_account_sid: values.twilio_account_sid.trim(),
            twilio_auth_token: values.twilio_auth_token.trim(),
            ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
          },
        }),
      ),
    onSuccess: async (answer) => {
      notifications.show({ color: 'green', message: `${answer.data.phone_number} is added. Give it to an assistant from the list.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['phone-numbers'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field, besideField(message)])));
      } else setProblem(describeError(error));
    },
  });
  return (
    <Modal opened onClose={onClose} title="Add a number from your Twilio account" size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setProblem(null);
          add.mutate(values);
        })}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            The Account SID and auth token are on your Twilio Console&apos;s home page. Twilio is asked to confirm the account has this
            number before it is added; the token is stored encrypted and never shown again. Twilio keeps billing you for the number.
          </Text>
          {problem && (
            <Alert color="red" role="alert" title="The number was not added">
              {problem}
            </Alert>
          )}
          <TextInput
            label="Phone number"
            description="With the country code, e.g. +14155550100."
            required
            key={form.key('phone_number')}
            {...form.getInputProps('phone_number')}
          />
          <TextInput
            label="Account SID"
            required
            autoComplete="off"
            key={form.key('twilio_account_sid')}
            {...form.getInputProps('twilio_account_sid')}
          />
          <PasswordInput
            label="Auth token"
            required
            autoComplete="off"
            key={form.key('twilio_auth_token')}
            {...form.getInputProps('twilio_auth_token')}
          />
          <TextInput label="Nickname (optional)" maxLength={50} key={form.key('nickname')} {...form.getInputProps('nickname')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Check with Twilio and add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
