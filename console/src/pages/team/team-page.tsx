import { Badge, Button, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentUserQuery } from '../../api/queries.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { type MemberRole, RequireRole, useRole } from '../../shell/role.js';
import { InvitationsSection } from './invitations-section.js';
import { ChangeRoleDialog, RemoveDialog } from './member-dialogs.js';
import { type Member, membersQuery } from './team-queries.js';
import { ROLE_LABELS, canManage, grantableRoles } from './team-words.js';

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
