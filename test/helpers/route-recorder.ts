import type { RouteOptions } from 'fastify';

/** Every route registered by any app built in this test file, as Fastify's onRoute saw it. */
export const recordedRoutes: RouteOptions[] = [];

/**
 * The fastify module with its factory wrapped: each instance gets an onRoute hook before any
 * plugin adds a route. Use from a test file:
 *   vi.mock('fastify', async (importOriginal) => (await import('./helpers/route-recorder.js')).recordingFastify(await importOriginal()));
 */
export function recordingFastify<M extends { default: (...args: never[]) => unknown }>(original: M): M {
  const create = ((...args: Parameters<M['default']>) => {
    const app = original.default(...args) as { addHook(name: 'onRoute', hook: (route: RouteOptions) => void): void };
    app.addHook('onRoute', (route) => void recordedRoutes.push(route));
    return app;
  }) as M['default'];
  return { ...original, default: create, fastify: create };
}

/**
 * `METHOD /url` for each method of each recorded route. Path aliases (the `whatsapp` spelling,
 * `config.alsoAt`) are left out: each repeats its main route's handler, schemas and config.
 */
export function recordedRouteKeys(): Array<{ key: string; method: string; url: string; route: RouteOptions }> {
  return recordedRoutes
    .filter((route) => !(route.config as { aliasOf?: string } | undefined)?.aliasOf)
    .flatMap((route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      return methods.map((method) => ({ key: `${method} ${route.url}`, method, url: route.url, route }));
    });
}
