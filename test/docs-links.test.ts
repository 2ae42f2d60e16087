import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ hold together: every relative link reaches a file that exists, every
 * #anchor a heading of its page (as GitHub names anchors), and every page under docs/ can be
 * reached from the README by following links. The README also stays a front door.
 */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code, where links and headings live. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/** GitHub's anchors for a page's headings (github-slugger's rule, with -1, -2 for repeats). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const plain = text!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, (c) => (c === '_' ? '_' : ''));
    const slug = plain
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Relative links of a page: [text](target), not http(s), mailto or a bare #anchor of another site. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

const pages = ['README.md', ...markdownFiles('docs')].map(normalize).sort();

interface Problem {
  page: string;
  link: string;
  why: string;
}

function brokenLinks(): Problem[] {
  const problems: Problem[] = [];
  for (const page of pages) {
    const markdown = readFileSync(page, 'utf8');
    for (const link of relativeLinks(markdown)) {
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? page : normalize(join(dirname(page), path));
      if (!existsSync(target)) {
        problems.push({ page, link, why: `${target} does not exist` });
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(target).isDirectory() || !target.endsWith('.md')) {
        problems.push({ page, link, why: 'an anchor on something that is not a Markdown page' });
      } else if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
        problems.push({ page, link, why: `${target} has no heading #${anchor}` });
      }
    }
  }
  return problems;
}

describe('links in README.md and docs/', () => {
  it('every relative link reaches an existing file, and every #anchor a heading there', () => {
    expect(brokenLinks()).toEqual([]);
  });

  it('every page under docs/ is reachable from the README', () => {
    const reached = new Set<string>(['README.md']);
    const queue = ['README.md'];
    while (queue.length > 0) {
      const page = queue.shift()!;
      for (const link of relativeLinks(readFileSync(page, 'utf8'))) {
        const path = link.split('#')[0]!;
        if (!path.endsWith('.md')) continue;
        const target = normalize(join(dirname(page), path));
        if (!reached.has(target) && existsSync(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    expect(pages.filter((page) => !reached.has(page)).map((page) => relative('.', page))).toEqual([]);
  });

  it('the checker finds a missing page and a missing anchor', () => {
    const anchors = anchorsOf('# Voice calls\n\n## The call engine (pipeline mode)\n\n```sh\n# not a heading\n```\n## Voice calls\n');
    expect([...anchors]).toEqual(['voice-calls', 'the-call-engine-pipeline-mode', 'voice-calls-1']);
    expect(relativeLinks('[a](x.md#y) `[b](not-a-link.md)` [c](https://example.com) [d](#z)')).toEqual(['x.md#y', '#z']);
  });

  it('the README is a front door: at most 10 KB, and says nothing of how it was written', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024);
    expect(readme).not.toMatch(/\b(issue #?\d+|worktree|lead engineer|helpers?)\b/i);
  });
});
