import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { etagMatches, type WidgetScript } from './widget-script.js';
import { NotModified, WidgetConfigResponse, WidgetErrors, WidgetParams } from './widget.schemas.js';
import type { WidgetService } from './widget.service.js';
import { answerPreflight, CORS_ROUTES } from './widget-cors.js';

export interface WidgetRoutesOptions {
  widget: WidgetService;
  script: WidgetScript;
}

const tags = ['Widget'];
const config = { public: true, errorShape: 'conversation' as const, notFoundMessage: 'Assistant not found' };
/** A visitor's widget sees an owner's edit within a minute; the ETag makes the re-check cheap. */
const CONFIG_CACHE = 'public, max-age=60';
/** The un-versioned URL in every embed snippet: an hour, then a cheap 304. */
const SCRIPT_CACHE = 'public, max-age=3600';
const SCRIPT_CACHE_VERSIONED = 'public, max-age=31536000, immutable';

/** The embeddable script, its public config, and the preflight answers of the widget's routes. */
export const widgetRoutes: FastifyPluginAsyncTypebox<WidgetRoutesOptions> = async (app, { widget, script }) => {
  app.get(
    '/widget.js',
    { config: { public: true }, schema: { tags, summary: 'The chat widget script', hide: true } },
    async (request, reply) => {
      const versioned = (request.query as { v?: string }).v === script.version;
      void reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', versioned ? SCRIPT_CACHE_VERSIONED : SCRIPT_CACHE)
        .header('etag', script.etag)
        .header('vary', 'Accept-Encoding')
        // Loaded by <script> from any site, including ones that require CORP on subresources.
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff');
      if (etagMatches(request.headers['if-none-match'], script.etag)) return reply.status(304).send();
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(script.gzipped);
      }
      return reply.send(script.body);
    },
  );

  app.get(
    '/api/widget/:uuid/config',
    {
      config,
      schema: {
        tags,
        operationId: 'getWidgetConfig',
        summary: "An assistant's public widget config",
        params: WidgetParams,
        response: { 200: WidgetConfigResponse, 304: NotModified, ...WidgetErrors },
      },
    },
    async (request, reply) => {
      const body = await widget.config(request.params.uuid);
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
      void reply.header('cache-control', CONFIG_CACHE).header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return body;
    },
  );

  for (const url of CORS_ROUTES) {
    app.options(url, { config: { ...config, notFoundMessage: 'Conversation not found' }, schema: { hide: true } }, (request, reply) =>
      answerPreflight(request, reply, widget),
    );
  }
};
