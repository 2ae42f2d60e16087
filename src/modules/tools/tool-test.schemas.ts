import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../core/http/openapi-components.js';
import { Nullable } from '../../core/http/schemas.js';

const Headers = Type.Record(Type.String(), Type.String(), {
  description: 'Lower-case names. Values of headers that may carry a credential are masked (sk_l…7890).',
});

export const TestToolBody = Type.Object(
  {
    arguments: Type.Optional(
      Type.Unsafe<Record<string, string | number | boolean>>({
        type: 'object',
        maxProperties: 50,
        additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 2000 },
        description: 'A value for each of the tool’s parameters, as the assistant would give them.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type TestToolBody = Static<typeof TestToolBody>;

export const ToolTestResult = named(
  'ToolTestResult',
  Type.Object({
    request: Type.Object({
      method: Type.String(),
      url: Type.String({ description: 'With the arguments as the query string for GET and DELETE; a password in it is masked.' }),
      headers: Headers,
      body: Nullable(Type.String({ description: 'The JSON sent for POST, PUT and PATCH.' })),
    }),
    response: Nullable(
      Type.Object(
        {
          status: Type.Integer(),
          headers: Type.Record(Type.String(), Type.String()),
          body: Type.String({ description: 'As text, at most 64 KB; the tool’s secret header values are masked wherever they appear.' }),
          body_truncated: Type.Boolean(),
        },
        { description: 'null when no answer came (see error).' },
      ),
    ),
    error: Nullable(
      Type.Object(
        {
          code: Type.String({ description: 'FORBIDDEN_ADDRESS, INVALID_URL, DNS_FAILED, TIMEOUT, TOO_MANY_REDIRECTS or NETWORK.' }),
          message: Type.String(),
        },
        { description: 'Why no answer came: the URL was refused, or the endpoint could not be reached in time.' },
      ),
    ),
    duration_ms: Type.Integer({ description: 'From sending the request to the end of the answer.' }),
    function_result: Type.Record(Type.String(), Type.Unknown(), {
      description: 'What the assistant would be given: the answer as an object, or {"error": "..."} in words.',
    }),
  }),
);
