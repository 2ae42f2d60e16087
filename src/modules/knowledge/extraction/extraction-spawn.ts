import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A started child and the end of what it wrote to stderr, which says why it died (V8 names an exhausted heap there). */
export interface ExtractionChild {
  process: ChildProcess;
  stderrTail(): string;
}

const STDERR_TAIL_CHARS = 4096;

/**
 * Starts one extraction child. Its entry sits next to this module: extraction-child.js once
 * compiled to dist/, extraction-child.ts when run from source, where tsx's loader is imported
 * first by its absolute path (the child's working directory need not be the project's). A
 * compiled tree never needs tsx, a dev dependency. The heap cap is V8's own: a file that needs
 * more ends the child instead of swelling it.
 */
export function spawnExtractionChild(maxHeapMb: number): ExtractionChild {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./extraction-child.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const loader = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  const child = fork(fileURLToPath(entry), [], {
    // The server's own flags (inspector, semi-space size, test runner hooks) are not the child's.
    execArgv: [...loader, `--max-old-space-size=${maxHeapMb}`],
    // Advanced serialisation carries the file's bytes as a typed array, not as JSON numbers.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let tail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    tail = (tail + text).slice(-STDERR_TAIL_CHARS);
  });
  return { process: child, stderrTail: () => tail };
}

/** Whether the child held the event loop; an idle one must not keep the server from exiting. */
export function holdChild(child: ChildProcess, held: boolean): void {
  const handles = [child, child.channel, child.stderr] as Array<{ ref?(): void; unref?(): void } | null | undefined>;
  for (const handle of handles) (held ? handle?.ref : handle?.unref)?.call(handle);
}
