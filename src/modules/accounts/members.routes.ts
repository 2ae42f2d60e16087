import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf, clientOf } from '../../core/http/actor.js';
import { authOf } from '../../core/http/auth.js';
import { IdParams, MessageBody, ValidationErrorBody, isoTimestamp } from '../../core/http/schemas.js';
import type { InvitationWithInviter } from './invitations.repo.js';
import type { InvitationStatus } from './members.schemas.js';
import type { InvitationsService } from './invitations.service.js';
import type { PublicMember } from './members.repo.js';
import type { MembersService } from './members.service.js';
import {
  AcceptInvitationBody,
  AcceptInvitationResponse,
  CreateInvitationBody,
  CreateInvitationResponse,
  InvitationListResponse,
  InvitationLookupResponse,
  InvitationTokenParams,
  MemberListResponse,
  UpdateMemberBody,
  UpdateMemberResponse,
} from './members.schemas.js';

export interface MembersRoutesOptions {
  members: MembersService;
  invitations: InvitationsService;
  /** Where people open the console (PUBLIC_URL); unset: the address the request came to. */
  publicUrl?: string;
}

const tags = ['Members'];
const memberConfig = { notFoundMessage: 'Member not found.' };
const invitationConfig = { notFoundMessage: 'Invitation not found.' };
const forbidden = { ...MessageBody, description: 'Your role does not allow this (owners are managed only by owners).' };
const gone = { ...MessageBody, description: 'The invitation was accepted, revoked or has expired; the message says which.' };
const limited = { ...MessageBody, description: 'Too many attempts from this address; see Retry-After.' };

const memberBody = (member: PublicMember) => ({
  id: member.id,
  name: member.name,
  email: member.email,
  role: member.role,
  created_at: isoTimestamp(member.created_at)!,
});

const invitationBody = (invitation: InvitationWithInviter & { status: InvitationStatus }) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  status: invitation.status,
  invited_by:
    invitation.invited_by_member_id === null || invitation.inviter_name === null
      ? null
      : { id: invitation.invited_by_member_id, name: invitation.inviter_name, email: invitation.inviter_email! },
  expires_at: isoTimestamp(invitation.expires_at)!,
  accepted_at: isoTimestamp(invitation.accepted_at),
  created_at: isoTimestamp(invitation.created_at)!,
});

function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}

export const membersRoutes: FastifyPluginAsyncTypebox<MembersRoutesOptions> = async (app, { members, invitations, publicUrl }) => {
  app.get(
    '/user/members',
    { schema: { tags, operationId: 'listMembers', summary: "The account's members, by id", response: { 200: MemberListResponse } } },
    async (request) => ({ members: (await members.list(authOf(request).userId)).map(memberBody) }),
  );

  app.patch(
    '/user/members/:id',
    {
      config: memberConfig,
      schema: {
        tags,
        operationId: 'updateMember',
        summary: "Change a member's role (applies to their open sessions at once)",
        params: IdParams,
        body: UpdateMemberBody,
        response: { 200: UpdateMemberResponse, 403: forbidden, 404: MessageBody, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const member = await members.updateRole(actorOf(request), request.params.id, request.body.role);
      return { message: 'Member updated.', member: memberBody(member) };
    },
  );

  app.delete(
    '/user/members/:id',
    {
      config: memberConfig,
      schema: {
        tags,
        operationId: 'removeMember',
        summary: 'Remove a member (their sessions stop at once; the keys they created stay)',
        params: IdParams,
        response: { 200: MessageBody, 403: forbidden, 404: MessageBody, 422: MessageBody },
      },
    },
    async (request) => {
      await members.remove(actorOf(request), request.params.id);
      return { message: 'Member removed.' };
    },
  );

  app.post(
    '/user/members/leave',
    {
      schema: {
        tags,
        operationId: 'leaveAccount',
        summary: 'Leave the account: your own sign-in is removed and its sessions stop at once',
        response: {
          200: MessageBody,
          403: { ...MessageBody, description: "An API key cannot leave: only a member's own session can." },
          422: { ...MessageBody, description: "The account's last owner cannot leave it." },
        },
      },
    },
    async (request) => {
      await members.leave(actorOf(request));
      return { message: 'You left the account.' };
    },
  );

  app.get(
    '/user/invitations',
    {
      schema: {
        tags,
        operationId: 'listInvitations',
        summary: "The account's invitations, newest first",
        response: { 200: InvitationListResponse },
      },
    },
    async (request) => ({ invitations: (await invitations.list(authOf(request).userId)).map(invitationBody) }),
  );

  app.post(
    '/user/invitations',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'createInvitation',
        summary: 'Invite someone by e-mail with a role (the link is shown once)',
        body: CreateInvitationBody,
        response: { 201: CreateInvitationResponse, 403: forbidden, 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const { invitation, token } = await invitations.create(actorOf(request), request.body);
      const url = `${linkOrigin(request, publicUrl)}/app/invitations/${encodeURIComponent(token)}`;
      return reply.status(201).send({ message: 'Invitation created.', invitation: { ...invitationBody(invitation), url, token } });
    },
  );

  app.delete(
    '/user/invitations/:id',
    {
      config: invitationConfig,
      schema: {
        tags,
        operationId: 'revokeInvitation',
        summary: 'Revoke an invitation not yet accepted',
        params: IdParams,
        response: { 200: MessageBody, 404: MessageBody, 409: { ...MessageBody, description: 'Already accepted.' } },
      },
    },
    async (request) => {
      await invitations.revoke(actorOf(request), request.params.id);
      return { message: 'Invitation revoked.' };
    },
  );

  app.get(
    '/auth/invitations/:token',
    {
      config: { public: true, ...invitationConfig },
      schema: {
        tags,
        operationId: 'getInvitation',
        summary: 'What an invitation link offers, before accepting it',
        params: InvitationTokenParams,
        response: { 200: InvitationLookupResponse, 404: MessageBody, 410: gone, 429: limited },
      },
    },
    async (request) => {
      const invitation = await invitations.lookup(request.params.token, clientOf(request));
      return {
        account_name: invitation.account_name,
        email: invitation.email,
        role: invitation.role,
        invited_by_name: invitation.inviter_name,
        expires_at: isoTimestamp(invitation.expires_at)!,
      };
    },
  );

  app.post(
    '/auth/invitations/:token/accept',
    {
      config: { public: true, errorShape: 'validation', ...invitationConfig },
      schema: {
        tags,
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation: become a member and sign in',
        params: InvitationTokenParams,
        body: AcceptInvitationBody,
        response: { 201: AcceptInvitationResponse, 403: MessageBody, 404: MessageBody, 410: gone, 422: ValidationErrorBody, 429: limited },
      },
    },
    async (request, reply) => {
      const { member, token, expiresAt } = await invitations.accept(request.params.token, request.body, clientOf(request));
      return reply.status(201).send({
        message: 'Invitation accepted.',
        user: { id: member.user_id, name: member.name, email: member.email },
        token,
        expires_at: isoTimestamp(expiresAt)!,
      });
    },
  );
};
