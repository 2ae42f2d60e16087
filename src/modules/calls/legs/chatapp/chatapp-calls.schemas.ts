import { Type, type Static } from '@sinclair/typebox';

/** Reference "Place a WhatsApp call": at most 20 variables, string values up to 500 characters. */
export const PlaceChatappCallBody = Type.Object(
  {
    sender_id: Type.Integer({ minimum: 1 }),
    recipient_phone: Type.String({ minLength: 1, maxLength: 32, description: 'The customer, E.164.' }),
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 500 }), { maxProperties: 20 })),
  },
  { additionalProperties: false },
);
export type PlaceChatappCallBody = Static<typeof PlaceChatappCallBody>;

export const PlaceChatappCallResponse = Type.Object({
  success: Type.Literal(true),
  status: Type.Literal('queued'),
  sender_id: Type.Integer(),
  customer_phone: Type.String(),
});
