import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);

/**
 * A package loaded on its first use instead of at start, synchronously (through its CommonJS
 * build). For dependencies that are large in memory but needed only by a feature many
 * deployments never use: each costs its full size in every process from the moment it is
 * imported, whether or not a request ever reaches it.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(name) as T);
}
