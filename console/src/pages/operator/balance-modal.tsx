import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { formatUsd, formatUsdChange } from '../../format/format.js';
import { OPERATOR_ACCOUNTS, type OperatorAccount, parseUsd } from './operator-api.js';

interface Change {
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/** Adds to or takes from an account's balance, with the reason its owner will read in their balance history. */
export function BalanceModal({ account, onClose }: { account: OperatorAccount; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Change>({
    initialValues: { direction: 'credit', amount: '', reason: '' },
    validate: {
      amount: (v) => {
        const amount = parseUsd(v);
        return amount !== null && amount > 0 ? null : 'A number of USD above zero, e.g. 25 or 12.50 (at most 6 decimals).';
      },
      reason: (v) => (v.trim() ? null : 'Say why: the owner reads it in their balance history.'),
    },
  });
  const change = useMutation({
    mutationFn: async (values: Change) => {
      const amount = parseUsd(values.amount)!;
      return unwrap(
        await api.POST('/api/operator/accounts/{id}/balance', {
          params: { path: { id: account.id } },
          body: { amount: values.direction === 'debit' ? -amount : amount, reason: values.reason.trim() },
        }),
      );
    },
    onSuccess: async (answer) => {
      notifications.show({
        color: 'green',
        message: `${formatUsdChange(answer.ledger_entry.amount)} for ${account.name}: the balance is now ${formatUsd(answer.balance)}.`,
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: OPERATOR_ACCOUNTS });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors);
      else setProblem(describeError(error));
    },
  });
  const debit = form.getValues().direction === 'debit';
  return (
    <Modal opened onClose={onClose} title={`Credit or debit ${account.name}`}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setProblem(null);
          change.mutate(values);
        })}
      >
        <Stack>
          <Text size="sm">
            The balance is <strong>{formatUsd(account.balance)}</strong>. A debit never takes it below zero.
          </Text>
          {problem && (
            <Alert color="red" role="alert" title="The balance did not change">
              {problem}
            </Alert>
          )}
          <SegmentedControl
            aria-label="Credit or debit"
            data={[
              { value: 'credit', label: 'Credit (add)' },
              { value: 'debit', label: 'Debit (take away)' },
            ]}
            key={form.key('direction')}
            {...form.getInputProps('direction')}
          />
          <TextInput label="Amount (USD)" inputMode="decimal" required key={form.key('amount')} {...form.getInputProps('amount')} />
          <Textarea
            label="Reason"
            description="Shown to the account in its balance history, and kept in its audit log."
            required
            autosize
            minRows={2}
            maxLength={500}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={debit ? 'red' : undefined} loading={change.isPending}>
              {debit ? 'Debit balance' : 'Credit balance'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
