import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../api/client.js';
import { ApiError, describeError } from '../api/errors.js';
import { BASE_PATH } from '../api/return-path.js';
import { saveSession } from '../api/session.js';
import { AnchorLink } from '../components/links.js';
import { formatDateTime } from '../format/format.js';

type Values = { name: string; password: string; confirm: string };

/**
 * Where an invitation link leads, signed in or not: who invites whom to which account with which
 * role; a name and a password make the member, who is then signed in. A link that no longer works
 * says why, with the way to sign in.
 */
export function InvitationPage() {
  const { token } = useParams({ from: '/invitations/$token' });
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: async () => unwrap(await api.GET('/api/auth/invitations/{token}', { params: { path: { token } } })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        {invitation.isPending ? (
          <Text size="sm" role="status">
            <Loader size="xs" mr="xs" />
            Opening the invitation…
          </Text>
        ) : invitation.isError ? (
          <LinkProblem error={invitation.error} />
        ) : (
          <AcceptForm token={token} invitation={invitation.data} />
        )}
      </Paper>
    </Center>
  );
}

/** Why the link does not work, in the server's words where it gives them (expired, used, revoked). */
function LinkProblem({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : 0;
  const [title, sentence] =
    status === 404
      ? [
          'This invitation link does not work',
          'The link is not complete, or it was replaced by a newer invitation. Ask an admin of the account for a new one.',
        ]
      : status === 410
        ? ['This invitation can no longer be used', describeError(error)]
        : ['Could not open the invitation', describeError(error)];
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{sentence}</Text>
      <Text size="sm">
        Already a member?{' '}
        <AnchorLink to="/sign-in" search={{}}>
          Sign in to Switchboard
        </AnchorLink>
      </Text>
    </Stack>
  );
}

type Lookup = { account_name: string; email: string; role: string; invited_by_name: string | null; expires_at: string };

function AcceptForm({ token, invitation }: { token: string; invitation: Lookup }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { name: '', password: '', confirm: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'Enter your name, as the team will see it.'),
      password: (value) => (value.length >= 8 ? null : 'Choose a password of at least 8 characters.'),
      confirm: (value, values) => (value === values.password ? null : 'The two passwords are not the same.'),
    },
  });
  const accept = useMutation({
    mutationFn: async (values: Values) =>
      unwrap(
        await api.POST('/api/auth/invitations/{token}/accept', {
          params: { path: { token } },
          body: { name: values.name.trim(), password: values.password },
        }),
      ),
    onSuccess: (answer) => {
      // Whoever was signed in in this tab before is not anymore.
      queryClient.clear();
      saveSession({ token: answer.token, expiresAt: answer.expires_at, user: answer.user });
      router.history.push(`${BASE_PATH}/assistants`);
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else setProblem(describeError(error));
    },
  });
  const inviter = invitation.invited_by_name ?? 'A member';

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        setProblem(null);
        accept.mutate(values);
      })}
      noValidate
    >
      <Stack>
        <div>
          <Title order={1} size="h2">
            Join {invitation.account_name}
          </Title>
          <Text mt="xs">
            {inviter} invited you to join {invitation.account_name} as {invitation.role === 'viewer' ? 'a' : 'an'} {invitation.role}.
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            Choose your name and a password to accept. The link works once, until {formatDateTime(invitation.expires_at)}.
          </Text>
        </div>
        {problem && (
          <Alert color="red" variant="light" role="alert" title="Could not accept the invitation">
            {problem}
          </Alert>
        )}
        <TextInput label="E-mail" description="You sign in with this address." value={invitation.email} readOnly autoComplete="username" />
        <TextInput label="Your name" required autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
        <PasswordInput
          label="Password"
          description="At least 8 characters."
          required
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          required
          autoComplete="new-password"
          key={form.key('confirm')}
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={accept.isPending} fullWidth>
          Accept and sign in
        </Button>
        <Text size="xs" c="dimmed">
          Already a member?{' '}
          <AnchorLink to="/sign-in" search={{}} size="xs">
            Sign in
          </AnchorLink>
        </Text>
      </Stack>
    </form>
  );
}
