import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { formatUsd } from '../../format/format.js';
import { besideField } from '../assistants/settings-group.js';
import { OPERATOR_ACCOUNTS, parseUsd } from './operator-api.js';

interface NewAccount {
  name: string;
  email: string;
  password: string;
  balance: string;
}

/** A new account and its owner, who then signs in with the e-mail and password given here. */
export function CreateAccountModal({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NewAccount>({
    initialValues: { name: '', email: '', password: '', balance: '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Enter the name of the business or person.'),
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter the e-mail the owner will sign in with.'),
      password: (v) => (v.length >= 8 ? null : 'At least 8 characters.'),
      balance: (v) => (!v.trim() || parseUsd(v) !== null ? null : 'A number of USD, e.g. 25 or 12.50 (at most 6 decimals).'),
    },
  });
  const create = useMutation({
    mutationFn: async (values: NewAccount) =>
      unwrap(
        await api.POST('/api/operator/accounts', {
          body: {
            name: values.name.trim(),
            email: values.email.trim(),
            password: values.password,
            ...(values.balance.trim() ? { balance: parseUsd(values.balance)! } : {}),
          },
        }),
      ).account,
    onSuccess: async (account) => {
      notifications.show({
        color: 'green',
        message: `${account.name} is created with ${formatUsd(account.balance)}. Its owner signs in as ${account.email}.`,
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: OPERATOR_ACCOUNTS });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field, besideField(message)])));
      } else setProblem(describeError(error));
    },
  });
  return (
    <Modal opened onClose={onClose} title="New account">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setProblem(null);
          create.mutate(values);
        })}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            The account and its owner, who signs in with this e-mail and password. Tell them the password another way than the e-mail.
          </Text>
          {problem && (
            <Alert color="red" role="alert" title="The account was not created">
              {problem}
            </Alert>
          )}
          <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label="Owner's e-mail" type="email" required key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput
            label="Owner's password"
            description="At least 8 characters."
            required
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Opening balance (USD, optional)"
            inputMode="decimal"
            placeholder="0"
            key={form.key('balance')}
            {...form.getInputProps('balance')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
