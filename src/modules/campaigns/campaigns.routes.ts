import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { authOf } from '../../core/http/auth.js';
import { hidesSecrets } from '../../core/http/roles.js';
import { actorOf } from '../../core/http/actor.js';
import { IdParams, MessageBody, isoTimestamp } from '../../core/http/schemas.js';
import type { CampaignsService } from './campaigns.service.js';
import { presentCampaign } from './campaigns.service.js';
import {
  CAMPAIGN_NOT_FOUND,
  CampaignEnvelope,
  CampaignProgress,
  CampaignRecord,
  CreateCampaignBody,
  StatusChangeResponse,
  UpdateCampaignBody,
  UpdateStatusBody,
} from './campaigns.schemas.js';

export interface CampaignsRoutesOptions {
  campaigns: CampaignsService;
}

const tags = ['Campaigns'];
const config = { errorShape: 'validation' as const, notFoundMessage: CAMPAIGN_NOT_FOUND };
const iso = (d: Date) => isoTimestamp(d)!;
const StatusError = Type.Object({ message: Type.String(), success: Type.Literal(false) }, { additionalProperties: true });

/** Campaigns, as the reference's /user/campaign(s) routes. */
export const campaignsRoutes: FastifyPluginAsyncTypebox<CampaignsRoutesOptions> = async (app, { campaigns }) => {
  app.get(
    '/user/campaigns',
    {
      config,
      schema: {
        tags,
        operationId: 'listCampaigns',
        summary: 'List campaigns (a bare array, newest first)',
        response: { 200: Type.Array(CampaignRecord) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return (await campaigns.list(auth.userId)).map((c) => presentCampaign(c, iso, { hideSecrets: hidesSecrets(auth) }));
    },
  );

  for (const [path, operationId] of [
    ['/user/campaign', 'createCampaign'],
    ['/user/campaigns', 'createCampaignPlural'],
  ] as const) {
    app.post(
      path,
      {
        config: { ...config, validationMessage: 'The given data was invalid.' },
        schema: {
          tags,
          operationId,
          summary:
            operationId === 'createCampaign' ? 'Create a campaign (status draft)' : 'Create a campaign (the same as POST /user/campaign)',
          body: CreateCampaignBody,
          response: { 201: CampaignEnvelope, 404: MessageBody },
        },
      },
      async (request, reply) => {
        const campaign = await campaigns.create(authOf(request).userId, request.body);
        return reply.status(201).send({ message: 'Campaign created successfully', data: presentCampaign(campaign, iso) });
      },
    );
  }

  app.get(
    '/user/campaigns/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getCampaign',
        summary: 'Get a campaign',
        params: IdParams,
        response: { 200: Type.Object({ data: CampaignRecord }), 404: MessageBody },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return { data: presentCampaign(await campaigns.get(auth.userId, request.params.id), iso, { hideSecrets: hidesSecrets(auth) }) };
    },
  );

  app.put(
    '/user/campaigns/:id',
    {
      config: { ...config, validationMessage: 'The given data was invalid.' },
      schema: {
        tags,
        operationId: 'updateCampaign',
        summary: 'Update a draft, stopped or paused campaign (fields not sent are kept)',
        params: IdParams,
        body: UpdateCampaignBody,
        response: { 200: CampaignEnvelope, 404: MessageBody, 409: MessageBody },
      },
    },
    async (request) => {
      const campaign = await campaigns.update(authOf(request).userId, request.params.id, request.body);
      return { message: 'Campaign updated successfully', data: presentCampaign(campaign, iso) };
    },
  );

  app.post(
    '/user/campaigns/update-status',
    {
      config: { errorShape: 'validation' },
      schema: {
        tags,
        operationId: 'updateCampaignStatus',
        summary: 'Start or stop a campaign (stop: calls in progress finish, nothing new is dialled)',
        body: UpdateStatusBody,
        response: { 200: StatusChangeResponse, 400: StatusError, 404: StatusError },
      },
    },
    async (request) => {
      const { campaign_id, action } = request.body;
      const { message, status } = await campaigns.changeStatus(authOf(request).userId, campaign_id, action);
      return { message, success: true, data: { campaign_id, status } };
    },
  );

  app.delete(
    '/user/campaign/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteCampaign',
        summary: 'Delete a campaign and its leads (a running one is stopped first)',
        params: IdParams,
        response: { 200: MessageBody, 404: MessageBody },
      },
    },
    async (request) => {
      await campaigns.delete(authOf(request).userId, request.params.id, actorOf(request));
      return { message: 'Campaign deleted successfully' };
    },
  );

  app.get(
    '/user/campaigns/:id/progress',
    {
      config,
      schema: {
        tags,
        operationId: 'getCampaignProgress',
        summary: 'Leads by status, calls in progress and the next dial time',
        params: IdParams,
        response: { 200: CampaignProgress, 404: MessageBody },
      },
    },
    async (request) => campaigns.progress(authOf(request).userId, request.params.id),
  );
};
