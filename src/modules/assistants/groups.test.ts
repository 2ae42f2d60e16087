import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.js';
import { createUser } from '../../../test/helpers/factories.js';
import { apiFor, createAssistant, type Api } from '../../../test/helpers/assistants.js';

/** Folders and labels share their routes and rules; every case runs for both. */
let t: TestApp;
let other: Api;
beforeAll(async () => {
  t = await buildTestApp();
  other = apiFor(t, (await createUser(t.deps)).token);
});
afterAll(async () => {
  await t.close();
});

const fresh = async () => apiFor(t, (await createUser(t.deps)).token);

describe.each([
  ['folder', 'Folder'],
  ['label', 'Label'],
])('%ss', (kind, noun) => {
  it('creates with the default colour and lists with the assistant count', async () => {
    const api = await fresh();
    const res = await api.post(`/api/user/${kind}`, { name: 'Acme Corp' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    expect(res.json()).toEqual({
      message: `${noun} created successfully`,
      data: { id, name: 'Acme Corp', color: 'gray', assistants_count: 0 },
    });
    await api.post(`/api/user/${kind}`, { name: 'Beta', color: 'blue' });
    await createAssistant(api, kind === 'folder' ? { folder_id: id } : { label_ids: [id] });
    const list = (await api.get(`/api/user/${kind}s?per_page=1`)).json();
    expect(list).toEqual({ data: [{ id, name: 'Acme Corp', color: 'gray', assistants_count: 1 }], current_page: 1, per_page: 1, total: 2 });
    expect((await api.get(`/api/user/${kind}s`)).json().per_page).toBe(15);
  });

  it('names are unique per account, case-insensitively, also on rename and under a race', async () => {
    const api = await fresh();
    await api.post(`/api/user/${kind}`, { name: 'Sales' });
    const taken = { message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } };
    expect((await api.post(`/api/user/${kind}`, { name: 'sales' })).json()).toEqual(taken);
    expect((await other.post(`/api/user/${kind}`, { name: 'Sales' })).statusCode).toBe(201);
    const second = (await api.post(`/api/user/${kind}`, { name: 'Support' })).json().data.id;
    expect((await api.put(`/api/user/${kind}/${second}`, { name: 'SALES' })).json()).toEqual(taken);
    const race = await Promise.all([1, 2, 3].map(() => api.post(`/api/user/${kind}`, { name: 'Racing' })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
  });

  it('updates name and colour, and refuses an unknown colour', async () => {
    const api = await fresh();
    const { id } = (await api.post(`/api/user/${kind}`, { name: 'Old' })).json().data;
    const res = await api.put(`/api/user/${kind}/${id}`, { name: 'New', color: 'teal' });
    expect(res.json()).toEqual({ message: `${noun} updated successfully`, data: { id, name: 'New', color: 'teal', assistants_count: 0 } });
    expect((await api.put(`/api/user/${kind}/${id}`, { color: 'mauve' })).json()).toEqual({
      message: 'The selected color is invalid.',
      errors: { color: ['The selected color is invalid.'] },
    });
  });

  it("is 404 for another account's or an unknown id", async () => {
    const api = await fresh();
    const theirs = (await other.post(`/api/user/${kind}`, { name: `Private ${kind}` })).json().data.id;
    const missing = { message: `${noun} not found` };
    expect((await api.get(`/api/user/${kind}/${theirs}`)).json()).toEqual(missing);
    expect((await api.put(`/api/user/${kind}/${theirs}`, { name: 'Mine' })).json()).toEqual(missing);
    expect((await api.delete(`/api/user/${kind}/${theirs}`)).json()).toEqual(missing);
    expect((await api.get(`/api/user/${kind}/nope`)).json()).toEqual(missing);
    expect((await other.get(`/api/user/${kind}/${theirs}`)).statusCode).toBe(200);
  });

  it('deletes', async () => {
    const api = await fresh();
    const { id } = (await api.post(`/api/user/${kind}`, { name: 'Gone' })).json().data;
    expect((await api.delete(`/api/user/${kind}/${id}`)).json()).toEqual({ message: `${noun} deleted successfully` });
    expect((await api.get(`/api/user/${kind}/${id}`)).statusCode).toBe(404);
  });
});
