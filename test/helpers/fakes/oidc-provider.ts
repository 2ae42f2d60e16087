import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The person signed in at the provider: what the ID token says about them. */
export interface FakeOidcAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface FakeOidcRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The form body of a token request. */
  form: Record<string, string>;
}

/** What the next token response does instead of the right thing. */
export interface TokenTampering {
  /** Claims that replace the ID token's own (a wrong nonce, audience, expiry). */
  claims?: Record<string, unknown>;
  /** Signs the ID token with a key the JWKS does not publish. */
  signWithUnknownKey?: boolean;
  /** Answers this instead of tokens (the provider's error shape, or an outage). */
  answer?: { status: number; body: unknown };
}

interface IssuedCode {
  account: FakeOidcAccount;
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  codeChallenge: string;
  used: boolean;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function signJwt(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${base64url(sign('sha256', Buffer.from(input), key))}`;
}

/**
 * An OpenID Connect provider as a real HTTP server on 127.0.0.1: discovery, a JWKS with one RSA
 * key, an authorization endpoint that signs in whoever `signInAs` named (a person who already
 * has a session there and consents) and redirects back with a code, and a token endpoint that
 * checks the client's HTTP Basic credentials, the code, its redirect_uri and the PKCE verifier
 * before answering an RS256 ID token with the authorization request's nonce. Errors are in the
 * provider's shape: `{"error": "invalid_grant", "error_description": "..."}`. Time comes from
 * `now`, the clock of the app under test.
 */
export async function startFakeOidcProvider(options: { clientId: string; clientSecret: string; now: () => Date }) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = randomBytes(6).toString('hex');
  const requests: FakeOidcRequest[] = [];
  const codes = new Map<string, IssuedCode>();
  let account: FakeOidcAccount | null = null;
  let authorizeError: string | null = null;
  let tampering: TokenTampering | null = null;
  let url = '';

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  });
  const oauthError = (status: number, error: string, description: string, headers: Record<string, string> = {}) =>
    json(status, { error, error_description: description }, headers);

  function authorize(query: Record<string, string>) {
    const redirectUri = query.redirect_uri ?? '';
    const back = new URL(redirectUri);
    if (query.state !== undefined) back.searchParams.set('state', query.state);
    if (query.client_id !== options.clientId || !redirectUri) return json(400, { error: 'invalid_request' });
    const refusal = authorizeError ?? (account ? null : 'login_required');
    if (refusal || query.response_type !== 'code' || query.code_challenge_method !== 'S256' || !query.code_challenge) {
      authorizeError = null;
      back.searchParams.set('error', refusal ?? 'invalid_request');
      return { status: 302, headers: { location: back.href }, body: '' };
    }
    const code = randomBytes(16).toString('base64url');
    codes.set(code, {
      account: account!,
      clientId: query.client_id,
      redirectUri,
      nonce: query.nonce,
      codeChallenge: query.code_challenge,
      used: false,
    });
    back.searchParams.set('code', code);
    back.searchParams.set('iss', url);
    return { status: 302, headers: { location: back.href }, body: '' };
  }

  function token(request: FakeOidcRequest) {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : [];
    if (id !== options.clientId || secret !== options.clientSecret) {
      return oauthError(401, 'invalid_client', 'Client authentication failed.', { 'www-authenticate': 'Basic realm="fake"' });
    }
    const { form } = request;
    if (form.grant_type !== 'authorization_code') return oauthError(400, 'unsupported_grant_type', 'Only authorization_code.');
    const issued = codes.get(form.code ?? '');
    if (!issued || issued.used || issued.clientId !== id)
      return oauthError(400, 'invalid_grant', 'The authorization code is invalid or was used.');
    issued.used = true;
    if (form.redirect_uri !== issued.redirectUri) return oauthError(400, 'invalid_grant', 'redirect_uri does not match.');
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== issued.codeChallenge) return oauthError(400, 'invalid_grant', 'PKCE verification failed.');
    const tamper = tampering;
    tampering = null;
    if (tamper?.answer)
      return { status: tamper.answer.status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(tamper.answer.body) };
    const now = Math.floor(options.now().getTime() / 1000);
    const claims = {
      iss: url,
      sub: issued.account.sub,
      aud: options.clientId,
      iat: now,
      exp: now + 300,
      ...(issued.nonce === undefined ? {} : { nonce: issued.nonce }),
      ...(issued.account.email === undefined ? {} : { email: issued.account.email }),
      ...(issued.account.email_verified === undefined ? {} : { email_verified: issued.account.email_verified }),
      ...(issued.account.name === undefined ? {} : { name: issued.account.name }),
      ...tamper?.claims,
    };
    const idToken = signJwt(claims, tamper?.signWithUnknownKey ? otherKey : privateKey, kid);
    return json(200, { access_token: randomBytes(16).toString('base64url'), token_type: 'Bearer', expires_in: 3600, id_token: idToken });
  }

  function answer(request: FakeOidcRequest) {
    if (request.method === 'GET' && request.path === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        jwks_uri: `${url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        scopes_supported: ['openid', 'email', 'profile'],
        authorization_response_iss_parameter_supported: true,
      });
    }
    if (request.method === 'GET' && request.path === '/jwks') {
      return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    }
    if (request.method === 'GET' && request.path === '/authorize') return authorize(request.query);
    if (request.method === 'POST' && request.path === '/token') return token(request);
    return json(404, { error: 'not_found' });
  }

  const server: Server = createServer((req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://fake');
    const request: FakeOidcRequest = {
      method: req.method ?? '',
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers: req.headers,
      form: {},
    };
    requests.push(request);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      request.form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const { status, headers, body } = answer(request);
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId: options.clientId,
    requests,
    /** Who the authorization endpoint signs in from now on (null: nobody, it answers login_required). */
    signInAs(next: FakeOidcAccount | null) {
      account = next;
    },
    /** The next authorization request is answered with this error (e.g. access_denied). */
    refuseNextAuthorization(error: string) {
      authorizeError = error;
    },
    /** Changes what the next successful token request answers. */
    tamperNextToken(next: TokenTampering) {
      tampering = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeOidcProvider = Awaited<ReturnType<typeof startFakeOidcProvider>>;
