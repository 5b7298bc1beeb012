import type { FileListEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { fileList } from './file-list';

const created: FileListEvent = { type: 'FileListCreated', data: { fileListId: 5, name: 'Catálogo', message: 'Segue o catálogo', userId: 1 } };
const option = {
  optionId: '00000000-0000-4000-8000-000000000001',
  name: 'catalogo.pdf',
  media: { url: '/media/1/a.pdf', name: 'catalogo.pdf', mime: 'application/pdf', size: 10 },
};
const added: FileListEvent = { type: 'FileListOptionAdded', data: { fileListId: 5, option } };

describe('file list decider', () => {
  it('creates, renames only what changed, and removes the files not kept', () => {
    spec(fileList).given([]).when({ type: 'CreateFileList', fileListId: 5, name: 'Catálogo', message: 'Segue o catálogo', userId: 1 }).then([created]);
    spec(fileList)
      .given([created, added])
      .when({ type: 'ChangeFileList', name: 'Catálogo', message: 'Novo', keepOptionIds: [] })
      .then([
        { type: 'FileListChanged', data: { fileListId: 5, changes: { message: 'Novo' } } },
        { type: 'FileListOptionRemoved', data: { fileListId: 5, optionId: option.optionId } },
      ]);
  });
  it('adds files up to the limit, and a deleted list is not found', () => {
    spec(fileList)
      .given([created])
      .when({ type: 'AddFileOptions', options: [option] })
      .then([added]);
    spec(fileList)
      .given([created])
      .when({ type: 'AddFileOptions', options: Array.from({ length: 21 }, () => option) })
      .thenThrows('ERR_VALIDATION');
    spec(fileList)
      .given([created, { type: 'FileListDeleted', data: { fileListId: 5 } }])
      .when({ type: 'DeleteFileList' })
      .thenThrows('ERR_NO_FILE_LIST_FOUND');
  });
});
