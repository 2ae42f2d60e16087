import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { OPERATOR_ACCOUNTS, type OperatorAccount } from './operator-api.js';

/** Stops an account at once, with the reason: the dialog says what stops, and asks for the reason before it does. */
export function SuspendModal({ account, onClose }: { account: OperatorAccount; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim() ? null : 'Say why; it is kept with the account and in its audit log.') },
  });
  const suspend = useMutation({
    mutationFn: async (reason: string) =>
      unwrap(await api.POST('/api/operator/accounts/{id}/suspend', { params: { path: { id: account.id } }, body: { reason } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${account.name} is suspended.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: OPERATOR_ACCOUNTS });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.reason) form.setFieldError('reason', error.fieldErrors.reason);
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Suspend ${account.name}?`}>
      <form noValidate onSubmit={form.onSubmit((values) => suspend.mutate(values.reason.trim()))}>
        <Stack>
          <Text size="sm">
            From now on its members and API keys are refused, its chat widgets and numbers stop answering, and nothing more is charged. Its
            data and balance stay; you can restore it later.
          </Text>
          {suspend.isError && !(suspend.error instanceof ApiError && suspend.error.fieldErrors.reason) && (
            <Alert color="red" role="alert">
              {describeError(suspend.error)}
            </Alert>
          )}
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            data-autofocus
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it active
            </Button>
            <Button type="submit" color="red" loading={suspend.isPending}>
              Suspend account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function RestoreDialog({ account, onClose }: { account: OperatorAccount; onClose: () => void }) {
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/operator/accounts/{id}/restore', { params: { path: { id: account.id } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `${account.name} is active again.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: OPERATOR_ACCOUNTS });
    },
  });
  return (
    <ConfirmDialog
      opened
      title={`Restore ${account.name}?`}
      confirmLabel="Restore account"
      color="blue"
      pending={restore.isPending}
      error={restore.error}
      onConfirm={() => restore.mutate()}
      onClose={onClose}
    >
      <Text size="sm">Suspended for: {account.suspension_reason}. Its members, API keys, widgets and numbers work again at once.</Text>
    </ConfirmDialog>
  );
}
