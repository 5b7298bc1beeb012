import type { ReportArgs } from '../api';

/** What the report's filter bar holds before the filter button runs it. */
export interface ReportFilterValues {
  contact: { id: number; name: string } | { text: string } | null;
  whatsappId: string;
  status: string;
  userId: string;
  tagId: string;
  queueId: string;
  dateFrom: string;
  dateTo: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Defaults: from the first day of the current month ("Data Inicial") to today ("Data Final"). */
export function initialReportFilter(today: Date): ReportFilterValues {
  return {
    contact: null,
    whatsappId: '',
    status: '',
    userId: '',
    tagId: '',
    queueId: '',
    dateFrom: localDay(new Date(today.getFullYear(), today.getMonth(), 1)),
    dateTo: localDay(today),
  };
}

const one = (value: string): number[] => (value === '' ? [] : [Number(value)]);

/** The call's parameters for a page of the report. */
export function reportArgs(values: ReportFilterValues, page: number, pageSize: number): ReportArgs {
  return {
    ...(values.contact && 'id' in values.contact ? { contactId: values.contact.id } : {}),
    ...(values.contact && 'text' in values.contact ? { searchParam: values.contact.text } : {}),
    whatsappId: one(values.whatsappId),
    users: one(values.userId),
    queueIds: one(values.queueId),
    tags: one(values.tagId),
    status: values.status === '' ? [] : [values.status],
    dateFrom: values.dateFrom,
    dateTo: values.dateTo,
    page,
    pageSize,
  };
}

/** The typed text is offered as a search entry when it has 3 characters or more and no lookup is running. */
export const offersFreeText = (text: string, loading: boolean): boolean => text.trim().length >= 3 && !loading;
