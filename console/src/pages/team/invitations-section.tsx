import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { QueryState } from '../../components/query-state.js';
import { formatDateTime } from '../../format/format.js';
import { InviteMemberModal } from './invite-member-modal.js';
import { type Invitation, invitationsQuery } from './team-queries.js';
import { ROLE_LABELS, expiresInWords } from './team-words.js';

/** Invitations not yet used, each revocable; "Invite a member" makes a new single-use link. */
export function InvitationsSection() {
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
