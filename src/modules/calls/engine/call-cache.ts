import type { RuntimeAssistant } from '../../replies/index.js';

/**
 * Memoises a lookup for one call, per assistant object (a call's assistant only changes by an
 * assistant transfer, which brings a new object). The reply engine asks for the model name and
 * the function list on every turn; they come from the catalog snapshot, which reloads from the
 * database when its TTL runs out, and from custom tools and transfer targets in the database, so
 * without this a turn now and then paid a query between the caller's words and the model request.
 * A call sees the assistant's tools as they were when it started, like its prompt. A failed
 * lookup is not kept: the next turn tries again.
 */
export function perCallCache<T>(load: (assistant: RuntimeAssistant) => Promise<T>): (assistant: RuntimeAssistant) => Promise<T> {
  const cache = new WeakMap<RuntimeAssistant, Promise<T>>();
  return (assistant) => {
    let value = cache.get(assistant);
    if (!value) {
      value = load(assistant);
      cache.set(assistant, value);
      value.catch(() => cache.delete(assistant));
    }
    return value;
  };
}
