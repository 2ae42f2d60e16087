import { safeReturnPath } from './return-path.js';
import type { Session } from './session.js';

/**
 * Single sign-on comes back to the sign-in page as `/app/sign-in#token=<session token>`: in the
 * fragment, which the browser never sends to a server. The token is taken from there (and the
 * page then removes it from the address); anything else in the fragment is not a token.
 */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^\d{1,10}\|[A-Za-z0-9_-]{16,256}$/.test(token) ? token : null;
}

type ReturnStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const RETURN_KEY = 'switchboard.sign-in-return';

/** The page to come back to is kept in this tab while the provider signs the person in. */
export function rememberReturnPath(path: string | undefined, store: ReturnStore = sessionStorage): void {
  const safe = safeReturnPath(path);
  if (safe) store.setItem(RETURN_KEY, safe);
  else store.removeItem(RETURN_KEY);
}

/** That page, once: only a path of this console. */
export function takeReturnPath(store: ReturnStore = sessionStorage): string | undefined {
  const path = store.getItem(RETURN_KEY);
  store.removeItem(RETURN_KEY);
  return safeReturnPath(path);
}

/** What GET /api/user/me says, as the session a password sign-in would have kept. */
export function sessionOf(
  token: string,
  me: { id: number; name: string; email: string; member: { name: string; email: string } | null },
): Session {
  return { token, expiresAt: null, user: { id: me.id, name: me.member?.name ?? me.name, email: me.member?.email ?? me.email } };
}
