import { DomainError, type ContactImportRowResult } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

/** A spreadsheet import of contacts (stream contactimport-<importId>): which rows are done, and whether it ended. */
export type ContactImport = { status: 'none' } | { status: 'running' | 'finished'; importId: string; fileUrl: string; total: number; done: Set<number> };

export type ContactImportCommand =
  | { type: 'RequestContactImport'; importId: string; fileName: string; fileUrl: string; total: number }
  | { type: 'RecordImportedRows'; results: ContactImportRowResult[] }
  | { type: 'FinishContactImport'; unreadable?: boolean };

export type ContactImportEvent =
  | { type: 'ContactImportRequested'; data: { importId: string; fileName: string; fileUrl: string; total: number } }
  | { type: 'ContactImportRowsProcessed'; data: { importId: string; results: ContactImportRowResult[] } }
  | { type: 'ContactImportFinished'; data: { importId: string; unreadable?: boolean } };

export const contactImport: Decider<ContactImport, ContactImportCommand, ContactImportEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContactImportRequested':
        return { status: 'running', importId: event.data.importId, fileUrl: event.data.fileUrl, total: event.data.total, done: new Set() };
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
      const { importId, fileName, fileUrl, total } = command;
      return [{ type: 'ContactImportRequested', data: { importId, fileName, fileUrl, total } }];
    }
    if (state.status === 'none') throw new DomainError('ERR_NO_CONTACT_IMPORT_FOUND');
    if (state.status === 'finished') return [];
    if (command.type === 'RecordImportedRows') {
      // A row has one outcome: a batch written again after a crash records only the rows not yet done.
      const fresh = command.results.filter((result) => result.row >= 1 && result.row <= state.total && !state.done.has(result.row));
      return fresh.length === 0 ? [] : [{ type: 'ContactImportRowsProcessed', data: { importId: state.importId, results: fresh } }];
    }
    return [{ type: 'ContactImportFinished', data: { importId: state.importId, ...(command.unreadable ? { unreadable: true } : {}) } }];
  },
};
