/**
 * Group commit for small writes: items submitted while a flush is running wait and go out
 * together in the next one. Under load many writes share one statement (one commit, one fsync);
 * when idle an item is flushed at once, so nothing waits on a timer.
 */
export function createCoalescingWriter<T, R>(flush: (items: T[]) => Promise<(item: T) => R>) {
  let queue: Array<{ item: T; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  let flushing = false;

  const next = () => {
    if (flushing || queue.length === 0) return;
    const batch = queue;
    queue = [];
    flushing = true;
    flush(batch.map((entry) => entry.item))
      .then(
        (resultOf) => batch.forEach((entry) => entry.resolve(resultOf(entry.item))),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      )
      .finally(() => {
        flushing = false;
        next();
      });
  };

  return {
    write(item: T): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        next();
      });
    },
  };
}
