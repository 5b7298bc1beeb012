import { fileListStream, type FileOption } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { streamCommands, type Who } from '../shared/stream-commands';
import { fileList } from './file-list';

const run = streamCommands(fileList, fileListStream);

export async function createFileList(
  ctx: UseCaseContext & { ids: IdAllocator },
  input: Who & { name: string; message: string; userId: number },
): Promise<number> {
  const fileListId = await ctx.ids.next('file_list');
  await run(ctx, input, fileListId, { type: 'CreateFileList', fileListId, name: input.name, message: input.message, userId: input.userId });
  return fileListId;
}
export const changeFileList = (ctx: UseCaseContext, input: Who & { id: number; name?: string; message?: string; keepOptionIds?: string[] }) =>
  run(ctx, input, input.id, { type: 'ChangeFileList', name: input.name, message: input.message, keepOptionIds: input.keepOptionIds }).then(() => undefined);
export const addFileOptions = (ctx: UseCaseContext, input: Who & { id: number; options: FileOption[] }) =>
  run(ctx, input, input.id, { type: 'AddFileOptions', options: input.options }).then(() => undefined);
export const deleteFileList = (ctx: UseCaseContext, input: Who & { id: number }) => run(ctx, input, input.id, { type: 'DeleteFileList' }).then(() => undefined);
