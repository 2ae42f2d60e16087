import type { ErrorObject, ValidateFunction } from 'ajv';

/**
 * Laravel's input semantics for JSON bodies, which clients of the product we replace rely on:
 * its `integer` rule takes `"11"`, `numeric` takes `"0.5"`, and `boolean` takes `0`, `1`, `"0"`,
 * `"1"` (and we also take `"true"`/`"false"`). Ajv's own `coerceTypes` would go much further
 * (`null` -> 0 or "", `""` -> 0, `true` -> 1), and null has a meaning of its own here (remove the
 * value), so bodies are validated without it and only these cases are converted.
 *
 * The schema decides: a value is converted only where Ajv reported that the schema wanted an
 * integer, number or boolean there, so a string field keeps `"11"` as text, a union that already
 * accepts the string is never asked, and every other value keeps its message. After converting,
 * the body is validated again, so bounds (`"0"` for a field with minimum 1) are still checked.
 */

const INTEGER_TEXT = /^[+-]?(0|[1-9]\d*)$/;
// PHP's is_numeric: optional sign, digits with an optional fraction (or a bare fraction), exponent.
const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const BOOLEAN_VALUES = new Map<unknown, boolean>([
  [0, false],
  [1, true],
  ['0', false],
  ['1', true],
  ['false', false],
  ['true', true],
]);
// Each pass can only convert values that failed the previous one; nested unions may need a few.
const MAX_PASSES = 4;

const NO_CHANGE = Symbol('no change');
const wrappers = new WeakMap<ValidateFunction, ValidateFunction>();

/** Converts one value to what a type error says the schema wanted, or NO_CHANGE. */
export function coerceScalar(value: unknown, wanted: readonly string[]): unknown {
  if (typeof value === 'string') {
    if (wanted.includes('integer') && INTEGER_TEXT.test(value)) {
      const parsed = Number(value);
      if (Number.isSafeInteger(parsed)) return parsed;
    }
    if (wanted.includes('number') && NUMERIC_TEXT.test(value)) {
      const parsed = Number(value);
      if (Number.isFinite(parsed)) return parsed;
    }
  }
  if (wanted.includes('boolean') && BOOLEAN_VALUES.has(value)) return BOOLEAN_VALUES.get(value);
  return NO_CHANGE;
}

/**
 * Wraps a compiled body validator: on failure, converts the values whose type errors Laravel
 * would not have raised, and validates again. The wrapper exposes `errors` like Ajv's function.
 */
export function withLaravelScalars(validate: ValidateFunction): ValidateFunction {
  // Ajv returns the same function for a schema it already compiled; so does this.
  const known = wrappers.get(validate);
  if (known) return known;
  const wrapped = ((data: unknown, ...rest: unknown[]) => {
    let valid = (validate as (...args: unknown[]) => boolean)(data, ...rest);
    for (let pass = 0; !valid && pass < MAX_PASSES; pass++) {
      if (!coerceReported(data, validate.errors ?? [])) break;
      valid = (validate as (...args: unknown[]) => boolean)(data, ...rest);
    }
    wrapped.errors = valid ? null : validate.errors;
    return valid;
  }) as ValidateFunction;
  Object.assign(wrapped, { schema: validate.schema, schemaEnv: validate.schemaEnv, errors: null });
  wrappers.set(validate, wrapped);
  return wrapped;
}

/** Applies every convertible type error in place; true when anything changed. */
function coerceReported(root: unknown, errors: ErrorObject[]): boolean {
  let changed = false;
  for (const error of errors) {
    if (error.keyword !== 'type' || error.instancePath === '') continue;
    const wanted = String(error.params.type).split(',');
    const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
    const key = segments.pop()!;
    const parent = segments.reduce<unknown>(
      (node, segment) => (isContainer(node) ? (node as Record<string, unknown>)[segment] : undefined),
      root,
    );
    if (!isContainer(parent) || !Object.hasOwn(parent, key)) continue;
    const container = parent as Record<string, unknown>;
    const converted = coerceScalar(container[key], wanted);
    if (converted === NO_CHANGE) continue;
    container[key] = converted;
    changed = true;
  }
  return changed;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
