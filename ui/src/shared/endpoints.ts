import { pagedList, type RowsKey } from './pagedList';

/**
 * The REST calls most features' endpoints repeat, as definitions to hand to `build.query`/`build.mutation`:
 * `createTag: build.mutation<TagView, TagRequest>(post('tags', 'Tags'))`. The feature keeps its endpoint names
 * (RTK derives the hooks from them) and its result/argument types; a tag outside the api's tag types fails to compile.
 */

/** GET url, providing `tags`. */
export const get = <T extends string>(url: string, ...tags: T[]) => ({ query: () => url, providesTags: tags });

/** GET url/{id}: one record, providing its own `{ type, id }` tag. */
export const getOne = <T extends string>(url: string, type: T) => ({
  query: (id: number) => `${url}/${id}`,
  providesTags: (_result: unknown, _error: unknown, id: number) => [{ type, id }],
});

/** A mutation invalidates nothing unless given tags (its screen then refreshes what it shows itself). */
const invalidating = <T extends string>(tags: T[]) => (tags.length > 0 ? { invalidatesTags: tags } : {});

/** POST url with the argument as body. */
export const post = <T extends string>(url: string, ...tags: T[]) => ({
  query: (body: unknown) => ({ url, method: 'POST', body }),
  ...invalidating(tags),
});

/** PUT url/{id} with the rest of the argument as body. */
export const put = <T extends string>(url: string, ...tags: T[]) => ({
  query: ({ id, ...body }: { id: number }) => ({ url: `${url}/${id}`, method: 'PUT', body }),
  ...invalidating(tags),
});

/** PUT url/{id} that invalidates the list's `type` and the record's own `{ type, id }` (a detail screen shows it). */
export const putOne = <T extends string>(url: string, type: T) => ({
  ...put(url),
  invalidatesTags: (_result: unknown, _error: unknown, { id }: { id: number }) => [type, { type, id }],
});

/** DELETE url/{id}. */
export const del = <T extends string>(url: string, ...tags: T[]) => ({
  query: (id: number) => ({ url: `${url}/${id}`, method: 'DELETE' }),
  ...invalidating(tags),
});

/** A record another screen owns, offered as a choice. */
export interface NamedRecord {
  id: number;
  name: string;
}

/** The rows with a numeric id of an answer that is the rows or `{ [key]: rows }`; a row without a name shows its id. */
export const namedRecords = (body: unknown, key: string): NamedRecord[] => {
  const list = Array.isArray(body) ? body : (body as Record<string, unknown> | null)?.[key];
  return Array.isArray(list)
    ? list.filter((row): row is NamedRecord => typeof row?.id === 'number').map((row) => ({ id: row.id, name: String(row.name ?? row.id) }))
    : [];
};

/** GET url as choices (`namedRecords` of its answer), providing `tags`. */
export const getNamed = <T extends string>(url: string, key: string, ...tags: T[]) => ({
  ...get(url, ...tags),
  transformResponse: (body: unknown) => namedRecords(body, key),
});

/** The arguments of one page of a searched list. */
export interface SearchPageArgs {
  searchParam: string;
  pageNumber: number;
}

/** GET url with searchParam and pageNumber: pages merged into one list per search (rows under `key`), providing `tags`. */
export const getSearchPage = <Page, T extends string>(url: string, key: RowsKey<Page>, ...tags: T[]) => ({
  query: ({ searchParam, pageNumber }: SearchPageArgs) => ({ url, params: { searchParam, pageNumber } }),
  ...pagedList<Page, SearchPageArgs>(key),
  providesTags: tags,
});
