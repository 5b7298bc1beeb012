import { DomainError, FILE_LIST_MAX_OPTIONS, type FileListEvent, type FileOption } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

export type FileList = { status: 'none' } | { status: 'active' | 'deleted'; fileListId: number; name: string; message: string; options: FileOption[] };

export type FileListCommand =
  | { type: 'CreateFileList'; fileListId: number; name: string; message: string; userId: number | null }
  | { type: 'ChangeFileList'; name?: string; message?: string; keepOptionIds?: string[] }
  | { type: 'AddFileOptions'; options: FileOption[] }
  | { type: 'DeleteFileList' };

/** A file list (spec 3 "File lists"): a name, a message and the files sent together. */
export const fileList: Decider<FileList, FileListCommand, FileListEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'FileListCreated')
      return { status: 'active', fileListId: event.data.fileListId, name: event.data.name, message: event.data.message, options: [] };
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'FileListChanged':
        return { ...state, ...event.data.changes };
      case 'FileListDeleted':
        return { ...state, status: 'deleted' };
      case 'FileListOptionAdded':
        return { ...state, options: [...state.options, event.data.option] };
      case 'FileListOptionRemoved':
        return { ...state, options: state.options.filter((option) => option.optionId !== event.data.optionId) };
    }
  },
  decide(state, command) {
    if (command.type === 'CreateFileList') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'File list already exists');
      return [{ type: 'FileListCreated', data: { fileListId: command.fileListId, name: command.name, message: command.message, userId: command.userId } }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_FILE_LIST_FOUND');
    const fileListId = state.fileListId;
    switch (command.type) {
      case 'ChangeFileList': {
        const changes = {
          ...(command.name !== undefined && command.name !== state.name ? { name: command.name } : {}),
          ...(command.message !== undefined && command.message !== state.message ? { message: command.message } : {}),
        };
        const events: FileListEvent[] = Object.keys(changes).length > 0 ? [{ type: 'FileListChanged', data: { fileListId, changes } }] : [];
        if (command.keepOptionIds) {
          const keep = new Set(command.keepOptionIds);
          for (const option of state.options)
            if (!keep.has(option.optionId)) events.push({ type: 'FileListOptionRemoved', data: { fileListId, optionId: option.optionId } });
        }
        return events;
      }
      case 'AddFileOptions':
        if (state.options.length + command.options.length > FILE_LIST_MAX_OPTIONS)
          throw new DomainError('ERR_VALIDATION', `A file list holds at most ${FILE_LIST_MAX_OPTIONS} files`);
        return command.options.map((option) => ({ type: 'FileListOptionAdded' as const, data: { fileListId, option } }));
      case 'DeleteFileList':
        return [{ type: 'FileListDeleted', data: { fileListId } }];
    }
  },
};
