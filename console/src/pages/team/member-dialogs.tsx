import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api, unwrap } from '../../api/client.js';
import { currentUserQuery } from '../../api/queries.js';
import { clearSession } from '../../api/session.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { type MemberRole, useRole } from '../../shell/role.js';
import { type Member, membersQuery } from './team-queries.js';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './team-words.js';

/** "a viewer", "an editor", "an admin", "an owner". */
const withArticle = (role: MemberRole) => `${role === 'viewer' ? 'a' : 'an'} ${role}`;

/** Confirms a new role for a member (or oneself); the API decides what the caller may grant. */
export function ChangeRoleDialog({ member, role, you, onClose }: { member: Member; role: MemberRole; you: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async () =>
      unwrap(await api.PATCH('/api/user/members/{id}', { params: { path: { id: member.id } }, body: { role } })).member,
    onSuccess: async (changed) => {
      notifications.show({ color: 'green', message: `${changed.name} is now ${withArticle(changed.role)}.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: membersQuery.queryKey });
      if (you) await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
  return (
    <ConfirmDialog
      opened
      title={you ? `Make yourself ${withArticle(role)}?` : `Make ${member.name} ${withArticle(role)}?`}
      confirmLabel={`Make ${withArticle(role)}`}
      color="blue"
      pending={change.isPending}
      error={change.error}
      onConfirm={() => change.mutate()}
      onClose={onClose}
    >
      <Text size="sm">
        {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
      </Text>
      <Text size="sm">
        {you
          ? 'The new role applies at once, in every session you have open.'
          : `The new role applies at once, also in the sessions ${member.name} has open.`}
      </Text>
    </ConfirmDialog>
  );
}

/** Removes a member, or, on one's own row, leaves the account (any role may). */
export function RemoveDialog({ member, you, onClose }: { member: Member; you: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Keys are an admin's: below that, say who can revoke them rather than point at a page one cannot open.
  const keysAreMine = useRole().allows('admin');
  const remove = useMutation({
    mutationFn: async () =>
      you
        ? unwrap(await api.POST('/api/user/members/leave'))
        : unwrap(await api.DELETE('/api/user/members/{id}', { params: { path: { id: member.id } } })),
    onSuccess: async () => {
      if (you) {
        // This session ended with the membership: back to signing in, saying why.
        // The cache goes once this page is gone: cleared under it, the page would ask again, signed out.
        clearSession();
        notifications.show({ color: 'green', message: 'You left the account.' });
        await navigate({ to: '/sign-in', search: {} });
        queryClient.clear();
        return;
      }
      notifications.show({ color: 'green', message: `${member.name} is no longer a member of this account.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: membersQuery.queryKey });
    },
  });
  return (
    <ConfirmDialog
      opened
      title={you ? 'Leave this account?' : `Remove ${member.name}?`}
      confirmLabel={you ? 'Leave the account' : 'Remove member'}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <Text size="sm">
        {you
          ? 'You will be signed out at once and can no longer sign in to this account.'
          : `${member.name} (${member.email}) can no longer sign in to this account, and their open sessions end at once.`}{' '}
        The API keys {you ? 'you' : 'they'} created stay and keep working;{' '}
        {keysAreMine ? 'revoke them on the API keys page if needed.' : 'an admin can revoke them on the API keys page.'}
      </Text>
    </ConfirmDialog>
  );
}
