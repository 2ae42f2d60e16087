// `npm run generate:client`: builds the app without listening, takes its OpenAPI document, checks
// it (OpenAPI structure, resolvable references, unique operationIds, examples that fit their
// schemas) and writes it with the TypeScript types openapi-typescript derives from it:
//   client/openapi.json  the document, as /api/openapi.json serves it with every route on
//   client/api.d.ts      paths, operations and named schemas for client/index.ts
// Both are committed; a test regenerates them in memory and fails when they differ, so a change
// to a route's schema cannot leave the typed client (and the end-to-end tests using it) behind.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import openapiTS, { astToString } from 'openapi-typescript';
import { createConfig } from '@redocly/openapi-core';
import { loadConfig } from '../src/config.js';
import { createDeps } from '../src/deps.js';
import { buildApp } from '../src/app.js';
import { migrateToLatest, openDatabase } from '../src/core/db/database.js';

export const DOCUMENT_PATH = fileURLToPath(new URL('../client/openapi.json', import.meta.url));
export const TYPES_PATH = fileURLToPath(new URL('../client/api.d.ts', import.meta.url));

/**
 * The document of an app with every optional route on (sign-up included), built from a fixed
 * configuration rather than this machine's environment, so every checkout generates the same.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'generate-client-0123456789abcdef0123456789abcdef',
    DATA_DIR: 'memory://',
    ALLOW_SIGNUP: 'true',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    // The catalog is read while the app is built; an in-memory database migrated now has it.
    await migrateToLatest(database.db);
    const app = await buildApp(await createDeps(config, { database, logger: pino({ level: 'silent' }) }));
    try {
      await app.ready();
      return JSON.parse(JSON.stringify(app.swagger())) as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/**
 * Redocly's structural rules as errors (openapi-typescript's own default checks only references
 * and duplicate operationIds); `operation-2xx-response` stays off because the Twilio callbacks
 * and the platform's verification handshake answer TwiML or text, which has no JSON schema.
 */
async function strictLintConfig() {
  return createConfig({
    rules: {
      struct: 'error',
      'no-unresolved-refs': 'error',
      'operation-operationId': 'error',
      'operation-operationId-unique': 'error',
      'operation-operationId-url-safe': 'error',
      'operation-parameters-unique': 'error',
      'path-parameters-defined': 'error',
      'no-invalid-media-type-examples': 'error',
      'no-invalid-schema-examples': 'error',
      'security-defined': 'error',
      'no-identical-paths': 'error',
    },
  });
}

export async function generateClientFiles(document: Record<string, unknown>): Promise<{ document: string; types: string }> {
  const ast = await openapiTS(document as never, {
    redocly: await strictLintConfig(),
    silent: true,
    // `Assistant`, `CreateAssistantRequest`... exported beside `components`.
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
    // A field with a default may be left out of a request (the server fills it in).
    defaultNonNullable: false,
  });
  return { document: `${JSON.stringify(document, null, 2)}\n`, types: astToString(ast) };
}

export async function readCommittedClientFiles(): Promise<{ document: string; types: string }> {
  return { document: await readFile(DOCUMENT_PATH, 'utf8'), types: await readFile(TYPES_PATH, 'utf8') };
}

async function main(): Promise<void> {
  const files = await generateClientFiles(await buildOpenApiDocument());
  const committed = await readCommittedClientFiles().catch(() => ({ document: '', types: '' }));
  // Unchanged files are left alone, so a build does not touch what it reads.
  if (files.document === committed.document && files.types === committed.types) {
    console.error('The typed client in client/ is up to date.');
    return;
  }
  await writeFile(DOCUMENT_PATH, files.document);
  await writeFile(TYPES_PATH, files.types);
  console.error(`Wrote ${DOCUMENT_PATH} and ${TYPES_PATH}.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
