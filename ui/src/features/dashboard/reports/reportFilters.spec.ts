import { describe, expect, it } from 'vitest';
import { initialReportFilter, offersFreeText, reportArgs } from './reportFilters';

describe('report filters', () => {
  it('start on the first day of the month and end today', () => {
    expect(initialReportFilter(new Date(2026, 10, 26, 15))).toMatchObject({ dateFrom: '2026-11-01', dateTo: '2026-11-26' });
  });

  it('turn choices into the report call, a typed contact into a search', () => {
    const values = { ...initialReportFilter(new Date(2026, 0, 5)), contact: { text: 'maria' }, userId: '7', status: 'closed' };
    expect(reportArgs(values, 2, 20)).toEqual({
      searchParam: 'maria',
      whatsappId: [],
      users: [7],
      queueIds: [],
      tags: [],
      status: ['closed'],
      dateFrom: '2026-01-01',
      dateTo: '2026-01-05',
      page: 2,
      pageSize: 20,
    });
    expect(reportArgs({ ...values, contact: { id: 3, name: 'Ana' } }, 1, 10)).toMatchObject({ contactId: 3 });
  });

  it('offer the typed text only from 3 characters and not while loading', () => {
    expect(offersFreeText('ab', false)).toBe(false);
    expect(offersFreeText('abc', true)).toBe(false);
    expect(offersFreeText('abc', false)).toBe(true);
  });
});
