import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { OidcSignInRefused, type OidcService } from './oidc.service.js';

export interface OidcRoutesOptions {
  oidc: OidcService;
}

const tags = ['Account'];
const SIGN_IN_PAGE = '/app/sign-in';
const FAILED = 'Signing in failed. Please try again.';

const OidcStatusResponse = Type.Object({
  enabled: Type.Boolean({ description: 'Whether the sign-in page offers single sign-on.' }),
  provider_name: Type.Union([Type.String(), Type.Null()], { description: 'The button\'s "Sign in with <name>"; null when disabled.' }),
});

const Redirect = (description: string) => ({ description, type: 'null' }) as const;

// Every parameter a provider may send back is optional: a missing one is refused on the sign-in
// page, not with a validation error the browser would show as a page of JSON.
// The service reads the query as the browser sent it (the request's URL), others included.
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  iss: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
});

/**
 * Single sign-on through an OpenID Connect provider (config OIDC_*). The browser goes to /start,
 * the provider sends it back to /callback, and the callback sends it to the console's sign-in page
 * with the session token in the fragment (never in a query string, which servers and proxies
 * log) or with the reason it failed. Nothing here answers anything but a redirect.
 */
export const oidcRoutes: FastifyPluginAsyncTypebox<OidcRoutesOptions> = async (app, { oidc }) => {
  app.get(
    '/auth/oidc',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'getSingleSignOn',
        summary: 'Whether sign-in through an OpenID Connect provider is offered, and its name',
        response: { 200: OidcStatusResponse },
      },
    },
    async () => {
      const { enabled, providerName } = oidc.status();
      return { enabled, provider_name: providerName };
    },
  );

  app.get(
    '/auth/oidc/start',
    {
      config: { public: true },
      schema: {
        tags,
        operationId: 'startSingleSignOn',
        summary: "Start signing in through the OpenID Connect provider (a browser's navigation)",
        description:
          'Redirects to the provider (authorization code flow with PKCE S256, state and nonce), or to `/app/sign-in?error=<message>` when single sign-on is off, the provider cannot be reached, or this client started too many sign-ins.',
        response: { 302: Redirect("To the provider's authorization endpoint, or to the sign-in page with `?error=`.") },
      },
    },
    async (request, reply) => {
      try {
        return redirect(reply, await oidc.start(request.ip));
      } catch (error) {
        return refused(request, reply, error);
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        tags,
        operationId: 'finishSingleSignOn',
        summary: "The provider's redirect back (the redirect URI registered at the provider)",
        description:
          'Exchanges the code, verifies the ID token (signature through the JWKS, iss, aud, exp, nonce) and finds the member: the one bound to this identity, else the one with its e-mail when the provider says the e-mail is verified (then binds it). Redirects to `/app/sign-in#token=<session token>`, or to `/app/sign-in?error=<message>`.',
        querystring: CallbackQuery,
        response: { 302: Redirect('To the sign-in page: the session token in the fragment, or `?error=`.') },
      },
    },
    async (request, reply) => {
      try {
        const query = request.raw.url?.split('?')[1] ?? '';
        const { token } = await oidc.finish(new URLSearchParams(query), {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        return redirect(reply, `${SIGN_IN_PAGE}#token=${encodeURIComponent(token)}`);
      } catch (error) {
        return refused(request, reply, error);
      }
    },
  );
};

/** The URLs carry a state, a code or a session token: no cache keeps them, no Referer repeats them. */
function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

function refused(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof OidcSignInRefused)) request.log.error({ err: error }, 'single sign-on failed');
  const message = error instanceof OidcSignInRefused ? error.message : FAILED;
  return redirect(reply, `${SIGN_IN_PAGE}?error=${encodeURIComponent(message)}`);
}
