import { Alert, Anchor, Button, Center, Divider, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../api/client.js';
import { BASE_PATH } from '../api/return-path.js';
import { describeError, ApiError } from '../api/errors.js';
import { saveSession } from '../api/session.js';
import { rememberReturnPath, sessionOf, takeReturnPath, tokenFromFragment } from '../api/single-sign-on.js';

const singleSignOnQuery = {
  queryKey: ['single-sign-on'] as const,
  queryFn: async () => unwrap(await api.GET('/api/auth/oidc')),
  staleTime: Number.POSITIVE_INFINITY,
};

/**
 * E-mail and password, or the OpenID Connect provider when the server offers one; the server's own
 * words for a wrong password, a lockout or a single sign-on that failed (`?error=`).
 */
export function SignInPage() {
  const search = useSearch({ from: '/sign-in' });
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [errorDismissed, setErrorDismissed] = useState(false);
  const singleSignOn = useQuery(singleSignOnQuery);
  const finishing = useSingleSignOnReturn(setProblem);
  const shownProblem = problem ?? (errorDismissed ? null : (search.error ?? null));
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
            setErrorDismissed(true);
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
            {search.redirect && !shownProblem && (
              <Alert color="blue" variant="light">
                Sign in to continue where you left off.
              </Alert>
            )}
            {shownProblem && (
              <Alert color="red" variant="light" role="alert" title="Could not sign in">
                {shownProblem}
              </Alert>
            )}
            {finishing && (
              <Text size="sm" role="status">
                <Loader size="xs" mr="xs" />
                Finishing single sign-on…
              </Text>
            )}
            {singleSignOn.data?.enabled && (
              <>
                {/* A navigation, not a fetch: the provider's pages take over the tab. */}
                <Button
                  component="a"
                  href="/api/auth/oidc/start"
                  variant="default"
                  fullWidth
                  onClick={() => rememberReturnPath(search.redirect)}
                >
                  Sign in with {singleSignOn.data.provider_name}
                </Button>
                <Divider label="or with your password" labelPosition="center" />
              </>
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

/**
 * The provider's way back: `#token=` in the address. The token leaves the address at once (not
 * in the history, not in a bookmark), is checked with GET /api/user/me, kept like a password
 * sign-in's, and the person goes on to where they were. True while that is under way.
 */
function useSingleSignOnReturn(onProblem: (message: string) => void): boolean {
  const router = useRouter();
  const [token] = useState(() => tokenFromFragment(window.location.hash));
  const [finishing, setFinishing] = useState(token !== null);
  useEffect(() => {
    if (!token) return;
    router.history.replace(`${window.location.pathname}${window.location.search}`);
    let cancelled = false;
    void (async () => {
      try {
        const me = unwrap(await api.GET('/api/user/me', { headers: { authorization: `Bearer ${token}` } }));
        if (cancelled) return;
        saveSession(sessionOf(token, me));
        router.history.push(`${BASE_PATH}${takeReturnPath() ?? '/assistants'}`);
      } catch (error) {
        if (cancelled) return;
        onProblem(describeError(error));
        setFinishing(false);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [token, router, onProblem]);
  return finishing;
}
