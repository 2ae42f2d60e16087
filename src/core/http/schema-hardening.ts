/**
 * Request schemas are hardened once, when they are compiled, so that no route can forget to:
 *
 * - close its objects: an object schema with `properties` and no `additionalProperties` gets
 *   `additionalProperties: false`, and the validator (`removeAdditional: true`) then drops unknown
 *   keys, as Laravel does. A body can therefore never carry a column the route did not name
 *   (`user_id`, `knowledgebase_id`, ...) into a repository.
 * - bound its integers: every integer without a bound gets PostgreSQL's `integer` range, so an id
 *   such as 2147483648 or 1e21 is a validation error instead of a database error.
 *
 * Objects within an `anyOf`/`oneOf` without a discriminator are left open:
 * with `removeAdditional`, Ajv would strip keys while trying a branch that then fails, and the
 * branch that matches would see a mutilated value.
 */

export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

type Schema = Record<string | symbol, unknown>;

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const SUBSCHEMAS = ['items', 'additionalItems', 'contains', 'not', 'if', 'then', 'else', 'propertyNames'] as const;
const SUBSCHEMA_LISTS = ['allOf', 'prefixItems'] as const;

// The same input always yields the same hardened object: Ajv caches compiled schemas by object
// identity, so a schema shared by many routes (IdParams) compiles once, and a schema carrying an
// `$id` can be compiled again without "schema with key or id already exists".
const hardenedBySchema = new WeakMap<object, unknown>();

export function hardenRequestSchema<T>(schema: T): T {
  if (!isSchema(schema)) return harden(schema, false) as T;
  let hardened = hardenedBySchema.get(schema);
  if (hardened === undefined) {
    hardened = harden(schema, false);
    hardenedBySchema.set(schema, hardened);
  }
  return hardened as T;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function harden(value: unknown, inside: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => harden(item, inside));
  if (!isSchema(value)) return value;
  const schema: Schema = { ...value };

  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) {
    if (schema.maximum === undefined && schema.exclusiveMaximum === undefined) schema.maximum = INT4_MAX;
    if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) schema.minimum = INT4_MIN;
  }
  if (isSchema(schema.properties) && schema.additionalProperties === undefined && !inside) {
    schema.additionalProperties = false;
  }

  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (isSchema(map)) schema[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, harden(sub, inside)]));
  }
  for (const key of SUBSCHEMAS) if (schema[key] !== undefined) schema[key] = harden(schema[key], inside);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) schema[key] = harden(schema[key], inside);
  if (isSchema(schema.additionalProperties)) schema.additionalProperties = harden(schema.additionalProperties, inside);
  const discriminated = schema.discriminator !== undefined;
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map((member) => harden(member, inside || !discriminated));
  }
  return schema;
}
