import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/**
 * The runnable examples of README.md and docs/: fenced ```sh blocks that call the API through
 * `$API` (`http://127.0.0.1:3000/api` as the README sets it). A page's examples run in order in one
 * bash session, so variables set by one block are there in the next; the background jobs a server's
 * workers would run are run between blocks. An answer shown as a `# {...}` comment must be what the
 * block printed (`...` elides).
 */

/** The address the docs use; a test swaps in its own server's. */
export const DOCUMENTED_API = 'http://127.0.0.1:3000/api';

/** The ```sh blocks of a Markdown text, or of one `## heading` section of it, in order. */
export function shellBlocks(markdown: string, heading?: string): string[] {
  let section = markdown;
  if (heading !== undefined) {
    const start = markdown.indexOf(`## ${heading}\n`);
    if (start === -1) throw new Error(`No section "## ${heading}"`);
    const end = markdown.indexOf('\n## ', start + 1);
    section = markdown.slice(start, end === -1 ? undefined : end);
  }
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** The blocks that are request examples: they reach the API through `$API`. */
export function exampleBlocks(markdown: string, heading?: string): string[] {
  return shellBlocks(markdown, heading).filter((block) => block.includes('$API'));
}

/** The JSON objects printed one after another (curl adds no newline after a body). */
export function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' && depth++ === 0) start = i;
    else if (char === '}' && --depth === 0) values.push(JSON.parse(text.slice(start, i + 1)));
  }
  return values;
}

/**
 * The answers a block documents: `# {...}` or `# [...]` comment lines (continued on `#   ` lines),
 * each shown under the command that prints it.
 */
export function documentedAnswers(block: string): string[] {
  const answers: string[] = [];
  for (const line of block.split('\n')) {
    if (/^# [{[]/.test(line)) answers.push(line.slice(2));
    else if (/^# {3}\S/.test(line) && answers.length > 0) answers[answers.length - 1] += line.slice(4);
  }
  return answers;
}

/**
 * A documented answer as a pattern over what the block printed: `...` inside a JSON string stands
 * for the rest of that string (`"token":"3|..."`), anywhere else for any text (`{"id":1,...}`).
 */
export function answerPattern(documented: string): RegExp {
  let pattern = '';
  let inString = false;
  for (let i = 0; i < documented.length; i++) {
    if (documented.startsWith('...', i)) {
      pattern += inString ? '(?:[^"\\\\]|\\\\.)*?' : '[\\s\\S]*?';
      i += 2;
      continue;
    }
    const char = documented[i]!;
    if (char === '\\' && inString) {
      pattern += escapeRegExp(documented.slice(i, i + 2));
      i += 1;
      continue;
    }
    if (char === '"') inString = !inString;
    pattern += escapeRegExp(char);
  }
  return new RegExp(pattern);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The documented answers a block's output does not bear out. */
export function unmatchedAnswers(block: string, printed: string): string[] {
  return documentedAnswers(block).filter((answer) => !answerPattern(answer).test(printed));
}

/**
 * One bash process that runs blocks one after another and keeps its variables and functions
 * between them, as a reader's terminal does. It stops at the first failing command (`-e`,
 * `pipefail`), and curl fails on an HTTP error answer, so an example that does not succeed as
 * written fails the test with what it printed.
 */
export class ShellSession {
  private readonly bash: ChildProcessWithoutNullStreams;
  private readonly dir = mkdtempSync(join(tmpdir(), 'doc-examples-'));
  private stdout = '';
  private stderr = '';
  private exited: string | null = null;
  private waiting: (() => void) | null = null;
  private blocks = 0;

  constructor(private readonly api: string) {
    this.bash = spawn('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail'], { stdio: 'pipe' });
    this.bash.stdout.on('data', (chunk: Buffer) => {
      this.stdout += chunk.toString();
      this.waiting?.();
    });
    this.bash.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
    this.bash.on('exit', (code, signal) => {
      this.exited = `bash exited (${code ?? signal})`;
      this.waiting?.();
    });
    this.bash.stdin.write('shopt -s inherit_errexit\ncurl() { command curl --fail-with-body "$@"; }\n');
  }

  /** Runs one block (the documented address replaced by the test server's); returns what it printed. */
  async run(block: string, timeoutMs = 60_000): Promise<string> {
    const file = join(this.dir, `block-${++this.blocks}.sh`);
    writeFileSync(file, block.replaceAll(DOCUMENTED_API, this.api));
    const marker = `--- block done ${randomUUID()} ---`;
    const from = this.stdout.length;
    this.stderr = '';
    // Sourced with stdin closed, so no command in a block can read the session's own input.
    this.bash.stdin.write(`source ${file} </dev/null\nprintf '\\n%s\\n' '${marker}'\n`);
    const deadline = Date.now() + timeoutMs;
    while (!this.stdout.includes(marker, from)) {
      if (this.exited !== null || Date.now() > deadline) {
        const why = this.exited ?? `timed out after ${timeoutMs} ms`;
        throw new Error(`This example failed (${why}):\n${block}\n--- printed:\n${this.stdout.slice(from)}\n--- stderr:\n${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 200);
      });
      this.waiting = null;
    }
    return this.stdout.slice(from, this.stdout.indexOf(marker, from));
  }

  close(): void {
    this.bash.stdin.end();
    this.bash.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The user the README's first minutes create with the CLI, made as the CLI makes it. */
export function readmeUser(): { email: string; password: string; name: string; balanceUsd: number } {
  const cli = shellBlocks(readFileSync('README.md', 'utf8'), 'The first minutes')[0]!;
  const created = cli.match(/users create --email (\S+) --password '([^']+)' --name "([^"]+)" --balance (\d+)/);
  if (!created) throw new Error("The README's first minutes no longer create a user with the CLI");
  return { email: created[1]!, password: created[2]!, name: created[3]!, balanceUsd: Number(created[4]) };
}

/** The README's first-minutes requests: log in, create and activate an assistant, chat, make a key. */
export function readmeFirstMinutes(): string {
  const [block] = exampleBlocks(readFileSync('README.md', 'utf8'), 'The first minutes');
  if (!block) throw new Error("The README's first minutes have no request example");
  return block;
}

export interface DocsServer {
  t: TestApp;
  api: string;
  shell: ShellSession;
  /** Runs a block, then the jobs it queued, as a server's workers would. */
  run(block: string): Promise<string>;
  close(): Promise<void>;
}

/** A listening test app with the README's user, and a shell session pointed at it. */
export async function startDocsServer(options: TestAppOptions = {}): Promise<DocsServer> {
  const t = await buildTestApp(options);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const api = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
  await t.deps.services.accounts.createUser(readmeUser());
  const shell = new ShellSession(api);
  return {
    t,
    api,
    shell,
    async run(block) {
      const printed = await shell.run(block);
      const unmatched = unmatchedAnswers(block, printed);
      if (unmatched.length > 0) {
        throw new Error(
          `This example printed answers other than documented:\n${block}\n--- not printed:\n${unmatched.join('\n')}\n--- printed:\n${printed}`,
        );
      }
      await t.deps.jobs.drain();
      return printed;
    },
    async close() {
      shell.close();
      await t.close();
    },
  };
}
