import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../core/http/auth.js';
import { actorOf } from '../../core/http/actor.js';
import { LengthAwarePage, lengthAwarePage, requestPath } from '../../core/http/page-pagination.js';
import { IdParams, MessageBody } from '../../core/http/schemas.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../core/db/database.js';
import type { DoNotCallService } from './do-not-call.service.js';
import { importLeads } from './lead-import.js';
import type { LeadsService } from './leads.service.js';
import {
  CreateLeadBody,
  DoNotCallBody,
  DoNotCallEntry,
  DoNotCallImportBody,
  ImportLeadsBody,
  ImportReport,
  LEAD_NOT_FOUND,
  LeadRecord,
  LeadWithAttempts,
  ListLeadsQuery,
  UpdateLeadBody,
} from './leads.schemas.js';

export interface LeadsRoutesOptions {
  leads: LeadsService;
  doNotCall: DoNotCallService;
  importDeps: { db: Db; clock: Clock };
}

const tags = ['Leads'];
const config = { errorShape: 'validation' as const, notFoundMessage: LEAD_NOT_FOUND };
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Leads, as the reference's /user/lead(s) routes, their bulk import and the do-not-call list. */
export const leadsRoutes: FastifyPluginAsyncTypebox<LeadsRoutesOptions> = async (app, { leads, doNotCall, importDeps }) => {
  app.post(
    '/user/lead',
    {
      config,
      schema: {
        tags,
        operationId: 'createLead',
        summary: 'Add a lead to a campaign',
        body: CreateLeadBody,
        response: { 200: Type.Object({ message: Type.String(), data: LeadRecord }), 404: MessageBody },
      },
    },
    async (request) => ({ message: 'Lead created successfully', data: await leads.create(authOf(request).userId, request.body) }),
  );

  app.get(
    '/user/leads',
    {
      config,
      schema: {
        tags,
        operationId: 'listLeads',
        summary: 'List leads (newest first, page-paginated)',
        querystring: ListLeadsQuery,
        response: { 200: LengthAwarePage(LeadRecord) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await leads.list(authOf(request).userId, request.query);
      return lengthAwarePage(await leads.present(items), total, { page, perPage: per_page, path: requestPath(request) });
    },
  );

  app.get(
    '/user/leads/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getLead',
        summary: 'Get a lead with the outcome of each attempt',
        params: IdParams,
        response: { 200: LeadWithAttempts, 404: MessageBody },
      },
    },
    async (request) => ({ data: await leads.get(authOf(request).userId, request.params.id) }),
  );

  app.put(
    '/user/leads/:id',
    {
      config: { ...config, validationMessage: 'Validation failed' },
      schema: {
        tags,
        operationId: 'updateLead',
        summary: 'Update a lead (variables are merged)',
        params: IdParams,
        body: UpdateLeadBody,
        response: { 200: MessageBody, 400: MessageBody, 404: MessageBody },
      },
    },
    async (request) => {
      await leads.update(authOf(request).userId, request.params.id, request.body);
      return { message: 'Lead updated successfully' };
    },
  );

  app.delete(
    '/user/leads/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteLead',
        summary: 'Delete a lead',
        params: IdParams,
        response: { 200: MessageBody, 404: MessageBody },
      },
    },
    async (request) => {
      await leads.delete(authOf(request).userId, request.params.id, actorOf(request));
      return { message: 'Lead deleted successfully' };
    },
  );

  app.post(
    '/user/leads/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { errorShape: 'validation', notFoundMessage: 'Campaign not found' },
      schema: {
        tags,
        operationId: 'importLeads',
        summary: 'Import up to 50,000 leads from CSV or JSON: a report of rows imported, duplicates and rejected rows',
        body: ImportLeadsBody,
        response: { 200: ImportReport, 404: MessageBody },
      },
    },
    async (request) => importLeads(importDeps, authOf(request).userId, request.body),
  );

  const dncTags = ['Do-not-call list'];
  app.get(
    '/user/do-not-call',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags: dncTags,
        operationId: 'listDoNotCall',
        summary: "The account's do-not-call list (newest first, page-paginated)",
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, default: 1 }),
          per_page: Type.Integer({ minimum: 1, maximum: 100, default: 15 }),
        }),
        response: { 200: LengthAwarePage(DoNotCallEntry) },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { items, total } = await doNotCall.list(authOf(request).userId, page, per_page);
      return lengthAwarePage(items, total, { page, perPage: per_page, path: requestPath(request) });
    },
  );

  app.post(
    '/user/do-not-call',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags: dncTags,
        operationId: 'addDoNotCall',
        summary: 'Add a number to the do-not-call list: no campaign dials it again',
        body: DoNotCallBody,
        response: { 200: MessageBody, 201: MessageBody },
      },
    },
    async (request, reply) => {
      const { created } = await doNotCall.add(authOf(request).userId, request.body);
      return reply
        .status(created ? 201 : 200)
        .send({ message: created ? 'Number added to the do-not-call list' : 'Number already on the do-not-call list' });
    },
  );

  app.post(
    '/user/do-not-call/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { errorShape: 'validation' },
      schema: {
        tags: dncTags,
        operationId: 'importDoNotCall',
        summary: 'Add many numbers to the do-not-call list (a list or a CSV with a phone_number column)',
        body: DoNotCallImportBody,
        response: {
          200: Type.Object({
            message: Type.String(),
            total_rows: Type.Integer(),
            added: Type.Integer(),
            already_listed: Type.Integer(),
            rejected: ImportReport.properties.rejected,
          }),
        },
      },
    },
    async (request) => doNotCall.import(authOf(request).userId, request.body),
  );

  app.delete(
    '/user/do-not-call/:phone_number',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags: dncTags,
        operationId: 'removeDoNotCall',
        summary: 'Take a number off the do-not-call list',
        params: Type.Object({ phone_number: Type.String({ maxLength: 32 }) }),
        response: { 200: MessageBody, 404: MessageBody },
      },
    },
    async (request) => {
      await doNotCall.remove(authOf(request).userId, request.params.phone_number);
      return { message: 'Number removed from the do-not-call list' };
    },
  );
};
