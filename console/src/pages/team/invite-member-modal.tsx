import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client.js';
import { ApiError, describeError } from '../../api/errors.js';
import { formatDateTime } from '../../format/format.js';
import { type MemberRole, useRole } from '../../shell/role.js';
import { invitationsQuery } from './team-queries.js';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, expiresInWords, grantableRoles } from './team-words.js';

type Created = { email: string; role: MemberRole; url: string; expiresAt: string };

/**
 * An e-mail and a role up to the caller's own; the answer's single-use link is shown here once,
 * read-only with a Copy button, with when it expires. Closing the dialog forgets it.
 */
export function InviteMemberModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { role: myRole } = useRole();
  const roles = grantableRoles(myRole);
  const [created, setCreated] = useState<Created | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<{ email: string; role: MemberRole }>({
    mode: 'controlled',
    initialValues: { email: '', role: 'editor' },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : 'Enter the e-mail address of the person to invite.'),
    },
  });
  const invite = useMutation({
    mutationFn: async (values: { email: string; role: MemberRole }) =>
      unwrap(await api.POST('/api/user/invitations', { body: { email: values.email.trim(), role: values.role } })).invitation,
    onSuccess: async (invitation) => {
      setCreated({ email: invitation.email, role: invitation.role, url: invitation.url, expiresAt: invitation.expires_at });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else setProblem(describeError(error));
    },
  });
  const close = () => {
    setCreated(null);
    setProblem(null);
    invite.reset();
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={created ? `Invitation for ${created.email}` : 'Invite a member'} size="lg">
      {created ? (
        <Stack>
          <Text size="sm">
            Send this link to {created.email}. Whoever opens it chooses a name and password and joins as{' '}
            {created.role === 'viewer' ? 'a' : 'an'} {created.role}. It works once and expires {expiresInWords(created.expiresAt)} (
            {formatDateTime(created.expiresAt)}).
          </Text>
          <Alert color="yellow" variant="light">
            Copy the link now: it is shown only once. If you lose it, invite the same e-mail again; the old link then stops working.
          </Alert>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label="Invitation link"
              value={created.url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(event) => event.target.select()}
            />
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'green' : undefined}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit((values) => {
            setProblem(null);
            invite.mutate(values);
          })}
          noValidate
        >
          <Stack>
            <Text size="sm">
              You get a link to send to the person yourself (Switchboard sends no e-mail). They sign in with this e-mail address.
            </Text>
            <TextInput label="E-mail" type="email" required data-autofocus key={form.key('email')} {...form.getInputProps('email')} />
            <Select
              label="Role"
              required
              allowDeselect={false}
              data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              description={ROLE_DESCRIPTIONS[form.values.role]}
              key={form.key('role')}
              {...form.getInputProps('role')}
            />
            {problem && (
              <Alert color="red" variant="light" role="alert" title="Could not create the invitation">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={invite.isPending}>
                Create invitation link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
