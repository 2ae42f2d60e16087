import { extractDocx } from './docx.js';
import { extractPdf } from './pdf.js';
import { CHILD_READY, type ExtractionReply, type ExtractionTask } from './extraction-messages.js';
import { ExtractionError } from './text-blocks.js';

/**
 * The child process's side of the extraction pool: parses one PDF or DOCX at a time, in its
 * own process, so a large file neither stalls the server's requests nor leaves its parser's
 * memory behind in the server once the child exits.
 */
async function run(task: ExtractionTask): Promise<ExtractionReply> {
  const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    const sections = task.type === 'pdf' ? await extractPdf(data, { maxPages: task.maxPages }) : await extractDocx(data);
    return { id: task.id, ok: true, sections };
  } catch (error) {
    if (error instanceof ExtractionError)
      return { id: task.id, ok: false, extraction: true, message: error.message, retryable: error.retryable };
    return { id: task.id, ok: false, extraction: false, message: error instanceof Error ? error.message : String(error) };
  }
}

if (process.send) {
  process.on('message', (task: ExtractionTask) => {
    void run(task).then((reply) => process.send!(reply));
  });
  // The server stopped or let this child go when idle: nothing is left to read.
  process.on('disconnect', () => process.exit(0));
  process.send(CHILD_READY);
}
