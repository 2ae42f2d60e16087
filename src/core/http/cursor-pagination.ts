import { validationFailed } from './errors.js';

/**
 * Laravel-style cursor pagination over rows listed newest first by integer id, as the reference
 * product's cursor paginator does: `{data, path, per_page, next_cursor, prev_cursor}`, where a
 * cursor is base64url of `{"id": N, "_pointsToNextItems": bool}`. Cursors stay valid while rows
 * are added, unlike page numbers.
 */
export interface CursorPosition {
  /** Older rows than this id (the next page). */
  before?: number;
  /** Newer rows than this id (the previous page). */
  after?: number;
}

export function encodeCursor(id: number, pointsToNextItems: boolean): string {
  return Buffer.from(JSON.stringify({ id, _pointsToNextItems: pointsToNextItems })).toString('base64url');
}

/** `maxId`: the largest id the rows' column holds (an `integer` id's INT4_MAX); a cursor past it is invalid, not a database error. */
export function decodeCursor(cursor: string | undefined, maxId = Number.MAX_SAFE_INTEGER): CursorPosition {
  if (cursor === undefined || cursor === '') return {};
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { id?: unknown; _pointsToNextItems?: unknown };
    if (Number.isSafeInteger(parsed.id) && (parsed.id as number) <= maxId && typeof parsed._pointsToNextItems === 'boolean') {
      const id = parsed.id as number;
      return parsed._pointsToNextItems ? { before: id } : { after: id };
    }
  } catch {
    // falls through to the validation error
  }
  throw validationFailed({ cursor: ['The cursor is invalid.'] });
}

/**
 * Turns rows fetched with `limit perPage + 1` into a page. Rows come newest first, except for a
 * previous-page request (`after`), which the query reads oldest first from the cursor.
 */
export function cursorPage<T extends { id: number }>(rows: T[], perPage: number, position: CursorPosition) {
  const hasMore = rows.length > perPage;
  const backwards = position.after !== undefined;
  const items = backwards ? rows.slice(0, perPage).reverse() : rows.slice(0, perPage);
  const first = items[0];
  const last = items[items.length - 1];
  const moreOlder = backwards ? items.length > 0 : hasMore;
  const moreNewer = backwards ? hasMore : position.before !== undefined;
  return {
    items,
    nextCursor: moreOlder && last ? encodeCursor(last.id, true) : null,
    prevCursor: moreNewer && first ? encodeCursor(first.id, false) : null,
  };
}
