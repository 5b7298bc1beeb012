import { describe, expect, it } from 'vitest';
import { contactImport, type ContactImportEvent } from './contact-import';
import { fold } from '../commands/decider';

const importId = '0b0f6c1e-3d7a-4e55-9a51-7c5d2e1f0a11';
const requested: ContactImportEvent = {
  type: 'ContactImportRequested',
  data: { importId, fileName: 'c.xlsx', fileUrl: `/media/1/${importId}.xlsx`, total: 3 },
};
const now = new Date('2026-11-26T10:00:00Z');
const given = (...events: ContactImportEvent[]) => fold(contactImport, events);
const created = (row: number) => ({ row, number: `55119999900${row}`, outcome: 'created' as const, contactId: row });

describe('contact import', () => {
  it('given nothing, when asked for, then it is requested once', () => {
    expect(
      contactImport.decide(given(), { type: 'RequestContactImport', importId, fileName: 'c.xlsx', fileUrl: `/media/1/${importId}.xlsx`, total: 3 }, { now }),
    ).toEqual([requested]);
    expect(contactImport.decide(given(requested), { type: 'RequestContactImport', importId, fileName: 'c.xlsx', fileUrl: 'x', total: 3 }, { now })).toEqual([]);
  });

  it('given rows 1 and 2 done, when a batch with rows 2 and 3 is recorded again after a crash, then only row 3 is recorded', () => {
    const state = given(requested, { type: 'ContactImportRowsProcessed', data: { importId, results: [created(1), created(2)] } });
    expect(contactImport.decide(state, { type: 'RecordImportedRows', results: [created(2), created(3)] }, { now })).toEqual([
      { type: 'ContactImportRowsProcessed', data: { importId, results: [created(3)] } },
    ]);
  });

  it("given every row done, when the same rows come again, then nothing is recorded; rows beyond the file's count are ignored", () => {
    const state = given(requested, { type: 'ContactImportRowsProcessed', data: { importId, results: [created(1), created(2), created(3)] } });
    expect(contactImport.decide(state, { type: 'RecordImportedRows', results: [created(3), created(4)] }, { now })).toEqual([]);
  });

  it('given an upload not yet read, when the worker reads it, then its count is recorded once, and rows wait for it', () => {
    const unread = given({ type: 'ContactImportRequested', data: { importId, fileName: 'c.xlsx', fileUrl: 'x' } });
    expect(contactImport.decide(unread, { type: 'RecordImportedRows', results: [created(2)] }, { now })).toEqual([]);
    const read = { type: 'ContactImportRead' as const, data: { importId, total: 2 } };
    expect(contactImport.decide(unread, { type: 'RecordContactImportRead', total: 2 }, { now })).toEqual([read]);
    const state = given({ type: 'ContactImportRequested', data: { importId, fileName: 'c.xlsx', fileUrl: 'x' } }, read);
    expect(contactImport.decide(state, { type: 'RecordContactImportRead', total: 5 }, { now })).toEqual([]);
    // Rows are sheet lines (the header is line 1): lines 2 and 4 of a sheet with a blank line 3.
    expect(contactImport.decide(state, { type: 'RecordImportedRows', results: [created(2), created(4), created(5)] }, { now })).toEqual([
      { type: 'ContactImportRowsProcessed', data: { importId, results: [created(2), created(4)] } },
    ]);
  });

  it('given a running import, when the worker refuses its file whole, then it ends with the code', () => {
    expect(contactImport.decide(given(requested), { type: 'FinishContactImport', error: 'ERR_CONTACT_IMPORT_FILE_INVALID' }, { now })).toEqual([
      { type: 'ContactImportFinished', data: { importId, error: 'ERR_CONTACT_IMPORT_FILE_INVALID' } },
    ]);
  });

  it('given a finished import, when finished again or given rows, then nothing happens', () => {
    const state = given(requested, { type: 'ContactImportFinished', data: { importId } });
    expect(contactImport.decide(state, { type: 'FinishContactImport' }, { now })).toEqual([]);
    expect(contactImport.decide(state, { type: 'RecordImportedRows', results: [created(1)] }, { now })).toEqual([]);
  });

  it('given no import, when rows are recorded, then it is not found', () => {
    expect(() => contactImport.decide(given(), { type: 'RecordImportedRows', results: [created(1)] }, { now })).toThrow(
      expect.objectContaining({ code: 'ERR_NO_CONTACT_IMPORT_FOUND' }),
    );
  });

  it('given a running import, when finished with an unreadable file, then it says so', () => {
    expect(contactImport.decide(given(requested), { type: 'FinishContactImport', unreadable: true }, { now })).toEqual([
      { type: 'ContactImportFinished', data: { importId, unreadable: true } },
    ]);
  });
});
