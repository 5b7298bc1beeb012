import type { FileListFrame, FileListPage } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { filesApi } from './api';

/** The loaded file lists after a `files` frame: deleted ones leave; others are replaced or added by name. */
export function applyFileListFrame(page: FileListPage, event: FileListFrame, searchParam: string): FileListPage {
  if (event.action === 'delete') return { ...page, files: page.files.filter((row) => row.id !== event.fileId) };
  const record = 'files' in event ? event.files : undefined;
  if (!record || typeof record.id !== 'number') return page;
  const others = page.files.filter((row) => row.id !== record.id);
  if (!record.name.toLowerCase().includes(searchParam.trim().toLowerCase())) return { ...page, files: others };
  return { ...page, files: [...others, record].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id) };
}

export function useFileListFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('files', (frame) => {
    const state = store.getState() as unknown as Parameters<typeof filesApi.util.selectCachedArgsForQuery>[0];
    for (const args of filesApi.util.selectCachedArgsForQuery(state, 'fileListPage')) {
      store.dispatch(filesApi.util.updateQueryData('fileListPage', args, (draft) => applyFileListFrame(draft, frame, args.searchParam)));
    }
  });
  useSocketReconnect(() => store.dispatch(filesApi.util.invalidateTags(['FileLists'])));
}
