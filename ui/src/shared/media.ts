import { useEffect, useState } from 'react';
import { useAppSelector } from '../app/store';

/**
 * Media files are fetched as blobs by URL. The media routes want the bearer token, which an <img src>
 * cannot send, so each file is fetched once and shown from an object URL. Entries are shared by every bubble that
 * shows the same file; unused ones are kept (a virtualised list remounts rows as it scrolls) up to a bound, then revoked.
 */
interface Entry {
  promise: Promise<string>;
  objectUrl: string | null;
  users: number;
}

const KEEP_UNUSED = 150;
const entries = new Map<string, Entry>();
/** Unused entries, least recently released first. */
const unused = new Set<string>();

const absolute = (url: string) => new URL(url, window.location.origin).toString();

function evictUnused(): void {
  while (unused.size > KEEP_UNUSED) {
    const oldest = unused.values().next().value as string;
    unused.delete(oldest);
    const entry = entries.get(oldest);
    entries.delete(oldest);
    if (entry?.objectUrl) URL.revokeObjectURL(entry.objectUrl);
  }
}

export async function fetchMediaBlob(url: string, token: string | null): Promise<Blob> {
  const response = await fetch(absolute(url), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!response.ok) throw new Error(`media ${response.status}`);
  return response.blob();
}

function acquire(url: string, token: string | null): Entry {
  let entry = entries.get(url);
  if (!entry) {
    const created: Entry = { objectUrl: null, users: 0, promise: Promise.resolve('') };
    created.promise = fetchMediaBlob(url, token).then((blob) => {
      created.objectUrl = URL.createObjectURL(blob);
      return created.objectUrl;
    });
    // A failed fetch is forgotten so a later mount can try again.
    created.promise.catch(() => {
      if (entries.get(url) === created) entries.delete(url);
    });
    entry = created;
    entries.set(url, entry);
  }
  entry.users += 1;
  unused.delete(url);
  return entry;
}

function release(url: string, entry: Entry): void {
  entry.users -= 1;
  if (entry.users <= 0 && entries.get(url) === entry) {
    unused.add(url);
    evictUnused();
  }
}

export type MediaState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

/** An object URL for a stored file, fetched with the session's token. */
export function useMediaUrl(url: string | null): MediaState {
  const token = useAppSelector((state) => state.session.token);
  const [state, setState] = useState<MediaState>(() => {
    const known = url ? entries.get(url)?.objectUrl : null;
    return known ? { status: 'ready', src: known } : { status: 'loading' };
  });
  useEffect(() => {
    if (!url) {
      setState({ status: 'error' });
      return undefined;
    }
    let current = true;
    const entry = acquire(url, token);
    if (entry.objectUrl) setState({ status: 'ready', src: entry.objectUrl });
    else setState({ status: 'loading' });
    entry.promise.then(
      (src) => current && setState({ status: 'ready', src }),
      () => current && setState({ status: 'error' }),
    );
    return () => {
      current = false;
      release(url, entry);
    };
    // The token only matters for the first fetch of a file; a refreshed token must not refetch what is shown.
  }, [url]);
  return state;
}

/** Saves a stored file under its name (a failed download is logged only). */
export async function downloadMedia(url: string, name: string, token: string | null): Promise<void> {
  try {
    const blob = await fetchMediaBlob(url, token);
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  } catch (error) {
    console.error('Erro ao baixar o arquivo', error);
  }
}
