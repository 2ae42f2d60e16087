import type { HeaderFormat, PlatformTemplate } from './types.js';

/**
 * Graph template statuses folded into the three of spec 2.3. A paused or rate-limited template
 * may come back, so it is pending; a disabled or locked one will not, so it is rejected;
 * deleted and archived ones are dropped (null).
 */
const STATUS_MAP: Record<string, PlatformTemplate['status']> = {
  APPROVED: 'approved',
  REINSTATED: 'approved',
  PENDING: 'pending',
  IN_APPEAL: 'pending',
  PAUSED: 'pending',
  LIMIT_EXCEEDED: 'pending',
  REJECTED: 'rejected',
  DISABLED: 'rejected',
  LOCKED: 'rejected',
  DELETED: null,
  ARCHIVED: null,
  PENDING_DELETION: null,
};

/** The template's status after a platform status or event word; undefined when the word says nothing about it. */
export function templateStatusFromPlatform(word: unknown): PlatformTemplate['status'] | undefined {
  if (typeof word !== 'string') return undefined;
  const key = word.toUpperCase();
  return key in STATUS_MAP ? STATUS_MAP[key] : undefined;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * Spec 2.3 writes placeholders {{1}}, {{2}} with one human-readable name per placeholder. A named
 * template ({{first_name}}) is rewritten to that form with its names as the variables; a
 * positional one keeps its text, and its variables are the placeholder numbers, which are also
 * the keys a caller sends values under.
 */
export function describeBody(body: string, format: 'positional' | 'named'): { bodyText: string; variables: string[] } {
  if (format === 'named') {
    const names: string[] = [];
    const bodyText = body.replace(PLACEHOLDER, (_match, name: string) => {
      let index = names.indexOf(name);
      if (index === -1) index = names.push(name) - 1;
      return `{{${index + 1}}}`;
    });
    return { bodyText, variables: names };
  }
  let highest = 0;
  for (const match of body.matchAll(PLACEHOLDER)) {
    const n = Number(match[1]);
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return { bodyText: body, variables: Array.from({ length: highest }, (_, i) => String(i + 1)) };
}

interface GraphComponent {
  type?: unknown;
  text?: unknown;
  format?: unknown;
  buttons?: unknown;
}

const MEDIA_HEADERS = new Set(['image', 'video', 'document']);

/**
 * What a header needs at send time: a media header always its media; a text header one value
 * per placeholder (the platform allows one). Location and plain text headers need nothing.
 */
export function describeHeader(
  header: GraphComponent | undefined,
  format: 'positional' | 'named',
): { headerFormat: HeaderFormat | null; headerVariables: string[] } {
  const kind = typeof header?.format === 'string' ? header.format.toLowerCase() : 'text';
  if (!header) return { headerFormat: null, headerVariables: [] };
  if (MEDIA_HEADERS.has(kind)) return { headerFormat: kind as HeaderFormat, headerVariables: [`header_${kind}`] };
  if (kind !== 'text' || typeof header.text !== 'string') return { headerFormat: null, headerVariables: [] };
  const names = [...header.text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length === 0) return { headerFormat: null, headerVariables: [] };
  return { headerFormat: 'text', headerVariables: [format === 'named' ? `header_${names[0]}` : 'header_1'] };
}

/** `button_<index>` for each URL button whose link ends in a placeholder. */
export function describeButtons(component: GraphComponent | undefined): string[] {
  const buttons = Array.isArray(component?.buttons) ? (component.buttons as Array<{ type?: unknown; url?: unknown }>) : [];
  return buttons.flatMap((b, index) =>
    typeof b?.type === 'string' && b.type.toUpperCase() === 'URL' && typeof b.url === 'string' && /\{\{\s*[A-Za-z0-9_]+\s*\}\}/.test(b.url)
      ? [`button_${index}`]
      : [],
  );
}

/** One element of `GET /{WABA-ID}/message_templates`; null when it lacks what a template needs. */
export function parseGraphTemplate(raw: unknown): PlatformTemplate | null {
  if (!raw || typeof raw !== 'object') return null;
  const t = raw as Record<string, unknown>;
  if ((typeof t.id !== 'string' && typeof t.id !== 'number') || typeof t.name !== 'string') return null;
  const components = Array.isArray(t.components) ? (t.components as GraphComponent[]) : [];
  const typeOf = (c: GraphComponent) => (typeof c?.type === 'string' ? c.type.toUpperCase() : '');
  const body = components.find((c) => typeOf(c) === 'BODY');
  const format = typeof t.parameter_format === 'string' && t.parameter_format.toUpperCase() === 'NAMED' ? 'named' : 'positional';
  const { bodyText, variables } = describeBody(typeof body?.text === 'string' ? body.text : '', format);
  const status = templateStatusFromPlatform(t.status);
  return {
    platformId: String(t.id),
    name: t.name,
    language: typeof t.language === 'string' ? t.language : 'en',
    category: typeof t.category === 'string' ? t.category.toLowerCase() : 'utility',
    status: status === undefined ? 'pending' : status,
    bodyText,
    variables,
    parameterFormat: format,
    isCallPermission: components.some((c) => typeOf(c) === 'CALL_PERMISSION_REQUEST'),
    ...describeHeader(
      components.find((c) => typeOf(c) === 'HEADER'),
      format,
    ),
    buttonVariables: describeButtons(components.find((c) => typeOf(c) === 'BUTTONS')),
  };
}

/** The body with each {{n}} replaced by its value: what the customer reads, kept in the conversation. */
export function renderBody(bodyText: string, values: string[]): string {
  return bodyText.replace(/\{\{\s*(\d+)\s*\}\}/g, (match, n: string) => values[Number(n) - 1] ?? match);
}
