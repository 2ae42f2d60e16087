import { Type, type Static } from '@sinclair/typebox';
import { ConversationErrorBody } from '../../core/http/schemas.js';

export const WidgetParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) });

/** What the embedded script needs to draw itself; nothing else of the assistant is public. */
export const WidgetConfigResponse = Type.Object({
  status: Type.Literal(true),
  assistant_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  /** ISO 639-1 code of the assistant's language; the widget picks its strings by it. */
  language: Type.String(),
  /** The first bubble: widget_settings.greeting, else the assistant's initial message. */
  greeting: Type.String(),
  settings: Type.Object({
    title: Type.String(),
    subtitle: Type.Union([Type.String(), Type.Null()]),
    avatar_url: Type.Union([Type.String(), Type.Null()]),
    primary_color: Type.String(),
    position: Type.String(),
    launcher_text: Type.Union([Type.String(), Type.Null()]),
  }),
  /** Browser calls: enabled when this server has the speech providers the assistant's mode needs. */
  call: Type.Object({ enabled: Type.Boolean() }),
});
export type WidgetConfig = Static<typeof WidgetConfigResponse>;

/** The visitor's cached config is current (If-None-Match); no body. */
export const NotModified = Type.Null({ description: 'Not modified' });

export const WidgetErrors = { 403: ConversationErrorBody, 404: ConversationErrorBody } as const;
