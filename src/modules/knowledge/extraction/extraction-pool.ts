import { availableParallelism } from 'node:os';
import { CHILD_READY, type ExtractionReply, type ExtractionTask } from './extraction-messages.js';
import { holdChild, spawnExtractionChild, type ExtractionChild } from './extraction-spawn.js';
import { ExtractionError, type ExtractedSection } from './text-blocks.js';

export interface ExtractionPoolOptions {
  /** Child processes at most: each holds a parser and a whole file in memory. */
  size?: number;
  /** One file's reading, from the moment a child takes it; past it the child is killed. */
  timeoutMs?: number;
  /** A child idle this long exits; the next file starts a new one. */
  idleMs?: number;
  maxPages?: number;
  maxBytes?: number;
  /** Heap per child; a file that needs more fails instead of swelling the machine. */
  maxHeapMb?: number;
}

export interface ExtractionPool {
  extract(type: 'pdf' | 'docx', data: Buffer): Promise<ExtractedSection[]>;
  /** Stops every child; waiting and running files fail. */
  close(): Promise<void>;
  /** The children running now (for tests and diagnostics). */
  childPids(): number[];
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
  child: ExtractionChild;
  ready: boolean;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  exited: Promise<void>;
}

/**
 * PDF and DOCX parsing in child processes. pdf.js and mammoth run synchronously for long
 * stretches on a large file; on the main thread that stalled every request the process was
 * answering. In a worker thread it did not stall them, but the C allocator kept 50-70 MB of
 * the worker's pages in the server after the worker stopped; an exited process returns all of
 * its memory. Children start on the first file and exit when idle, so a process that never
 * reads a file pays nothing, and an idle child does not keep the server alive.
 */
export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const settings = { ...EXTRACTION_DEFAULTS, ...options };
  const slots = new Set<Slot>();
  const waiting: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const clearTimer = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  };

  const finish = (slot: Slot) => {
    clearTimer(slot);
    slot.current = null;
    slot.timer = setTimeout(() => retire(slot, 'idle'), settings.idleMs).unref();
    holdChild(slot.child.process, false);
    dispatch();
  };

  /** An idle child is let go (it exits when its channel closes); a stuck or unwanted one is killed. */
  const retire = (slot: Slot, why: 'idle' | 'kill') => {
    clearTimer(slot);
    slots.delete(slot);
    const child = slot.child.process;
    if (why === 'idle' && child.connected) child.disconnect();
    else child.kill('SIGKILL');
    return slot.exited;
  };

  /** The child died or was stopped: the file it held fails, and a fresh child takes the queue. */
  const fail = (slot: Slot, error: Error) => {
    const pending = slot.current;
    slot.current = null;
    void retire(slot, 'kill');
    pending?.reject(error);
    dispatch();
  };

  const send = (slot: Slot) => {
    const task = slot.current!.task;
    slot.child.process.send(task, (error) => {
      if (error && slot.current?.task === task) fail(slot, error);
    });
  };

  const start = (): Slot => {
    const child = spawnExtractionChild(settings.maxHeapMb);
    let markExited!: () => void;
    const slot: Slot = { child, ready: false, current: null, timer: null, exited: new Promise((resolve) => (markExited = resolve)) };
    child.process.on('message', (message: ExtractionReply | typeof CHILD_READY) => {
      if (message === CHILD_READY) {
        slot.ready = true;
        if (slot.current) send(slot);
        return;
      }
      const pending = slot.current;
      if (!pending || message.id !== pending.task.id) return;
      if (message.ok) pending.resolve(message.sections);
      else if (message.extraction) pending.reject(new ExtractionError(message.message, { retryable: message.retryable }));
      else pending.reject(new Error(`Extraction failed: ${message.message}`));
      finish(slot);
    });
    child.process.on('error', (error) => fail(slot, error));
    child.process.on('exit', (code, signal) => {
      markExited();
      slots.delete(slot);
      if (slot.current) fail(slot, exitError(child.stderrTail(), slot.ready, code, signal));
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
      clearTimer(slot);
      slot.current = pending;
      holdChild(slot.child.process, true);
      // A parser stuck in a loop cannot be interrupted from outside; killing its process can.
      // The clock runs from here, so a child that never starts fails the file too.
      slot.timer = setTimeout(() => {
        fail(
          slot,
          new ExtractionError(`Reading the file took longer than ${describeMs(settings.timeoutMs)}; split it into smaller files.`),
        );
      }, settings.timeoutMs);
      if (slot.ready) send(slot);
    }
  };

  return {
    extract(type, data) {
      if (closed) return Promise.reject(new Error('The extraction pool is closed.'));
      if (data.length > settings.maxBytes) {
        return Promise.reject(
          new ExtractionError(`The file is larger than ${describeBytes(settings.maxBytes)}; split it into smaller files.`),
        );
      }
      const task: ExtractionTask = {
        id: nextId++,
        type,
        data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        maxPages: settings.maxPages,
      };
      return new Promise<ExtractedSection[]>((resolve, reject) => {
        waiting.push({ task, resolve, reject });
        dispatch();
      });
    },
    childPids: () => [...slots].flatMap((slot) => (slot.child.process.pid === undefined ? [] : [slot.child.process.pid])),
    async close() {
      closed = true;
      const error = new Error('The extraction pool is closed.');
      for (const pending of waiting.splice(0)) pending.reject(error);
      await Promise.all(
        [...slots].map((slot) => {
          slot.current?.reject(error);
          slot.current = null;
          return retire(slot, 'kill');
        }),
      );
    },
  };
}

function exitError(stderrTail: string, started: boolean, code: number | null, signal: NodeJS.Signals | null): Error {
  // Too large for its heap is a property of the file; anything else may pass on a retry.
  if (/heap out of memory/i.test(stderrTail))
    return new ExtractionError('The file is too large or complex to read; split it into smaller files.');
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  const detail = stderrTail.trim().split('\n').slice(-3).join(' ');
  return new Error(
    `The extraction process ${started ? 'stopped unexpectedly' : 'could not start'} (${how})${detail ? `: ${detail}` : ''}.`,
  );
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function describeMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`;
}
