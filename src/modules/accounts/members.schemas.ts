import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { MemberRoleSchema } from './accounts.schemas.js';

const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
const MemberSummary = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });

export const Member = named(
  'Member',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String({ description: 'Their sign-in e-mail (one login on the whole server).' }),
    role: MemberRoleSchema,
    created_at: Timestamp,
  }),
);

export const MemberListResponse = Type.Object({ members: Type.Array(Member) });

export const UpdateMemberBody = Type.Object({
  role: { ...MemberRoleSchema, description: "The new role. Only an owner may make someone an owner or change an owner's role." },
});
export type UpdateMemberBody = Static<typeof UpdateMemberBody>;

export const UpdateMemberResponse = Type.Object({ message: Type.String(), member: Member });

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

const invitationFields = {
  id: Type.Integer(),
  email: Type.String(),
  role: MemberRoleSchema,
  status: Type.Union(
    INVITATION_STATUSES.map((status) => Type.Literal(status)),
    { description: 'pending until it is accepted, revoked (or replaced by a newer one for the same e-mail) or expires.' },
  ),
  invited_by: Type.Union([MemberSummary, Type.Null()], { description: 'The member who sent it; null once removed.' }),
  expires_at: Timestamp,
  accepted_at: NullableTimestamp,
  created_at: Timestamp,
};

export const Invitation = named('Invitation', Type.Object(invitationFields));

export const InvitationListResponse = Type.Object({ invitations: Type.Array(Invitation) });

export const CreateInvitationBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 255, format: 'email' }),
  role: { ...MemberRoleSchema, description: 'The role the new member gets. Only an owner may invite an owner.' },
});
export type CreateInvitationBody = Static<typeof CreateInvitationBody>;

export const CreateInvitationResponse = Type.Object({
  message: Type.String(),
  invitation: Type.Object({
    ...invitationFields,
    url: Type.String({ description: 'The link to send to the invitee: `PUBLIC_URL/app/invitations/<token>`. Shown once.' }),
    token: Type.String({ description: 'The secret the link carries. Shown once; only its hash is stored.' }),
  }),
});

export const InvitationTokenParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 100, description: 'The token of the invitation link.' }),
});

export const InvitationLookupResponse = Type.Object({
  account_name: Type.String({ description: 'The account the invitee would join.' }),
  email: Type.String({ description: 'The e-mail the invitation is for: the new member signs in with it.' }),
  role: MemberRoleSchema,
  invited_by_name: Type.Union([Type.String(), Type.Null()]),
  expires_at: Timestamp,
});

export const AcceptInvitationBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  password: Type.String({ minLength: 8, maxLength: 1024 }),
});
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

export const AcceptInvitationResponse = Type.Object({
  message: Type.String(),
  user: Type.Object(
    {
      id: Type.Integer({ description: 'The account joined (as in the login answer).' }),
      name: Type.String({ description: "The new member's name." }),
      email: Type.String({ description: "The new member's e-mail." }),
    },
    { description: 'Who signed in, as `POST /api/auth/login` shows it.' },
  ),
  token: Type.String({ description: 'A session token of the new member, valid SESSION_TTL_HOURS.' }),
  expires_at: Timestamp,
});
