import * as openid from 'openid-client';
import type { Clock } from '../../core/clock.js';

/** What the provider's ID token says about the person who signed in. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Why talking to the provider failed: it could not be reached or answered nonsense
 * (`unreachable`), it refused the request (`refused`, with its OAuth error code), or its answer
 * did not pass verification (`invalid`: signature, issuer, audience, expiry, nonce, PKCE).
 */
export class OidcProviderError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused' | 'invalid',
    message: string,
    readonly providerCode: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcProviderError';
  }
}

export interface OidcClient {
  /** The provider's authorization URL for one sign-in (discovers the provider first, once an hour). */
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /**
   * Exchanges the code of the provider's redirect (`callbackUrl`: the redirect URI with the
   * parameters the browser brought back) and verifies the ID token: its signature against the
   * provider's JWKS, iss, aud, exp and iat, and the nonce.
   */
  exchangeCode(input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity>;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  clock: Clock;
  /** Per request to the provider (discovery, token endpoint, JWKS). */
  timeoutMs?: number;
}

const SCOPE = 'openid email profile';
const DISCOVERY_TTL_MS = 3_600_000;
const UNREACHABLE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/**
 * The provider through openid-client: discovery, the authorization request (code flow, PKCE S256)
 * and the token request (client_secret_basic). The ID token's signature is checked too
 * (openid-client's non-repudiation checks): by default it trusts TLS to vouch for the token
 * endpoint, and http is allowed here for a provider on this machine.
 */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  const issuer = new URL(options.issuer);
  const insecure = issuer.protocol === 'http:';
  const timeoutSeconds = Math.max(1, Math.round((options.timeoutMs ?? 10_000) / 1000));
  let discovered: { metadata: openid.ServerMetadata; at: number } | null = null;
  let discovering: Promise<openid.ServerMetadata> | null = null;
  let jwksCache: ReturnType<typeof openid.getJwksCache>;

  async function serverMetadata(): Promise<openid.ServerMetadata> {
    const now = options.clock.now().getTime();
    if (discovered && now - discovered.at < DISCOVERY_TTL_MS) return discovered.metadata;
    discovering ??= openid
      .discovery(issuer, options.clientId, undefined, undefined, {
        timeout: timeoutSeconds,
        execute: insecure ? [openid.allowInsecureRequests] : [],
      })
      .then((config) => {
        discovered = { metadata: config.serverMetadata(), at: now };
        return discovered.metadata;
      })
      .finally(() => {
        discovering = null;
      });
    try {
      return await discovering;
    } catch (error) {
      throw providerError(error, 'discovery');
    }
  }

  /** A configuration per use, so its validations read the injected clock's time. */
  async function configuration(): Promise<openid.Configuration> {
    const skewSeconds = (options.clock.now().getTime() - Date.now()) / 1000;
    const config = new openid.Configuration(
      await serverMetadata(),
      options.clientId,
      { client_secret: options.clientSecret, [openid.clockSkew]: skewSeconds },
      openid.ClientSecretBasic(options.clientSecret),
    );
    config.timeout = timeoutSeconds;
    if (insecure) openid.allowInsecureRequests(config);
    openid.enableNonRepudiationChecks(config);
    if (jwksCache) openid.setJwksCache(config, jwksCache);
    return config;
  }

  return {
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const config = await configuration();
      return openid.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchangeCode({ callbackUrl, state, nonce, codeVerifier }) {
      const config = await configuration();
      let claims: openid.IDToken | undefined;
      try {
        const tokens = await openid.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw providerError(error, 'token');
      } finally {
        jwksCache = openid.getJwksCache(config) ?? jwksCache;
      }
      if (!claims) throw new OidcProviderError('invalid', 'the token response carried no ID token');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true,
      };
    },
  };
}

/** Sorts openid-client's errors into what the person signing in is told. */
function providerError(error: unknown, step: 'discovery' | 'token'): OidcProviderError {
  if (error instanceof OidcProviderError) return error;
  const message = error instanceof Error ? `${step}: ${error.message}` : `${step} failed`;
  if (error instanceof openid.ResponseBodyError || error instanceof openid.AuthorizationResponseError) {
    return new OidcProviderError('refused', message, error.error, { cause: error });
  }
  // fetch's network failures are TypeErrors; openid-client's own argument checks are ClientErrors.
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof TypeError || (typeof code === 'string' && UNREACHABLE_CODES.has(code))) {
    return new OidcProviderError('unreachable', message, null, { cause: error });
  }
  return new OidcProviderError(step === 'discovery' ? 'unreachable' : 'invalid', message, null, { cause: error });
}
