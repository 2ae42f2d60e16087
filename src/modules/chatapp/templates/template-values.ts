import type { MediaKind } from '../platform/types.js';

/**
 * A send's `variables` by key: a list of values is positional (the first fills {{1}}), as the
 * reference's Laravel `array` rule takes a list as well as an object.
 */
export function keyedTemplateValues(
  given: Record<string, string | number> | Array<string | number> | undefined,
): Record<string, string | number> {
  if (!Array.isArray(given)) return given ?? {};
  return Object.fromEntries(given.map((value, index) => [String(index + 1), value]));
}

/**
 * The value of each placeholder, in order, from what the caller sent: by placeholder number
 * ("1") or by the template's variable name ("customer_name"). Returns the names left without a
 * value when any is missing; unknown keys are ignored.
 */
export function resolveTemplateValues(
  variables: string[],
  given: Record<string, string | number>,
): { values: string[] } | { missing: string[] } {
  const values: string[] = [];
  const missing: string[] = [];
  variables.forEach((name, index) => {
    // Own keys only: a template variable named `constructor` must not find Object.prototype's.
    const raw = ownValue(given, String(index + 1)) ?? ownValue(given, name);
    const value = raw === undefined ? '' : String(raw).trim();
    if (value === '') missing.push(name);
    values.push(value);
  });
  return missing.length > 0 ? { missing } : { values };
}

/** What the caller gave under `key`: own keys only, so `constructor` or `toString` is not a value. */
export const ownValue = (given: Record<string, string | number>, key: string) => (Object.hasOwn(given, key) ? given[key] : undefined);

const MEDIA_EXTENSIONS: Array<[MediaKind, RegExp]> = [
  ['image', /\.(jpe?g|png|webp)$/i],
  ['audio', /\.(mp3|ogg|opus|aac|amr|m4a)$/i],
  ['video', /\.(mp4|3gp)$/i],
];

/** The platform sends media by kind; the file name (or the URL's path) tells which. Anything else goes as a document. */
export function mediaKindOf(url: string, filename?: string): MediaKind {
  let path = filename ?? '';
  if (!path) {
    try {
      path = new URL(url).pathname;
    } catch {
      path = url;
    }
  }
  return MEDIA_EXTENSIONS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'document';
}

const MEDIA_LABELS: Record<MediaKind, string> = { image: '[Image]', audio: '[Audio]', video: '[Video]', document: '[Document]' };

/** What a media message reads like in the conversation record, as the reference's transcripts show it. */
export function mediaBody(kind: MediaKind, caption: string | undefined): string {
  return caption && kind !== 'audio' ? `${MEDIA_LABELS[kind]} ${caption}` : MEDIA_LABELS[kind];
}
