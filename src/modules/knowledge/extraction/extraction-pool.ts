import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ExtractionReply, ExtractionTask } from './extraction.worker.js';
import { ExtractionError, type ExtractedSection } from './text-blocks.js';

export interface ExtractionPoolOptions {
  /** Worker threads at most (1-2): each holds a parser and a whole file in memory. */
  size?: number;
  /** One file's reading, from the moment a worker takes it; past it the worker is stopped. */
  timeoutMs?: number;
  /** A worker idle this long is stopped; the next file starts a new one. */
  idleMs?: number;
  maxPages?: number;
  maxBytes?: number;
  /** Heap per worker; a file that needs more fails instead of swelling the process. */
  maxHeapMb?: number;
}

export interface ExtractionPool {
  extract(type: 'pdf' | 'docx', data: Buffer): Promise<ExtractedSection[]>;
  /** Stops every worker; waiting and running files fail. */
  close(): Promise<void>;
}

export const EXTRACTION_DEFAULTS = {
  size: Math.min(2, Math.max(1, availableParallelism() - 1)),
  timeoutMs: 120_000,
  idleMs: 30_000,
  maxPages: 2_000,
  maxBytes: 20 * 1024 * 1024,
  maxHeapMb: 512,
};

interface Pending {
  task: ExtractionTask;
  resolve(sections: ExtractedSection[]): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
}

/**
 * PDF and DOCX parsing in worker threads. pdf.js and mammoth run synchronously for long
 * stretches on a large file; on the main thread that stalled every request the process was
 * answering. Workers start on the first file and stop when idle, so a process that never
 * reads a file pays nothing, and an idle worker does not keep the process alive.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const settings = { ...EXTRACTION_DEFAULTS, ...options };
  const slots = new Set<Slot>();
  const waiting: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const finish = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = null;
    slot.timer = setTimeout(() => void retire(slot), settings.idleMs).unref();
    slot.worker.unref();
    dispatch();
  };

  const retire = async (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slots.delete(slot);
    await slot.worker.terminate();
  };

  /** The worker died or was stopped: the file it held fails, and a fresh worker takes the queue. */
  const fail = (slot: Slot, error: Error) => {
    const pending = slot.current;
    slot.current = null;
    void retire(slot);
    pending?.reject(error);
    dispatch();
  };

  const start = (): Slot => {
    const worker = spawnWorker(settings.maxHeapMb);
    const slot: Slot = { worker, current: null, timer: null };
    worker.on('message', (reply: ExtractionReply) => {
      const pending = slot.current;
      if (!pending || reply.id !== pending.task.id) return;
      if (reply.ok) pending.resolve(reply.sections);
      else if (reply.extraction) pending.reject(new ExtractionError(reply.message, { retryable: reply.retryable }));
      else pending.reject(new Error(`Extraction failed: ${reply.message}`));
      finish(slot);
    });
    worker.on('error', (error) => {
      const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      // Too large for its heap is a property of the file; anything else may pass on a retry.
      fail(slot, outOfMemory ? new ExtractionError('The file is too large or complex to read; split it into smaller files.', { cause: error }) : error);
    });
    worker.on('exit', () => {
      if (slot.current) fail(slot, new Error('The extraction worker stopped unexpectedly.'));
      slots.delete(slot);
    });
    slots.add(slot);
    return slot;
  };

  const dispatch = () => {
    while (waiting.length > 0 && !closed) {
      let slot = [...slots].find((s) => s.current === null);
      if (!slot && slots.size < settings.size) slot = start();
      if (!slot) return;
      const pending = waiting.shift()!;
      if (slot.timer) clearTimeout(slot.timer);
      slot.current = pending;
      slot.worker.ref();
      // A parser stuck in a loop cannot be interrupted from outside; stopping the thread can.
      slot.timer = setTimeout(() => {
        fail(slot, new ExtractionError(`Reading the file took longer than ${describeMs(settings.timeoutMs)}; split it into smaller files.`));
      }, settings.timeoutMs);
      slot.worker.postMessage(pending.task, [pending.task.data.buffer as ArrayBuffer]);
    }
  };

  return {
    extract(type, data) {
      if (closed) return Promise.reject(new Error('The extraction pool is closed.'));
      if (data.length > settings.maxBytes) {
        return Promise.reject(new ExtractionError(`The file is larger than ${describeBytes(settings.maxBytes)}; split it into smaller files.`));
      }
      // A private copy: the caller's Buffer may share its memory, and this one is handed over.
      const task: ExtractionTask = { id: nextId++, type, data: new Uint8Array(data), maxPages: settings.maxPages };
      return new Promise<ExtractedSection[]>((resolve, reject) => {
        waiting.push({ task, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const error = new Error('The extraction pool is closed.');
      for (const pending of waiting.splice(0)) pending.reject(error);
      await Promise.all([...slots].map((slot) => {
        slot.current?.reject(error);
        slot.current = null;
        return retire(slot);
      }));
    },
  };
}

/**
 * The worker entry sits next to this module: extraction.worker.js once compiled to dist/,
 * extraction.worker.ts when run from source. From source, tsx's loader is registered inside
 * the worker first: Node 20 ignores `--import` in a worker's execArgv, so the loader cannot be
 * passed there, and a compiled tree must not need tsx (a dev dependency) at all.
 */
function spawnWorker(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./extraction.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { resourceLimits });
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function describeMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`;
}
