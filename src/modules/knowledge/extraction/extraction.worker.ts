import { parentPort } from 'node:worker_threads';
import { extractDocx } from './docx.js';
import { extractPdf } from './pdf.js';
import { ExtractionError, type ExtractedSection } from './text-blocks.js';

/** One file to read, as the pool posts it. */
export interface ExtractionTask {
  id: number;
  type: 'pdf' | 'docx';
  data: Uint8Array;
  maxPages: number;
}

/** The answer: the sections, a reason the user can act on, or an unexpected failure. */
export type ExtractionReply =
  | { id: number; ok: true; sections: ExtractedSection[] }
  | { id: number; ok: false; extraction: true; message: string; retryable: boolean }
  | { id: number; ok: false; extraction: false; message: string };

/**
 * The worker thread's side of the extraction pool: parses one PDF or DOCX at a time, off the
 * main thread, so a large file cannot stall the requests the server is answering meanwhile.
 */
async function run(task: ExtractionTask): Promise<ExtractionReply> {
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    const sections = task.type === 'pdf' ? await extractPdf(data, { maxPages: task.maxPages }) : await extractDocx(data);
    return { id: task.id, ok: true, sections };
  } catch (error) {
    if (error instanceof ExtractionError) return { id: task.id, ok: false, extraction: true, message: error.message, retryable: error.retryable };
    return { id: task.id, ok: false, extraction: false, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (task: ExtractionTask) => {
  void run(task).then((reply) => parentPort!.postMessage(reply));
});
