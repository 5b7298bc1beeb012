import type { CompanyView as CompanyRecord, CreateCompanyRequest, UpdateCompanyRequest } from '@conversa/contracts';
import { api } from '../../app/api';
import { del, get, post, put } from '../../shared/endpoints';

export type { CompanyView as CompanyRecord, Recurrence } from '@conversa/contracts';

/** The company form's whole body: every field POST /companies takes but the first admin's password. */
export type CompanyRequest = Required<Omit<CreateCompanyRequest, 'password'>>;

/** The companies calls of the super user's companies screen. */
export const companiesAdminApi = api.enhanceEndpoints({ addTagTypes: ['AdminCompanies'] }).injectEndpoints({
  endpoints: (build) => ({
    companies: build.query<CompanyRecord[], void>(get('companies', 'AdminCompanies')),
    /** A password also creates the company's first admin, who logs in with the company's e-mail. */
    createCompany: build.mutation<CompanyRecord, CreateCompanyRequest>(post('companies', 'AdminCompanies')),
    updateCompany: build.mutation<CompanyRecord, UpdateCompanyRequest & { id: number }>(put('companies', 'AdminCompanies')),
    /** Moves the due date on by the company's recurrence. */
    advanceDueDate: build.mutation<CompanyRecord, number>({
      query: (id) => ({ url: `companies/${id}/advance-due-date`, method: 'POST' }),
      invalidatesTags: ['AdminCompanies'],
    }),
    deleteCompany: build.mutation<void, number>(del('companies', 'AdminCompanies')),
  }),
});

export const { useCompaniesQuery, useCreateCompanyMutation, useUpdateCompanyMutation, useAdvanceDueDateMutation, useDeleteCompanyMutation } = companiesAdminApi;
