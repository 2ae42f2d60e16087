import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../core/http/auth.js';
import type { NumberPurchasesService } from './number-purchases.service.js';
import {
  AvailableNumberList,
  PhoneNumberPurchased,
  PurchaseNumberBody,
  PurchaseRefused,
  SearchNumbersQuery,
} from './number-purchases.schemas.js';
import { presentPhoneNumber } from './phone-numbers.routes.js';

export interface NumberPurchasesRoutesOptions {
  purchases: NumberPurchasesService;
}

const tags = ['Phone numbers'];
const config = { errorShape: 'validation' as const };
const described = (description: string) => ({ ...PurchaseRefused, description });

/** Numbers for sale on the service's Twilio account, and buying one (paid monthly from the balance). */
export const numberPurchasesRoutes: FastifyPluginAsyncTypebox<NumberPurchasesRoutesOptions> = async (app, { purchases }) => {
  app.get(
    '/user/phone-numbers/search',
    {
      config,
      schema: {
        tags,
        operationId: 'searchPhoneNumbers',
        summary: "Numbers for sale (Twilio's AvailablePhoneNumbers) with our monthly price",
        querystring: SearchNumbersQuery,
        response: {
          200: AvailableNumberList,
          422: described('A bad filter, or one Twilio refused (its words in carrier_error).'),
          502: described('Twilio could not be reached.'),
          503: described('This server has no Twilio account set up to buy numbers.'),
        },
      },
    },
    async (request) => ({ data: await purchases.search(request.query) }),
  );

  app.post(
    '/user/phone-numbers/purchase',
    {
      config,
      schema: {
        tags,
        operationId: 'purchasePhoneNumber',
        summary: 'Buy a number: its first month is taken from the balance, then one each month',
        body: PurchaseNumberBody,
        response: {
          201: PhoneNumberPurchased,
          400: described('In use, not for sale, or refused by Twilio (an address or regulatory bundle it requires: carrier_error).'),
          402: described('The balance cannot pay the first month.'),
          422: described('Not a phone number.'),
          502: described('Twilio could not be reached; nothing is charged once the purchase is settled.'),
          503: described('This server has no Twilio account set up to buy numbers.'),
        },
      },
    },
    async (request, reply) => {
      const row = await purchases.purchase(authOf(request).userId, request.body);
      return reply.status(201).send({ message: 'Phone number purchased successfully.', data: presentPhoneNumber(row) });
    },
  );
};
