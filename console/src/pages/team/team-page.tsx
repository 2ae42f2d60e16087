import { Badge, Button, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap, type paths } from '../../api/client.js';
import { currentUserQuery } from '../../api/queries.js';
import { clearSession } from '../../api/session.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { type MemberRole, RequireRole, useRole } from '../../shell/role.js';
import { InviteMemberModal } from './invite-member-modal.js';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, canManage, expiresInWords, grantableRoles } from './team-words.js';

type Member = paths['/api/user/members']['get']['responses'][200]['content']['application/json']['members'][number];
type Invitation = paths['/api/user/invitations']['get']['responses'][200]['content']['application/json']['invitations'][number];

export const membersQuery = {
  queryKey: ['members'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/members')),
};

export const invitationsQuery = {
  queryKey: ['invitations'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/invitations')).invitations,
};

/** "a viewer", "an editor", "an admin", "an owner". */
const withArticle = (role: MemberRole) => `${role === 'viewer' ? 'a' : 'an'} ${role}`;

/**
 * The account's members and their roles, for everyone; admins (and owners, for owners) change
 * roles, remove members and invite new ones with a single-use link.
 */
export function TeamPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Team
        </Title>
        <Text size="sm" c="dimmed">
          The people who can sign in to this account, and what their role lets them do. Admins invite new members and change roles; only an
          owner changes an owner.
        </Text>
      </div>
      <MembersSection />
      <RequireRole atLeast="admin" fallback={<NotAnAdmin />}>
        <InvitationsSection />
      </RequireRole>
    </Stack>
  );
}

/** Below admin: why there is nothing to change here, and whom to ask. */
function NotAnAdmin() {
  const { role } = useRole();
  if (!role) return null;
  return <Text size="sm">Your role ({role}) cannot invite members or change them. Ask an admin or an owner of the account.</Text>;
}

type MemberDialog = { kind: 'role'; member: Member; role: MemberRole } | { kind: 'remove'; member: Member } | null;

function MembersSection() {
  const members = useQuery(membersQuery);
  const me = useQuery(currentUserQuery);
  const { role: myRole } = useRole();
  const myId = me.data?.member?.id;
  const [dialog, setDialog] = useState<MemberDialog>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="members-title">
      <Title order={2} size="h4" id="members-title" mb="sm">
        Members
      </Title>
      <QueryState query={members} label="the members">
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Joined</Table.Th>
                  <Table.Th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.members.map((member) => {
                  const you = member.id === myId;
                  return (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{member.name}</Text>
                          {you && (
                            <Badge size="sm" variant="light" color="gray">
                              You
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{member.email}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={member.role === 'owner' ? 'grape' : member.role === 'admin' ? 'blue' : 'gray'}>
                          {ROLE_LABELS[member.role]}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(member.created_at)}</Table.Td>
                      <Table.Td ta="right">
                        {canManage(myRole, member.role) ? (
                          <MemberActions
                            member={member}
                            you={you}
                            roles={grantableRoles(myRole).filter((role) => role !== member.role)}
                            onRole={(role) => setDialog({ kind: 'role', member, role })}
                            onRemove={() => setDialog({ kind: 'remove', member })}
                          />
                        ) : (
                          // Anyone may leave the account, whatever their role.
                          you && (
                            <Button size="xs" color="red" variant="light" onClick={() => setDialog({ kind: 'remove', member })}>
                              Leave the account
                            </Button>
                          )
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog member={dialog.member} role={dialog.role} you={dialog.member.id === myId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'remove' && <RemoveDialog member={dialog.member} you={dialog.member.id === myId} onClose={() => setDialog(null)} />}
    </Paper>
  );
}

function MemberActions({
  member,
  you,
  roles,
  onRole,
  onRemove,
}: {
  member: Member;
  you: boolean;
  roles: MemberRole[];
  onRole: (role: MemberRole) => void;
  onRemove: () => void;
}) {
  const who = you ? 'yourself' : member.name;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Menu position="bottom-end">
        <Menu.Target>
          <Button size="xs" variant="default" aria-label={`Change the role of ${who}`}>
            Change role
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Make {you ? 'yourself' : 'them'}</Menu.Label>
          {roles.map((role) => (
            <Menu.Item key={role} onClick={() => onRole(role)}>
              {ROLE_LABELS[role]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" color="red" variant="light" onClick={onRemove} aria-label={`Remove ${who}`}>
        Remove
      </Button>
    </Group>
  );
}

function ChangeRoleDialog({ member, role, you, onClose }: { member: Member; role: MemberRole; you: boolean; onClose: () => void }) {
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

function RemoveDialog({ member, you, onClose }: { member: Member; you: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
        The API keys {you ? 'you' : 'they'} created stay and keep working; revoke them on the API keys page if needed.
      </Text>
    </ConfirmDialog>
  );
}

function InvitationsSection() {
  const invitations = useQuery(invitationsQuery);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invitations-title">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4" id="invitations-title">
            Pending invitations
          </Title>
          <Text size="sm" c="dimmed">
            Links sent and not yet used. Each works once, until it expires.
          </Text>
        </div>
        <Button onClick={() => setInviting(true)}>Invite a member</Button>
      </Group>
      <QueryState query={invitations} label="the invitations">
        {(list) => {
          const pending = list.filter((invitation) => invitation.status === 'pending');
          if (pending.length === 0) return <Text size="sm">No pending invitations.</Text>;
          return (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">E-mail</Table.Th>
                    <Table.Th scope="col">Role</Table.Th>
                    <Table.Th scope="col">Invited by</Table.Th>
                    <Table.Th scope="col">Expires</Table.Th>
                    <Table.Th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pending.map((invitation) => (
                    <Table.Tr key={invitation.id}>
                      <Table.Td>{invitation.email}</Table.Td>
                      <Table.Td>{ROLE_LABELS[invitation.role]}</Table.Td>
                      <Table.Td>{invitation.invited_by?.name ?? 'A former member'}</Table.Td>
                      <Table.Td title={formatDateTime(invitation.expires_at)}>{expiresInWords(invitation.expires_at)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => setRevoking(invitation)}
                          aria-label={`Revoke the invitation for ${invitation.email}`}
                        >
                          Revoke
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          );
        }}
      </QueryState>
      <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} />
      {revoking && <RevokeDialog invitation={revoking} onClose={() => setRevoking(null)} />}
    </Paper>
  );
}

function RevokeDialog({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/user/invitations/{id}', { params: { path: { id: invitation.id } } })),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: `The invitation for ${invitation.email} is revoked; its link no longer works.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
    },
  });
  return (
    <ConfirmDialog
      opened
      title={`Revoke the invitation for ${invitation.email}?`}
      confirmLabel="Revoke invitation"
      cancelLabel="Keep it"
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={() => revoke.mutate()}
      onClose={onClose}
    >
      <Text size="sm">The link stops working at once. You can invite the same e-mail again later.</Text>
    </ConfirmDialog>
  );
}
