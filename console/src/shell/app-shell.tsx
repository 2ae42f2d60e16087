import { Anchor, AppShell, Burger, Button, Group, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useReducedMotion } from '@mantine/hooks';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.js';
import { clearSession, readSession } from '../api/session.js';
import { type MemberRole, useRole } from './role.js';

type Section = { to: string; label: string; hint: string; role?: MemberRole };

/** The console's pages; one with a `role` is listed only for that role or higher (its page says so to others). */
const SECTIONS: readonly Section[] = [
  { to: '/assistants', label: 'Assistants', hint: 'Build and test' },
  { to: '/conversations', label: 'Conversations', hint: 'Chats and messages' },
  { to: '/calls', label: 'Calls', hint: 'Phone and browser calls' },
  { to: '/campaigns', label: 'Campaigns', hint: 'Call lists of leads' },
  { to: '/knowledge', label: 'Knowledge', hint: 'Documents and websites' },
  { to: '/chat-apps', label: 'Chat apps', hint: 'WhatsApp numbers' },
  { to: '/phone-numbers', label: 'Phone numbers', hint: 'Buy, import, assign' },
  { to: '/tools', label: 'Tools', hint: 'Your systems, for assistants' },
  { to: '/folders-labels', label: 'Folders & labels', hint: 'Keep assistants in order' },
  { to: '/webhooks', label: 'Webhooks', hint: 'Deliveries and signing' },
  { to: '/usage', label: 'Usage', hint: 'Spend, volume, exports' },
  { to: '/team', label: 'Team', hint: 'Members and invitations' },
  { to: '/audit-log', label: 'Audit log', hint: 'Who changed what', role: 'admin' },
  { to: '/keys', label: 'API keys', hint: 'For your other programs', role: 'admin' },
  { to: '/account', label: 'Account', hint: 'You and the balance' },
];

/** Shown only to whoever runs the server (GET /api/user/me says is_operator). */
const OPERATOR_SECTION: Section = { to: '/operator', label: 'Operator', hint: 'Every account on this server' };

/** Header with the account, a navigation bar (a drawer below 768 px), and the page. */
export function AppShellLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const reduceMotion = useReducedMotion();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const session = readSession();
  const { allows, isOperator } = useRole();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sections = isOperator ? [...SECTIONS, OPERATOR_SECTION] : SECTIONS;
  const signOut = useMutation({
    // The token is revoked on the server; the page signs out even if that call fails.
    mutationFn: () => api.POST('/api/auth/logout'),
    onSettled: async () => {
      clearSession();
      queryClient.clear();
      await navigate({ to: '/sign-in', search: {} });
    },
  });

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      transitionDuration={reduceMotion ? 0 : 200}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Text fw={700} size="lg" component={Link} to="/assistants" c="dark" td="none">
              Switchboard
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="xs" truncate maw={220}>
              {session?.user.email}
            </Text>
            <Button variant="default" size="xs" onClick={() => signOut.mutate()} loading={signOut.isPending}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      {/* Scrolls when its sections are taller than the window, so none is out of reach: the stack
          grows with them (it would shrink to the bar's height and let them spill past the scroll end). */}
      <AppShell.Navbar p="sm" aria-label="Main" style={{ overflowY: 'auto' }}>
        <Stack gap={4} justify="space-between" mih="100%" style={{ flexShrink: 0 }}>
          <nav aria-label="Console sections">
            {sections
              .filter((section) => !section.role || allows(section.role))
              .map((section) => (
                <NavLink
                  key={section.to}
                  component={Link}
                  to={section.to}
                  label={section.label}
                  description={section.hint}
                  active={pathname === section.to || pathname.startsWith(`${section.to}/`)}
                  onClick={close}
                />
              ))}
          </nav>
          <Anchor href="/api/docs" target="_blank" rel="noopener" size="sm" px="sm" pb="sm">
            API reference<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
