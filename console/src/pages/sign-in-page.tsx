import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../api/client.js';
import { BASE_PATH } from '../api/return-path.js';
import { describeError, ApiError } from '../api/errors.js';
import { saveSession } from '../api/session.js';

/** E-mail and password; the server's own words for a wrong password or a lockout. */
export function SignInPage() {
  const search = useSearch({ from: '/sign-in' });
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (/^\S+@\S+$/.test(value) ? null : 'Enter the e-mail address of your account.'),
      password: (value) => (value ? null : 'Enter your password.'),
    },
  });
  const signIn = useMutation({
    mutationFn: async (values: { email: string; password: string }) =>
      unwrap(await api.POST('/api/auth/login', { body: { ...values, token_name: 'Console' } })),
    onSuccess: async (answer) => {
      saveSession({ token: answer.token, expiresAt: answer.expires_at, user: answer.user });
      // The page the person was on when the session ended, or the assistants.
      router.history.push(`${BASE_PATH}${search.redirect ?? '/assistants'}`);
    },
    onError: (error) => {
      setProblem(describeError(error));
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    },
  });

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <form
          onSubmit={form.onSubmit((values) => {
            setProblem(null);
            signIn.mutate(values);
          })}
          noValidate
        >
          <Stack>
            <div>
              <Title order={1} size="h2">
                Sign in to Switchboard
              </Title>
              <Text size="sm" c="dimmed">
                Build, test and watch your assistants.
              </Text>
            </div>
            {search.redirect && !problem && (
              <Alert color="blue" variant="light">
                Sign in to continue where you left off.
              </Alert>
            )}
            {problem && (
              <Alert color="red" variant="light" role="alert" title="Could not sign in">
                {problem}
              </Alert>
            )}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="username"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={signIn.isPending} fullWidth>
              Sign in
            </Button>
            <Text size="xs" c="dimmed">
              No account yet? Ask the person who runs this Switchboard server to create one for you. Developers: see the{' '}
              <Anchor href="/api/docs" size="xs">
                API reference
              </Anchor>
              .
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
