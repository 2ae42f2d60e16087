import { api, unwrap, type paths } from '../../api/client.js';
import type { GroupColor, GroupKind } from './group-words.js';

export type Group = paths['/api/user/folders']['get']['responses'][200]['content']['application/json']['data'][number];
export type GroupPage = paths['/api/user/folders']['get']['responses'][200]['content']['application/json'];

export const PER_PAGE = 20;

/** Folders and labels have the same routes under their own names; one set of calls for both. */
export function groupsApi(kind: GroupKind) {
  const folder = kind === 'folder';
  return {
    list: async (page: number): Promise<GroupPage> => {
      const query = { params: { query: { page, per_page: PER_PAGE } } };
      return unwrap(folder ? await api.GET('/api/user/folders', query) : await api.GET('/api/user/labels', query));
    },
    create: async (body: { name: string; color: GroupColor }): Promise<Group> =>
      unwrap(folder ? await api.POST('/api/user/folder', { body }) : await api.POST('/api/user/label', { body })).data,
    update: async (id: number, body: { name: string; color: GroupColor }): Promise<Group> => {
      const path = { params: { path: { id } }, body };
      return unwrap(folder ? await api.PUT('/api/user/folder/{id}', path) : await api.PUT('/api/user/label/{id}', path)).data;
    },
    remove: async (id: number) => {
      const path = { params: { path: { id } } };
      return unwrap(folder ? await api.DELETE('/api/user/folder/{id}', path) : await api.DELETE('/api/user/label/{id}', path));
    },
  };
}
