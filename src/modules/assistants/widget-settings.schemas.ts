import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../core/http/schemas.js';

/**
 * The website chat widget's look and the origins allowed to embed it (`widget_settings`, a field
 * the reference lists without a shape). Every key is optional on input; the stored value is the
 * complete object, defaults filled in, so the widget and a read always see every key.
 */

// One DNS label: letters, digits and inner hyphens, at most 63 characters.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// `scheme://host[:port]`, no path; a wildcard stands for one or more labels in front of a
// name of at least two labels, so `https://*.com` cannot allow a whole top-level domain.
export const ORIGIN_PATTERN = `^https?://(?:\\*\\.${LABEL}(?:\\.${LABEL})+|${LABEL}(?:\\.${LABEL})*)(?::[0-9]{1,5})?$`;

const Origin = Type.String({
  maxLength: 255,
  pattern: ORIGIN_PATTERN,
  errorMessage: 'The :attribute must be an origin such as https://shop.example.com or https://*.example.com.',
});

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left'] as const;

export const WidgetSettingsInput = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 80 }))),
    subtitle: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 120 }))),
    // Shown by the visitor's browser as an <img>; the service never fetches it.
    avatar_url: Type.Optional(
      Nullable(
        Type.String({
          format: 'uri',
          pattern: '^https?://',
          maxLength: 2048,
          errorMessage: 'The :attribute field must be a valid http(s) URL.',
        }),
      ),
    ),
    primary_color: Type.Optional(
      Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', errorMessage: 'The :attribute must be a hex colour such as #2563eb.' }),
    ),
    position: Type.Optional(Type.Unsafe<(typeof WIDGET_POSITIONS)[number]>({ type: 'string', enum: WIDGET_POSITIONS })),
    launcher_text: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40 }))),
    greeting: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
    allowed_origins: Type.Optional(Type.Array(Origin, { maxItems: 50, uniqueItems: true })),
  },
  { additionalProperties: false },
);

export type WidgetSettingsPatch = Static<typeof WidgetSettingsInput>;
export type WidgetSettings = Required<WidgetSettingsPatch>;

export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = {
  title: null,
  subtitle: null,
  avatar_url: null,
  primary_color: '#2563eb',
  position: 'bottom-right',
  launcher_text: null,
  greeting: null,
  // Empty: any origin may embed the assistant (documented as unsafe for production).
  allowed_origins: [],
};

/** The complete settings from a partial (or null, which resets them); origins lower-cased. */
export function normalizeWidgetSettings(value: WidgetSettingsPatch | null | undefined): WidgetSettings {
  const merged = { ...DEFAULT_WIDGET_SETTINGS, ...(value ?? {}) };
  // Scheme and host are case-insensitive, and browsers send them lower-case.
  const origins = [...new Set(merged.allowed_origins.map((origin) => origin.toLowerCase()))];
  return {
    title: merged.title,
    subtitle: merged.subtitle,
    avatar_url: merged.avatar_url,
    primary_color: merged.primary_color.toLowerCase(),
    position: merged.position,
    launcher_text: merged.launcher_text,
    greeting: merged.greeting,
    allowed_origins: origins,
  };
}
