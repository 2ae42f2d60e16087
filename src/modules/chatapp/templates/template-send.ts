import type { HeaderFormat, TemplateToSend } from '../platform/types.js';
import { ownValue, resolveTemplateValues } from './template-values.js';
import type { TemplateRow } from './templates.repo.js';

type Given = Record<string, string | number>;

/** A header or button value the caller gave, trimmed; '' when none. */
const givenValue = (given: Given, key: string) => {
  const raw = ownValue(given, key);
  return raw === undefined ? '' : String(raw).trim();
};

/**
 * Everything a template send needs from the caller's `variables`: the body's values (by number
 * or name), the header's (`header_1`, or a media header's https link or media id) and each URL
 * button's (`button_<index>`). Returns the keys left without a value when any is missing, so the
 * platform never sees a send it would refuse with #132000.
 */
export function resolveTemplateSend(
  template: Pick<
    TemplateRow,
    'name' | 'language' | 'parameter_format' | 'variables' | 'header_format' | 'header_variables' | 'button_variables'
  >,
  given: Given,
): { toSend: TemplateToSend; bodyValues: string[] } | { missing: string[] } {
  const body = resolveTemplateValues(template.variables, given);
  const missing = 'missing' in body ? [...body.missing] : [];
  for (const key of [...template.header_variables, ...template.button_variables]) if (givenValue(given, key) === '') missing.push(key);
  if (missing.length > 0 || 'missing' in body) return { missing };
  const toSend: TemplateToSend = {
    name: template.name,
    language: template.language,
    parameterFormat: template.parameter_format,
    parameters: template.variables.map((name, i) => ({ name, value: body.values[i]! })),
  };
  const headerKey = template.header_variables[0];
  if (headerKey && template.header_format)
    toSend.header = headerParameter(template.header_format as HeaderFormat, headerKey, givenValue(given, headerKey));
  if (template.button_variables.length > 0) {
    toSend.buttons = template.button_variables.map((key) => ({
      index: Number(key.slice('button_'.length)),
      value: givenValue(given, key),
    }));
  }
  return { toSend, bodyValues: body.values };
}

/** A media header takes a public link or the id of media uploaded to the platform. */
function headerParameter(format: HeaderFormat, key: string, value: string): NonNullable<TemplateToSend['header']> {
  if (format === 'text') return { format, name: key.slice('header_'.length), value };
  return /^https?:\/\//i.test(value) ? { format, link: value } : { format, mediaId: value };
}
