import { useState } from 'react';
import { useConfirmedDelete } from './ConfirmDialog';
import { useDebounced } from './useDebounced';

/** What a list screen's delete needs: the delete mutation's trigger, its toasts, and the options of useConfirmedDelete. */
interface ListDelete<Row extends { id: number }> {
  remove: (id: number) => { unwrap(): Promise<unknown> };
  feedback: { succeeded(): void; deleteFailed(error: unknown): void };
  failure?: 'close' | 'stay';
  deleted?(row: Row): void;
}

const noDelete: ListDelete<{ id: number }> = {
  remove: () => ({ unwrap: () => Promise.reject(new Error('this list deletes nothing')) }),
  feedback: { succeeded() {}, deleteFailed() {} },
};

/**
 * A list screen's state: the search box (its text debounced into `searchParam`), the infinite list's page
 * (`start`, 1, or 0 for a list paged by offset; back to it whenever the search or `filters` change), and the confirmed delete its ConfirmDialog
 * shows (`<ConfirmDialog of={list.deletion} …/>`).
 */
export function useListPage<Row extends { id: number }>(
  options: { debounceMs?: number; lowerCase?: boolean; filters?: string; start?: number; delete?: ListDelete<Row> } = {},
) {
  const { debounceMs = 500, lowerCase = false, filters = '', start = 1 } = options;
  const [searchText, setSearchText] = useState('');
  const trimmed = searchText.trim();
  const searchParam = useDebounced(lowerCase ? trimmed.toLowerCase() : trimmed, debounceMs);
  // The page belongs to the search (and filters) it was reached under.
  const scope = `${filters}|${searchParam}`;
  const [page, setPage] = useState({ scope, pageNumber: start });
  const pageNumber = page.scope === scope ? page.pageNumber : start;
  const { remove, feedback, ...deleteOptions } = (options.delete ?? noDelete) as ListDelete<Row>;
  const deletion = useConfirmedDelete<Row>(remove, feedback, deleteOptions);
  return {
    searchParam,
    pageNumber,
    /** The ListFrame's search box. */
    search: { value: searchText, onChange: setSearchText },
    /** The infinite list's end was reached: the next page, or `at` (an offset: the rows loaded). */
    nextPage: (at = pageNumber + 1) => setPage({ scope, pageNumber: at }),
    /** A live change the later pages cannot place (a reconnect): back to the first page, or that page fetched again. */
    restart: (refetch: () => unknown) => (pageNumber === start ? void refetch() : setPage({ scope, pageNumber: start })),
    deletion,
  };
}
