import type { FastifyInstance, RouteOptions } from 'fastify';
import type { App } from './fastify-types.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Other paths (relative to the route's prefix, like its own) that answer with this route. */
    alsoAt?: string[];
    /** Set on an alias: the full path of the route it repeats. */
    aliasOf?: string;
  }
}

/**
 * Clients of the product we replace call some routes by other names: its `whatsapp` spelling of
 * our `chatapp` paths, and older or plural paths (`config.alsoAt`). Every such alias is the same
 * route registered again (same handler, schemas, config and encapsulation context, so the same
 * content-type parsers, hooks, auth and error shape); the OpenAPI document shows only the main
 * path, whose description names the aliases.
 *
 * `segmentAliases` maps a path segment to its other spelling: `{ chatapp: 'whatsapp' }` gives
 * `/user/chatapp/send` the alias `/user/whatsapp/send`.
 */
export function installRouteAliases(app: App, segmentAliases: Record<string, string>): void {
  app.addHook('onRoute', function addAliases(this: FastifyInstance, route: RouteOptions & { routePath?: string; prefix?: string }) {
    const config = route.config as { alsoAt?: string[]; aliasOf?: string } | undefined;
    // Fastify derives a HEAD route from each GET; the alias's GET gets its own.
    if (config?.aliasOf || route.method === 'HEAD') return;
    const routePath = route.routePath ?? route.url;
    const aliases = [
      ...new Set([segmentAlias(routePath, segmentAliases), ...(config?.alsoAt ?? [])].filter((p): p is string => !!p && p !== routePath)),
    ];
    if (aliases.length === 0) return;

    const prefix = route.prefix ?? '';
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    // Written as the document writes paths: `{id}`, not the router's `:id`.
    const names = aliases.map((path) => `\`${prefix}${path.replace(/:(\w+)/g, '{$1}')}\``).join(', ');
    const description = [schema.description, `Also at ${names} (same request and response).`].filter(Boolean).join('\n\n');
    route.schema = { ...schema, description };

    for (const path of aliases) {
      this.route({
        ...route,
        url: path,
        path,
        config: { ...config, alsoAt: undefined, aliasOf: route.url },
        schema: { ...route.schema, hide: true },
      } as RouteOptions);
    }
  });
}

function segmentAlias(path: string, segmentAliases: Record<string, string>): string | null {
  const segments = path.split('/');
  const renamed = segments.map((segment) => (Object.hasOwn(segmentAliases, segment) ? segmentAliases[segment]! : segment));
  return renamed.some((segment, i) => segment !== segments[i]) ? renamed.join('/') : null;
}
