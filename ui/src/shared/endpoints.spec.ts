import { describe, expect, it } from 'vitest';
import { del, get, getNamed, getOne, getSearchPage, post, put, putOne } from './endpoints';

describe('endpoint definitions', () => {
  it('GET a list or one record, with the tags they provide', () => {
    expect(get('tags/list', 'Tags').query()).toBe('tags/list');
    expect(get('tags/list', 'Tags').providesTags).toEqual(['Tags']);
    const one = getOne('queue', 'Queues');
    expect(one.query(7)).toBe('queue/7');
    expect(one.providesTags(undefined, undefined, 7)).toEqual([{ type: 'Queues', id: 7 }]);
  });

  it('POST the argument as body, PUT the rest of it to url/{id}, DELETE url/{id}', () => {
    expect(post('tags').query({ name: 'a' })).toEqual({ url: 'tags', method: 'POST', body: { name: 'a' } });
    expect(put('tags').query({ id: 3, name: 'b' } as { id: number })).toEqual({ url: 'tags/3', method: 'PUT', body: { name: 'b' } });
    expect(del('tags').query(3)).toEqual({ url: 'tags/3', method: 'DELETE' });
  });

  it('invalidates only the tags given, and putOne the record too', () => {
    expect(post('tags')).not.toHaveProperty('invalidatesTags');
    expect(del('plans', 'AdminPlans', 'Plans')).toHaveProperty('invalidatesTags', ['AdminPlans', 'Plans']);
    expect(putOne('queue', 'Queues').invalidatesTags(undefined, undefined, { id: 2 })).toEqual(['Queues', { type: 'Queues', id: 2 }]);
  });
});

describe('getNamed', () => {
  it('takes the rows of an array or of body[key], keeps those with a numeric id, names them (by id when nameless)', () => {
    const { query, transformResponse, providesTags } = getNamed('prompt', 'prompts', 'Prompts');
    expect(query()).toBe('prompt');
    expect(providesTags).toEqual(['Prompts']);
    expect(transformResponse({ prompts: [{ id: 1, name: 'A', extra: true }, { id: 'x' }, { id: 2 }] })).toEqual([
      { id: 1, name: 'A' },
      { id: 2, name: '2' },
    ]);
    expect(transformResponse([{ id: 3, name: 'B' }])).toEqual([{ id: 3, name: 'B' }]);
    expect(transformResponse(null)).toEqual([]);
  });
});

describe('getSearchPage', () => {
  it('asks for a page of a search and merges the pages of one search under one key', () => {
    const page = getSearchPage<{ records: Array<{ id: number }>; hasMore: boolean }, 'Chats'>('chats', 'records', 'Chats');
    expect(page.query({ searchParam: 'ana', pageNumber: 2 })).toEqual({ url: 'chats', params: { searchParam: 'ana', pageNumber: 2 } });
    expect(page.providesTags).toEqual(['Chats']);
    expect(page.serializeQueryArgs({ queryArgs: { searchParam: ' Ana ', pageNumber: 2 }, endpointName: 'chatPage' })).toBe('chatPage("ana")');
    const merged = page.merge({ records: [{ id: 1 }], hasMore: true }, { records: [{ id: 2 }], hasMore: false }, { arg: { searchParam: '', pageNumber: 2 } });
    expect(merged).toEqual({ records: [{ id: 1 }, { id: 2 }], hasMore: false });
  });
});
