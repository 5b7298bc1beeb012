import { readContactRows } from '@conversa/api/contacts/spreadsheet';
import { consoleAutomationLogger, createContactImportWorker, type AutomationLogger, type ContactImportWorkerDeps } from '@conversa/automation';
import type { ApiContext } from '@conversa/api';
import { buffer } from 'node:stream/consumers';

/** The contact-import worker with the media store's kept uploads and the upload's own spreadsheet reader. */
export function contactImportWorker(
  ctx: ApiContext,
  connectionString: string,
  hooks?: ContactImportWorkerDeps['hooks'],
  logger: AutomationLogger = consoleAutomationLogger,
) {
  return createContactImportWorker({
    ctx,
    db: ctx.db,
    connectionString,
    openFile: async (companyId, url) => {
      const opened = await ctx.media.open(companyId, url);
      return opened && buffer(opened.stream);
    },
    removeFile: (companyId, url) => ctx.media.remove(companyId, url),
    readRows: readContactRows,
    logger,
    hooks,
  });
}
