import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, clientOf } from '../../core/http/actor.js';
import { authOf } from '../../core/http/auth.js';
import { IdParams, MessageBody, ValidationErrorBody, isoTimestamp } from '../../core/http/schemas.js';
import { microsToUsd } from '../../core/money.js';
import { AppError } from '../../core/http/errors.js';
import { LengthAwarePage, lengthAwarePage, pageQuery, requestPath } from '../../core/http/page-pagination.js';
import type { AccountsService } from './accounts.service.js';
import type { ApiKeysService } from './api-keys.service.js';
import type { AuthService } from './auth.service.js';
import {
  ApiKeyListResponse,
  CreateApiKeyBody,
  CreateApiKeyResponse,
  CurrentUserResponse,
  LedgerEntry,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
} from './accounts.schemas.js';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  auth: AuthService;
  apiKeys: ApiKeysService;
  allowSignup: boolean;
}

const tags = ['Account'];
const REGISTRATION_DISABLED = 'Registration is disabled on this server; an administrator creates accounts.';

export const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, { accounts, auth, apiKeys, allowSignup }) => {
  app.post(
    '/auth/login',
    {
      // The reference's login path (its white-label login): the same bodies, token_name included.
      config: { public: true, errorShape: 'validation', alsoAt: ['/white-label/login'] },
      schema: {
        tags,
        operationId: 'login',
        summary: 'Log in (creates a session token)',
        body: LoginBody,
        response: { 200: LoginResponse, 401: { ...ValidationErrorBody, description: 'Wrong credentials.' }, 429: MessageBody },
      },
    },
    async (request) => {
      const { email, password, token_name } = request.body;
      // request.ip honours X-Forwarded-For only from TRUST_PROXY's proxies.
      const session = await auth.login({ email, password, tokenName: token_name, client: clientOf(request) });
      return {
        message: 'Login successful.',
        user: { id: session.member.user_id, name: session.member.name, email: session.member.email },
        token: session.token,
        token_name: session.tokenName,
        expires_at: isoTimestamp(session.expiresAt!)!,
      };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, operationId: 'logout', summary: 'Revoke the token that made this call', response: { 200: MessageBody } } },
    async (request) => {
      await auth.logout(authOf(request));
      return { message: 'Logged out successfully.' };
    },
  );

  // Registered whatever ALLOW_SIGNUP says, so a closed server answers 403 with the reason (before
  // looking at the body) instead of a 404 that reads like a wrong URL.
  app.post(
    '/auth/register',
    {
      config: { public: true, errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'register',
        summary: 'Create an account (only when ALLOW_SIGNUP=true; 403 otherwise)',
        body: RegisterBody,
        response: { 201: RegisterResponse, 403: MessageBody },
      },
      onRequest: async () => {
        if (!allowSignup) throw new AppError(403, REGISTRATION_DISABLED);
      },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await auth.register(request.body);
      return reply.status(201).send({
        message: 'Registration successful.',
        user: { id: user.id, name: user.name, email: user.email },
        token,
        expires_at: isoTimestamp(expiresAt!)!,
      });
    },
  );

  app.get(
    '/user/me',
    { schema: { tags, operationId: 'getCurrentUser', summary: 'Get current user', response: { 200: CurrentUserResponse } } },
    async (request) => {
      // The token comes from the auth cache; the balance changes with every message, so it is read here.
      const auth = authOf(request);
      const { user, member } = await accounts.getCurrentUser(auth);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        total_balance: microsToUsd(user.balance_micros),
        role: auth.role,
        member: member ? { id: member.id, name: member.name, email: member.email } : null,
        is_operator: auth.operator,
        suspended: auth.suspended,
      };
    },
  );

  app.get(
    '/user/balance/ledger',
    {
      schema: {
        tags,
        operationId: 'listBalanceLedger',
        summary: 'Balance history: every change with its reason, newest first (paginated)',
        querystring: pageQuery(20),
        response: { 200: LengthAwarePage(LedgerEntry) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await accounts.ledgerPage(authOf(request).userId, page, per_page);
      const items = rows.map((row) => ({
        id: row.id,
        amount: microsToUsd(row.amount_micros),
        balance_after: microsToUsd(row.balance_after_micros),
        reason: row.reason,
        created_at: isoTimestamp(row.created_at)!,
      }));
      return lengthAwarePage(items, total, { page, perPage: per_page, path: requestPath(request) });
    },
  );

  app.post(
    '/user/api-keys',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'createApiKey',
        summary: 'Create API key',
        body: CreateApiKeyBody,
        response: { 201: CreateApiKeyResponse },
      },
    },
    async (request, reply) => {
      const key = await apiKeys.create(actorOf(request), request.body.name, request.body.role);
      return reply.status(201).send({
        message: 'API key created successfully.',
        api_key: { id: key.id, name: key.name, token: key.token, role: key.role!, created_at: isoTimestamp(key.created_at)! },
      });
    },
  );

  app.get(
    '/user/api-keys',
    { schema: { tags, operationId: 'listApiKeys', summary: 'List API keys', response: { 200: ApiKeyListResponse } } },
    async (request) => {
      const keys = await apiKeys.list(authOf(request).userId);
      return {
        api_keys: keys.map((k) => ({
          id: k.id,
          name: k.name,
          role: k.role!,
          created_by: k.member_id === null ? null : { id: k.member_id, name: k.member_name!, email: k.member_email! },
          last_used_at: isoTimestamp(k.last_used_at),
          created_at: isoTimestamp(k.created_at)!,
        })),
      };
    },
  );

  app.delete(
    '/user/api-keys/:id',
    {
      config: { notFoundMessage: 'API key not found.' },
      schema: {
        tags,
        summary: 'Delete API key',
        operationId: 'deleteApiKey',
        params: IdParams,
        response: { 200: MessageBody, 404: { ...MessageBody, description: "Unknown or another user's key." } },
      },
    },
    async (request) => {
      await apiKeys.delete(actorOf(request), request.params.id);
      return { message: 'API key deleted successfully.' };
    },
  );
};
