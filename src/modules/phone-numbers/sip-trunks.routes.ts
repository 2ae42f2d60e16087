import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import { IdParams, isoTimestamp } from '../../core/http/schemas.js';
import { TYPE_LABELS } from './phone-numbers.schemas.js';
import type { SipTrunkRow } from './sip-trunks.repo.js';
import type { SipTrunksService } from './sip-trunks.service.js';
import { CreateSipTrunkBody, SipTrunkData, SipTrunkError, SipTrunkList, SipTrunkSaved, UpdateSipTrunkBody } from './sip-trunks.schemas.js';

export interface SipTrunksRoutesOptions {
  sipTrunks: SipTrunksService;
}

const tags = ['Phone numbers'];
const config = { errorShape: 'validation' as const, notFoundMessage: 'SIP trunk not found.' };
const described = (description: string) => ({ ...SipTrunkError, description });

/** A trunk as the API shows it: never its password. */
export function presentSipTrunk(row: SipTrunkRow) {
  return {
    id: row.id,
    phone_number: row.phone_number,
    nickname: row.nickname,
    country_code: row.country_code,
    type: 'sip' as const,
    type_label: TYPE_LABELS.sip,
    sip_trunk_type: row.sip_trunk_type,
    sip_username: row.sip_username,
    has_sip_password: row.sip_password_sealed !== null,
    sip_address: row.sip_address,
    sip_calling_format: row.sip_calling_format,
    inbound_authorization_type: row.inbound_authorization_type,
    allowed_inbound_ips: row.allowed_inbound_ips,
    outbound_proxy: row.outbound_proxy,
    inbound_sip_domain: row.inbound_address,
    created_at: isoTimestamp(row.created_at)!,
    updated_at: isoTimestamp(row.updated_at)!,
  };
}

const saveErrors = {
  409: described('A SIP trunk with the same phone number, username and address exists, or another change of it is under way.'),
  422: described("A field failed validation, or Twilio refused the trunk's settings (its words in carrier_error)."),
  502: described('Twilio could not be reached; nothing was changed.'),
  503: described('This server has no Twilio account and PUBLIC_URL set up for SIP trunks.'),
};

/** The reference's SIP trunk routes; a trunk is deleted through DELETE /user/phone-numbers/{id}. */
export const sipTrunksRoutes: FastifyPluginAsyncTypebox<SipTrunksRoutesOptions> = async (app, { sipTrunks }) => {
  app.get(
    '/user/phone-numbers/sip-trunks',
    { config, schema: { tags, operationId: 'listSipTrunks', summary: "The account's SIP trunks", response: { 200: SipTrunkList } } },
    async (request) => ({ data: (await sipTrunks.list(authOf(request).userId)).map(presentSipTrunk) }),
  );

  app.get(
    '/user/phone-numbers/sip-trunks/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getSipTrunk',
        summary: 'One SIP trunk',
        params: IdParams,
        response: { 200: SipTrunkData, 404: described('No such trunk of this account.') },
      },
    },
    async (request) => ({ data: presentSipTrunk(await sipTrunks.get(authOf(request).userId, request.params.id)) }),
  );

  app.post(
    '/user/phone-numbers/sip-trunks',
    {
      config,
      schema: {
        tags,
        operationId: 'createSipTrunk',
        summary: "Bring a carrier's number or a PBX extension: calls out dial through the trunk, calls in reach the number's assistant",
        body: CreateSipTrunkBody,
        response: { 201: SipTrunkSaved, ...saveErrors },
      },
    },
    async (request, reply) => {
      const row = await sipTrunks.create(authOf(request).userId, request.body);
      return reply.status(201).send({ message: 'SIP trunk created successfully.', data: presentSipTrunk(row) });
    },
  );

  app.put(
    '/user/phone-numbers/sip-trunks/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateSipTrunk',
        summary: "Change a SIP trunk's fields (those left out keep their values)",
        params: IdParams,
        body: UpdateSipTrunkBody,
        response: { 200: SipTrunkSaved, 404: described('No such trunk of this account.'), ...saveErrors },
      },
    },
    async (request) => {
      const row = await sipTrunks.update(authOf(request).userId, request.params.id, request.body);
      return { message: 'SIP trunk updated successfully.', data: presentSipTrunk(row) };
    },
  );
};
