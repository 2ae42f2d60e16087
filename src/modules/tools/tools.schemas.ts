import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { HttpUrl } from '../../core/http/schemas.js';

const NAME_RULE = 'Tool name must contain only lowercase letters and underscores, and start with a letter.';
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const ToolName = Type.String({
  minLength: 1,
  maxLength: 64,
  // Only the pattern gets the reference's wording; length errors keep the usual messages.
  // The reference's summary words the rule differently from the field's message.
  allOf: [
    {
      pattern: '^[a-z][a-z_]*$',
      errorMessage: NAME_RULE,
      summaryMessage: 'The :attribute field must contain only lowercase letters and underscores, and start with a letter.',
    },
  ],
});

const Header = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" }),
    value: Type.String({ maxLength: 4096 }),
  },
  { additionalProperties: false },
);

const Parameter = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
    type: Type.Unsafe<'string' | 'number' | 'boolean'>({ type: 'string', enum: ['string', 'number', 'boolean'] }),
    description: Type.String({ minLength: 3, maxLength: 255 }),
  },
  { additionalProperties: false },
);

const fields = {
  name: ToolName,
  description: Type.String({ minLength: 1, maxLength: 255 }),
  endpoint: HttpUrl(),
  method: Type.Unsafe<(typeof HTTP_METHODS)[number]>({ type: 'string', enum: HTTP_METHODS }),
  timeout: Type.Integer({ minimum: 1, maximum: 30 }),
  headers: Type.Array(Header, { maxItems: 50 }),
  schema: Type.Array(Parameter, { maxItems: 50 }),
};

export const CreateToolBody = Type.Object(
  {
    name: fields.name,
    description: fields.description,
    endpoint: fields.endpoint,
    method: fields.method,
    timeout: Type.Optional({ ...fields.timeout, default: 10 }),
    headers: Type.Optional({ ...fields.headers, default: [] }),
    schema: Type.Optional({ ...fields.schema, default: [] }),
  },
  { additionalProperties: false },
);
export type CreateToolBody = Static<typeof CreateToolBody>;

export const UpdateToolBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type UpdateToolBody = Static<typeof UpdateToolBody>;

export const ToolRecord = named(
  'Tool',
  Type.Object({
    id: Type.Integer(),
    ...fields,
    name: Type.String(),
    endpoint: Type.String(),
    headers: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), {
      description:
        'Values masked (`sk-1…wxyz`) except content negotiation headers; a viewer gets `••••••` for every value. Sending a masked value back keeps the stored one.',
    }),
    created_at: Type.String(),
    updated_at: Type.String(),
  }),
);

export const ToolEnvelope = Type.Object({ message: Type.String(), data: ToolRecord });
