import type { ExtractedSection } from './text-blocks.js';

// What the pool and its child processes send each other; the parsers stay out of the server.

/** One file to read, as the pool sends it. */
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

/** Sent once the parsers are loaded: a file sent before then could arrive with nobody listening. */
export const CHILD_READY = 'extraction-child-ready';
