/** The console's base path: the router and every redirect live under it. */
export const BASE_PATH = '/app';

/**
 * The page to return to after signing in, as a path inside the console ("/assistants?q=x").
 * Only a path of this console is accepted, so a crafted sign-in link cannot send a person to
 * another site ("//evil.example", "https://...") after they sign in.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (value === '/sign-in' || value.startsWith('/sign-in?')) return undefined;
  return value;
}

/** The current page as a return path, from the browser's address (without the base path). */
export function currentReturnPath(location: { pathname: string; search: string }): string {
  const inside = location.pathname.startsWith(BASE_PATH) ? location.pathname.slice(BASE_PATH.length) : location.pathname;
  return `${inside || '/'}${location.search}`;
}
