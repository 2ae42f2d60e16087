import { Type, type Static } from '@sinclair/typebox';
import { ConversationErrorBody, Nullable } from '../../../../core/http/schemas.js';
import { Variables } from '../../../../core/http/schemas.js';

export const CreateWebCallBody = Type.Object({
  assistant_id: Type.String({ format: 'uuid', description: "The assistant's UUID." }),
  variables: Type.Optional(Nullable(Variables)),
});
export type CreateWebCallBody = Static<typeof CreateWebCallBody>;

export const CreateWebCallResponse = Type.Object({
  call_id: Type.Integer({ description: 'The call record (GET /api/user/calls/{id} for its owner).' }),
  websocket_url: Type.String({ description: 'Open within expires_at; the token in it works once.' }),
  expires_at: Type.String({ description: 'ISO 8601; the socket must be opened before this.' }),
});

export const WebCallErrors = {
  400: { ...ConversationErrorBody, description: "Insufficient balance for the call's first minute." },
  403: {
    ...ConversationErrorBody,
    description:
      "The page's origin is not allowed, the assistant is not active (public calls only; the owner's test calls are allowed), or the token is a viewer's (a test call needs an editor or higher).",
  },
  404: { ...ConversationErrorBody, description: 'Assistant not found.' },
  429: {
    ...ConversationErrorBody,
    description:
      "Public calls only: the widget's starts per client network per hour, the assistant's daily widget budget (DAILY_BUDGET_SPENT, until the next UTC day), or the calls in progress per assistant or per network (WEB_CALLS_MAX_*). Retry-After gives the seconds to wait.",
  },
  503: {
    ...ConversationErrorBody,
    description: "This server lacks a speech provider the assistant's mode needs (the owner is told which key to set).",
  },
} as const;

export const CallPageParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
