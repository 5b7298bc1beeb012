import { DomainError, type ContactImportRowResult, type ErrorCode } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

/**
 * A spreadsheet import of contacts (stream contactimport-<importId>): how many contact rows its file
 * holds (undefined until the worker has read it), which rows (by sheet line) are done, and whether it ended.
 */
export type ContactImport =
  { status: 'none' } | { status: 'running' | 'finished'; importId: string; fileUrl: string; total: number | undefined; done: Set<number> };

export type ContactImportCommand =
  | { type: 'RequestContactImport'; importId: string; fileName: string; fileUrl: string; total?: number; contactListId?: number }
  | { type: 'RecordContactImportRead'; total: number }
  | { type: 'RecordImportedRows'; results: ContactImportRowResult[] }
  | { type: 'FinishContactImport'; unreadable?: boolean; error?: ErrorCode };

export type ContactImportEvent =
  | { type: 'ContactImportRequested'; data: { importId: string; fileName: string; fileUrl: string; total?: number; contactListId?: number } }
  | { type: 'ContactImportRead'; data: { importId: string; total: number } }
  | { type: 'ContactImportRowsProcessed'; data: { importId: string; results: ContactImportRowResult[] } }
  | { type: 'ContactImportFinished'; data: { importId: string; unreadable?: boolean; error?: string } };

export const contactImport: Decider<ContactImport, ContactImportCommand, ContactImportEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContactImportRequested':
        return { status: 'running', importId: event.data.importId, fileUrl: event.data.fileUrl, total: event.data.total, done: new Set() };
      case 'ContactImportRead':
        return state.status === 'none' ? state : { ...state, total: event.data.total };
      case 'ContactImportRowsProcessed': {
        if (state.status === 'none') return state;
        const done = new Set(state.done);
        for (const result of event.data.results) done.add(result.row);
        return { ...state, done };
      }
      case 'ContactImportFinished':
        return state.status === 'none' ? state : { ...state, status: 'finished' };
    }
  },
  decide(state, command) {
    if (command.type === 'RequestContactImport') {
      if (state.status !== 'none') return [];
      const { importId, fileName, fileUrl, total, contactListId } = command;
      return [
        {
          type: 'ContactImportRequested',
          data: { importId, fileName, fileUrl, ...(total === undefined ? {} : { total }), ...(contactListId === undefined ? {} : { contactListId }) },
        },
      ];
    }
    if (state.status === 'none') throw new DomainError('ERR_NO_CONTACT_IMPORT_FOUND');
    if (state.status === 'finished') return [];
    if (command.type === 'RecordContactImportRead') {
      // The file is read once: a worker that reads it again after a crash finds the same count.
      return state.total === undefined ? [{ type: 'ContactImportRead', data: { importId: state.importId, total: command.total } }] : [];
    }
    if (command.type === 'RecordImportedRows') {
      if (state.total === undefined) return [];
      // A row has one outcome: a batch written again after a crash records only the rows not yet done,
      // and never more rows than the file holds.
      const fresh = command.results.filter((result) => result.row >= 1 && !state.done.has(result.row)).slice(0, Math.max(0, state.total - state.done.size));
      return fresh.length === 0 ? [] : [{ type: 'ContactImportRowsProcessed', data: { importId: state.importId, results: fresh } }];
    }
    const { unreadable, error } = command;
    return [{ type: 'ContactImportFinished', data: { importId: state.importId, ...(unreadable ? { unreadable: true } : {}), ...(error ? { error } : {}) } }];
  },
};
