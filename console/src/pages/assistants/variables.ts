/** One variable as the form holds it: the value as typed, with what the API held, to keep its type. */
export interface VariableRow {
  name: string;
  value: string;
  original?: string | number | boolean;
}

type Variables = Record<string, string | number | boolean>;

/** The names {{name}} in the greeting and instructions can use, as the server fills them in. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function variableRows(variables: Variables | null | undefined): VariableRow[] {
  return Object.entries(variables ?? {}).map(([name, value]) => ({ name, value: String(value), original: value }));
}

/**
 * The rows as the API's object: a value left as it was keeps its number or yes/no type (set
 * through the API), a typed one is text; rows with neither name nor value are left out.
 */
export function variablesRequest(rows: VariableRow[]): Variables {
  const variables: Variables = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (!name && !row.value) continue;
    variables[name] = row.original !== undefined && String(row.original) === row.value ? row.original : row.value;
  }
  return variables;
}

/** Per row, what is wrong with its name (keyed "variables.0.name", as the form names fields). */
export function variableErrors(rows: VariableRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (!name && !row.value) return;
    if (!NAME.test(name)) errors[`variables.${index}.name`] = 'Letters, digits and _, not starting with a digit, e.g. shop_hours.';
    else if (seen.has(name)) errors[`variables.${index}.name`] = 'Another variable has this name.';
    seen.add(name);
  });
  return errors;
}
