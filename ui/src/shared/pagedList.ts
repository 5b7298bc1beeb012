/**
 * The RTK Query options of an infinite-scroll list: every page of one list merged into one cache
 * entry. RTK uses the string a custom `serializeQueryArgs` returns as the cache key as is, for every
 * endpoint of the app's one api: a key of the search text alone made two screens with the same
 * search (say, both empty) read and overwrite each other's rows. The key therefore names the
 * endpoint, then every argument but the page (the scope), then the search.
 */
type Row = { id: number | string };
type ScopePart = string | number | boolean | null | undefined;

/** The field of a page that holds its rows. */
export type RowsKey<Page> = { [K in keyof Page]: Page[K] extends Row[] ? K : never }[keyof Page] & string;

export const pagedListKey = (endpointName: string, searchParam: string, scope: readonly ScopePart[] = []): string =>
  `${endpointName}(${[...scope.map((part) => JSON.stringify(part ?? null)), JSON.stringify(searchParam.trim().toLowerCase())].join(',')})`;

/** Page n added after pages 1..n-1 (a first page replaces them); a row seen again keeps its newer copy, in its new place. */
export function mergePage<Page>(key: RowsKey<Page>, current: Page, incoming: Page, first: boolean): Page {
  if (first) return incoming;
  const rows = (page: Page) => page[key] as unknown as Row[];
  const known = new Set(rows(incoming).map((row) => row.id));
  return { ...incoming, [key]: [...rows(current).filter((row) => !known.has(row.id)), ...rows(incoming)] };
}

export interface PagedListOptions<Args> {
  /** Which page the arguments ask for (default: `pageNumber`); a new page refetches. */
  page?: (args: Args) => number;
  /** The first page's number (default 1; 0 for an offset). */
  firstPage?: number;
  /** The arguments, other than search and page, that make a different list (a filter, a parent id). */
  scope?: (args: Args) => readonly ScopePart[];
}

/** `serializeQueryArgs`, `merge` and `forceRefetch` of a list whose pages keep their rows under `key`. */
export function pagedList<Page, Args extends { searchParam: string }>(key: RowsKey<Page>, options: PagedListOptions<Args> = {}) {
  const page = options.page ?? ((args: Args) => (args as Args & { pageNumber: number }).pageNumber);
  const firstPage = options.firstPage ?? 1;
  return {
    serializeQueryArgs: ({ queryArgs, endpointName }: { queryArgs: Args; endpointName: string }) =>
      pagedListKey(endpointName, queryArgs.searchParam, options.scope?.(queryArgs)),
    merge: (current: Page, incoming: Page, { arg }: { arg: Args }) => mergePage(key, current, incoming, page(arg) === firstPage),
    forceRefetch: ({ currentArg, previousArg }: { currentArg?: Args; previousArg?: Args }) =>
      (currentArg && page(currentArg)) !== (previousArg && page(previousArg)),
  };
}
