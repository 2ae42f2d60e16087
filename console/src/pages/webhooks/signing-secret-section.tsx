import { Alert, Button, Code, CopyButton, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { describeError } from '../../api/errors.js';
import { formatDateTime } from '../../format/format.js';

type Secret = { secret: string; created_at: string };

/**
 * The secret every delivery is signed with. Hidden until asked for (it is fetched only then, so
 * it never sits in the page or its cache), and replaced with a confirmation, showing the new one.
 */
export function SigningSecretSection() {
  const [shown, setShown] = useState<Secret | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reveal = useMutation({
    mutationFn: async () => unwrap(await api.GET('/api/user/webhook-secret')),
    onSuccess: setShown,
  });
  const rotate = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/user/webhook-secret/rotate')),
    onSuccess: (rotated) => {
      setShown({ secret: rotated.secret, created_at: rotated.created_at });
      setConfirming(false);
      notifications.show({ color: 'green', message: 'A new signing secret is in use; deliveries from now on are signed with it.' });
    },
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="secret-title">
      <Title order={2} size="h4" id="secret-title">
        Signing secret
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every delivery carries an X-Switchboard-Signature made with this secret, so your server can tell it came from Switchboard.
      </Text>
      {shown ? (
        <Stack gap="xs">
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
            {shown.secret}
          </Code>
          <Text size="xs" c="dimmed">
            In use since {formatDateTime(shown.created_at)}
          </Text>
        </Stack>
      ) : (
        <Code block aria-label="Signing secret, hidden">
          whsec_••••••••••••••••
        </Code>
      )}
      {reveal.isError && (
        <Alert color="red" role="alert" mt="sm">
          {describeError(reveal.error)}
        </Alert>
      )}
      <Group gap="sm" mt="sm">
        {shown ? (
          <>
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <Button size="xs" onClick={copy} color={copied ? 'green' : undefined}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button size="xs" variant="default" onClick={() => setShown(null)}>
              Hide
            </Button>
          </>
        ) : (
          <Button size="xs" variant="default" onClick={() => reveal.mutate()} loading={reveal.isPending}>
            Reveal secret
          </Button>
        )}
        <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
          Rotate secret
        </Button>
      </Group>

      <Modal
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          rotate.reset();
        }}
        title="Replace the signing secret?"
      >
        <Stack>
          <Text size="sm">
            Deliveries are signed with the new secret at once, retries included. Your server rejects them until it has the new secret.
          </Text>
          {rotate.isError && (
            <Alert color="red" role="alert">
              {describeError(rotate.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep the current one
            </Button>
            <Button color="red" loading={rotate.isPending} onClick={() => rotate.mutate()}>
              Rotate secret
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
