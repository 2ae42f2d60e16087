/**
 * Pulls an async source eagerly into memory and replays it in order: a sentence's synthesis
 * starts as soon as the sentence exists, while the previous sentence is still being played.
 */
export class BufferedStream<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private ended = false;
  private failure: { error: unknown } | null = null;
  private waiter: (() => void) | null = null;

  constructor(source: AsyncIterable<T>) {
    void this.pull(source);
  }

  private async pull(source: AsyncIterable<T>): Promise<void> {
    try {
      for await (const item of source) {
        this.items.push(item);
        this.wake();
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift()!;
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }
}
