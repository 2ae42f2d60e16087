import { Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { currentUserQuery } from '../api/queries.js';

/** Least to most, as the server orders them: each role may do what the ones before it may. */
const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type MemberRole = (typeof ROLES)[number];

export const roleCannotChange = (role: MemberRole) => `Your role (${role}) cannot change this`;

/**
 * The signed-in member's role. `allows(required)` is what the API would answer, so a control the
 * server would refuse is not offered; until the role is known, it allows nothing.
 */
export function useRole() {
  const me = useQuery(currentUserQuery);
  const role = me.data?.role;
  return {
    role,
    isOperator: me.data?.is_operator ?? false,
    allows: (required: MemberRole) => role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(required),
  };
}

interface RequireRoleProps {
  /** The least role the children need (the API's for what they do). */
  atLeast: MemberRole;
  /**
   * Below that role: `hide` shows nothing (or `fallback`); `disable` shows the children disabled,
   * with a note saying why; `page` shows, instead of a page, that the role cannot see `what`.
   */
  mode?: 'hide' | 'disable' | 'page';
  /** What the page shows (`page` mode), e.g. "API keys". */
  what?: string;
  fallback?: ReactNode;
  children: ReactNode;
}

/** Shows its children only to a member whose role allows what they do; the one place pages ask. */
export function RequireRole({ atLeast, mode = 'hide', what = 'this page', fallback = null, children }: RequireRoleProps) {
  const current = useRole();
  const noteId = useId();
  if (current.allows(atLeast)) return children;
  if (mode === 'hide') return fallback;
  if (mode === 'disable') {
    // Every control inside is disabled by the browser; the note (and the tooltip) say why.
    const note = current.role ? roleCannotChange(current.role) : undefined;
    return (
      <fieldset disabled title={note} aria-describedby={note ? noteId : undefined} className="role-locked">
        {note && (
          <Text size="sm" c="dimmed" id={noteId} mb="xs">
            {note}.
          </Text>
        )}
        {children}
      </fieldset>
    );
  }
  if (!current.role) return null;
  return (
    <Paper withBorder p="xl" maw={640}>
      <Title order={1} size="h2" mb="xs">
        Not available to your role
      </Title>
      <Text>
        Your role ({current.role}) cannot see {what}; it needs {atLeast} or higher. Ask an admin of the account.
      </Text>
    </Paper>
  );
}
