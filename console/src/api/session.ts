/**
 * Where the console keeps its session token: sessionStorage of the console's own origin.
 *
 * The API authenticates only with `Authorization: Bearer` (no cookies), so the token has to be
 * readable by the console's script. sessionStorage is readable only by scripts of this origin
 * (a page on another origin cannot read it, and nothing sends it along automatically, so there is
 * no cross-site request forgery); the Content-Security-Policy on /app allows scripts from this
 * origin only (no inline or injected script), which is what keeps a script that got into a page
 * from running here. sessionStorage also ends with the tab, unlike localStorage.
 * An HttpOnly cookie would hide the token from our own script too, but the API would then need
 * cookie authentication and CSRF protection on every route: a second way in, for one client.
 */
const KEY = 'switchboard.session';

export interface Session {
  token: string;
  /** Null after single sign-on, whose redirect carries only the token; the server decides anyway. */
  expiresAt: string | null;
  user: { id: number; name: string; email: string };
}

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

export function readSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    // Expiry is the server's to decide (its clock, not this computer's): a 401 ends the session.
    return JSON.parse(raw) as Session;
  } catch {
    return null;
  }
}

export function saveSession(session: Session): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
  for (const listener of listeners) listener(session);
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener(null);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
