import { api, unwrap, type paths } from '../../api/client.js';

export type Member = paths['/api/user/members']['get']['responses'][200]['content']['application/json']['members'][number];
export type Invitation = paths['/api/user/invitations']['get']['responses'][200]['content']['application/json']['invitations'][number];

/** The account's members, for the Team page (everyone may read them). */
export const membersQuery = {
  queryKey: ['members'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/members')),
};

/** The account's invitations (admin and up). */
export const invitationsQuery = {
  queryKey: ['invitations'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/invitations')).invitations,
};
