import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../core/http/actor.js';
import { LengthAwarePage, lengthAwarePage, requestPath } from '../../core/http/page-pagination.js';
import { IdParams, MessageBody, ValidationErrorBody, isoTimestamp } from '../../core/http/schemas.js';
import { microsToUsd } from '../../core/money.js';
import type { OperatorAccountRow } from './operator.repo.js';
import type { OperatorService } from './operator.service.js';
import {
  AccountEnvelope,
  ChangeBalanceBody,
  ChangeBalanceResponse,
  CreateAccountBody,
  ListAccountsQuery,
  OperatorAccount,
  SuspendBody,
} from './operator.schemas.js';

export interface OperatorRoutesOptions {
  operator: OperatorService;
}

const tags = ['Operator'];
const forbidden = { ...MessageBody, description: 'Not the operator of this server.' };
const notFound = { ...MessageBody, description: 'No such account (or a deleted one).' };
const onAccount = { errorShape: 'validation' as const, notFoundMessage: 'Account not found.' };

function present(row: OperatorAccountRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    balance: microsToUsd(row.balance_micros),
    members_count: row.members_count,
    suspended: row.suspended_at !== null,
    suspended_at: isoTimestamp(row.suspended_at),
    suspension_reason: row.suspension_reason,
    created_at: isoTimestamp(row.created_at)!,
  };
}

/** The server operator's pages: every account, its balance and whether it may use the service. */
export const operatorRoutes: FastifyPluginAsyncTypebox<OperatorRoutesOptions> = async (app, { operator }) => {
  app.get(
    '/operator/accounts',
    {
      schema: {
        tags,
        operationId: 'listOperatorAccounts',
        summary: 'List the accounts of this server (search by name or e-mail; paginated)',
        querystring: ListAccountsQuery,
        response: { 200: LengthAwarePage(OperatorAccount), 403: forbidden },
      },
    },
    async (request) => {
      const { search, page, per_page } = request.query;
      const { rows, total } = await operator.list(search, page, per_page);
      return lengthAwarePage(rows.map(present), total, { page, perPage: per_page, path: requestPath(request) });
    },
  );

  app.post(
    '/operator/accounts',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'createOperatorAccount',
        summary: 'Create an account with its owner (who signs in with the e-mail and password)',
        body: CreateAccountBody,
        response: { 201: AccountEnvelope, 403: forbidden, 422: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const { email, name, password, balance } = request.body;
      const account = await operator.create({ email, name, password, balanceUsd: balance });
      return reply.status(201).send({ message: 'Account created.', account: present(account) });
    },
  );

  app.post(
    '/operator/accounts/:id/balance',
    {
      config: onAccount,
      schema: {
        tags,
        operationId: 'changeOperatorAccountBalance',
        summary: "Credit (or, with a negative amount, debit) an account's balance, with a reason",
        params: IdParams,
        body: ChangeBalanceBody,
        response: { 200: ChangeBalanceResponse, 403: forbidden, 404: notFound, 422: ValidationErrorBody },
      },
    },
    async (request) => {
      const { amount, reason } = request.body;
      const { balanceMicros, entry } = await operator.changeBalance(actorOf(request), request.params.id, { amountUsd: amount, reason });
      return {
        message: amount > 0 ? 'Balance credited.' : 'Balance debited.',
        balance: microsToUsd(balanceMicros),
        ledger_entry: {
          id: entry.id,
          amount: microsToUsd(entry.amount_micros),
          balance_after: microsToUsd(entry.balance_after_micros),
          reason: entry.reason,
          created_at: isoTimestamp(entry.created_at)!,
        },
      };
    },
  );

  app.post(
    '/operator/accounts/:id/suspend',
    {
      config: onAccount,
      schema: {
        tags,
        operationId: 'suspendOperatorAccount',
        summary: 'Suspend an account: its keys and sessions are refused at once, its widgets and numbers stop answering',
        params: IdParams,
        body: SuspendBody,
        response: {
          200: AccountEnvelope,
          403: forbidden,
          404: notFound,
          409: { ...MessageBody, description: 'Already suspended.' },
          422: { ...ValidationErrorBody, description: "No reason, or the operator's own account." },
        },
      },
    },
    async (request) => {
      const account = await operator.suspend(actorOf(request), request.params.id, request.body);
      return { message: 'Account suspended.', account: present(account) };
    },
  );

  app.post(
    '/operator/accounts/:id/restore',
    {
      config: onAccount,
      schema: {
        tags,
        operationId: 'restoreOperatorAccount',
        summary: 'Restore a suspended account',
        params: IdParams,
        response: { 200: AccountEnvelope, 403: forbidden, 404: notFound, 409: { ...MessageBody, description: 'Not suspended.' } },
      },
    },
    async (request) => {
      const account = await operator.restore(actorOf(request), request.params.id);
      return { message: 'Account restored.', account: present(account) };
    },
  );
};
