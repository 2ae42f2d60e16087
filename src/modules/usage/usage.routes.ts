import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { MessageBody, ValidationErrorBody, isoTimestamp } from '../../core/http/schemas.js';
import type { UsageService } from './usage.service.js';
import {
  DownloadQuery,
  EXPORT_KINDS,
  ExportLinkBody,
  ExportLinkResponse,
  ExportQuery,
  UsageQuery,
  UsageResponse,
  type ExportKind,
} from './usage.schemas.js';

export interface UsageRoutesOptions {
  usage: UsageService;
}

const tags = ['Usage'];
const validation = { errorShape: 'validation' as const };
const csvResponse = {
  description: 'The CSV file (UTF-8, a header row, CRLF line ends), streamed.',
  content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
};
const WORDS: Record<ExportKind, { operation: string; title: string }> = {
  calls: { operation: 'Calls', title: 'calls' },
  conversations: { operation: 'Conversations', title: 'conversations' },
  ledger: { operation: 'Ledger', title: 'balance ledger rows' },
};

function sendCsv(reply: FastifyReply, csv: { stream: NodeJS.ReadableStream; filename: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .header('cache-control', 'no-store')
    .send(csv.stream);
}

export const usageRoutes: FastifyPluginAsyncTypebox<UsageRoutesOptions> = async (app, { usage }) => {
  app.get(
    '/user/usage',
    {
      config: validation,
      schema: {
        tags,
        operationId: 'getUsage',
        summary: 'Spend and volume per day and per assistant',
        querystring: UsageQuery,
        response: { 200: UsageResponse, 422: ValidationErrorBody },
      },
    },
    async (request) => usage.report(authOf(request).userId, request.query),
  );

  for (const kind of EXPORT_KINDS) {
    const { operation, title } = WORDS[kind];
    app.get(
      `/user/exports/${kind}.csv`,
      {
        config: validation,
        schema: {
          tags,
          operationId: `export${operation}Csv`,
          summary: `Export the ${title} created in a date range as CSV`,
          querystring: ExportQuery,
          response: { 200: csvResponse, 422: ValidationErrorBody },
        },
      },
      async (request, reply) => {
        const onError = (error: Error) => request.log.error({ err: error, kind }, 'a CSV export stopped mid-way');
        return sendCsv(reply, usage.exportCsv(authOf(request).userId, kind, request.query, onError));
      },
    );

    app.post(
      `/user/exports/${kind}.csv/link`,
      {
        config: validation,
        schema: {
          tags,
          operationId: `create${operation}ExportLink`,
          summary: `A one-minute link to the ${title} CSV, for a browser download`,
          body: ExportLinkBody,
          response: { 200: ExportLinkResponse, 422: ValidationErrorBody },
        },
      },
      async (request) => {
        const { token, expiresAt } = usage.exportLink(authOf(request).userId, kind, request.body);
        return { url: `/api/exports/download?token=${token}`, expires_at: isoTimestamp(expiresAt)! };
      },
    );
  }

  app.get(
    '/exports/download',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'downloadExport',
        summary: 'Download an export through its link (no token: the link is the permission)',
        querystring: DownloadQuery,
        response: { 200: csvResponse, 404: { ...MessageBody, description: 'A link that is not valid or has expired.' } },
      },
    },
    async (request, reply) => {
      const onError = (error: Error) => request.log.error({ err: error }, 'a CSV export stopped mid-way');
      return sendCsv(reply, usage.exportByLink(request.query.token, onError));
    },
  );
};
