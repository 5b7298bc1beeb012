import type { ScheduleEntry } from '@conversa/contracts';
import { api } from '../../app/api';

export type Recurrence = 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';

/** A company as GET /companies answers it. */
export interface CompanyRecord {
  id: number;
  name: string;
  email: string;
  phone: string;
  document: string;
  planId: number;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  paymentMethod: string;
  addressStreet: string;
  addressState: string;
  addressCity: string;
  schedules: ScheduleEntry[];
  createdAt: string;
  lastLogin: string | null;
}

export interface CompanyRequest {
  name: string;
  email: string;
  phone: string;
  document: string;
  planId: number;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  paymentMethod: string;
  addressStreet: string;
  addressState: string;
  addressCity: string;
}

/** The companies calls of the super user's companies screen. */
export const companiesAdminApi = api.enhanceEndpoints({ addTagTypes: ['AdminCompanies'] }).injectEndpoints({
  endpoints: (build) => ({
    companies: build.query<CompanyRecord[], void>({
      query: () => 'companies',
      providesTags: ['AdminCompanies'],
    }),
    /** A password also creates the company's first admin, who logs in with the company's e-mail. */
    createCompany: build.mutation<CompanyRecord, CompanyRequest & { password?: string }>({
      query: (body) => ({ url: 'companies', method: 'POST', body }),
      invalidatesTags: ['AdminCompanies'],
    }),
    updateCompany: build.mutation<CompanyRecord, Partial<CompanyRequest> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `companies/${id}`, method: 'PUT', body }),
      invalidatesTags: ['AdminCompanies'],
    }),
    /** Moves the due date on by the company's recurrence. */
    advanceDueDate: build.mutation<CompanyRecord, number>({
      query: (id) => ({ url: `companies/${id}/advance-due-date`, method: 'POST' }),
      invalidatesTags: ['AdminCompanies'],
    }),
    deleteCompany: build.mutation<void, number>({
      query: (id) => ({ url: `companies/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminCompanies'],
    }),
  }),
});

export const { useCompaniesQuery, useCreateCompanyMutation, useUpdateCompanyMutation, useAdvanceDueDateMutation, useDeleteCompanyMutation } = companiesAdminApi;
