import { Type, type TSchema } from '@sinclair/typebox';

/**
 * Laravel's length-aware paginator, the shape the reference product returns for page-based
 * lists: `current_page, data, first_page_url, from, last_page, last_page_url, links, next_page_url,
 * path, per_page, prev_page_url, to, total`.
 */
export interface PageRequest {
  page: number;
  perPage: number;
  /** Absolute URL of the list route without a query, e.g. http://host/api/user/assistants/get. */
  path: string;
}

export function pageQuery(defaultPerPage: number) {
  return Type.Object({
    page: Type.Integer({ minimum: 1, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 100, default: defaultPerPage }),
  });
}

export function lengthAwarePage<T>(items: T[], total: number, request: PageRequest) {
  const { page, perPage, path } = request;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (n: number) => `${path}?page=${n}`;
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    data: items,
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links: pageLinks(page, lastPage, url),
    next_page_url: page < lastPage ? url(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? url(page - 1) : null,
    to: from === null ? null : from + items.length - 1,
    total,
  };
}

/** Laravel's window: every page when there are few, else the ends and three around the current one. */
function pageLinks(current: number, last: number, url: (n: number) => string) {
  const pages: Array<number | '...'> = [];
  if (last <= 13) {
    for (let n = 1; n <= last; n++) pages.push(n);
  } else {
    const around = [...Array(7).keys()].map((i) => current - 3 + i).filter((n) => n > 2 && n < last - 1);
    pages.push(1, 2);
    if ((around[0] ?? last) > 3) pages.push('...');
    pages.push(...around);
    if ((around[around.length - 1] ?? 2) < last - 2) pages.push('...');
    pages.push(last - 1, last);
  }
  return [
    { url: current > 1 ? url(current - 1) : null, label: '&laquo; Previous', active: false },
    ...pages.map((p) =>
      p === '...' ? { url: null, label: '...', active: false } : { url: url(p), label: String(p), active: p === current },
    ),
    { url: current < last ? url(current + 1) : null, label: 'Next &raquo;', active: false },
  ];
}

export function LengthAwarePage(item: TSchema) {
  const NullableString = Type.Union([Type.String(), Type.Null()]);
  const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
  return Type.Object({
    current_page: Type.Integer(),
    data: Type.Array(item),
    first_page_url: Type.String(),
    from: NullableInt,
    last_page: Type.Integer(),
    last_page_url: Type.String(),
    links: Type.Array(Type.Object({ url: NullableString, label: Type.String(), active: Type.Boolean() })),
    next_page_url: NullableString,
    path: Type.String(),
    per_page: Type.Integer(),
    prev_page_url: NullableString,
    to: NullableInt,
    total: Type.Integer(),
  });
}

/** The list route's absolute URL as the client reached it (behind a proxy: its Host header). */
export function requestPath(request: { protocol: string; host: string; url: string }): string {
  return `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
}
