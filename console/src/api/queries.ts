import { api, unwrap } from './client.js';

/**
 * Queries more than one page reads, under one key each, so a save that refreshes one refreshes
 * every picker and list showing it.
 */
export const assistantListQuery = {
  queryKey: ['assistants'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/assistants')),
};

/** One assistant with every setting, as the editor shows it. */
export const assistantQuery = (id: number) => ({
  queryKey: ['assistants', id] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/assistant/{id}', { params: { path: { id } } })).data,
});

/** Who is signed in: the account, the member, their role, whether they run the server (is_operator). */
export const currentUserQuery = {
  queryKey: ['current-user'] as const,
  queryFn: async () => unwrap(await api.GET('/api/user/me')),
};
