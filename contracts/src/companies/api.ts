import type { z } from 'zod';
import { RecordId, safeText } from '../common/bounds';
import { CompanyDetails, IsoDate } from './events';

/** The super user's company form. */
const CompanyForm = CompanyDetails.extend({
  name: safeText().trim().min(2, 'Muito curto!').max(50, 'Muito longo!'),
  email: safeText().trim().email('E-mail inválido'),
  phone: safeText().regex(/^(\d{11})?$/, 'O telefone deve ter 11 dígitos'),
  planId: RecordId,
  dueDate: IsoDate,
});

/** POST /companies. A password also creates the company's first admin, who logs in with the company's e-mail. */
export const CreateCompanyRequest = CompanyForm.partial({
  document: true,
  paymentMethod: true,
  addressStreet: true,
  addressState: true,
  addressCity: true,
  recurrence: true,
  status: true,
  phone: true,
})
  .extend({ password: safeText().min(5).max(50).optional() })
  .strict();
export type CreateCompanyRequest = z.infer<typeof CreateCompanyRequest>;

/** PUT /companies/{id}: the fields given change. */
export const UpdateCompanyRequest = CompanyForm.partial().strict();
export type UpdateCompanyRequest = z.infer<typeof UpdateCompanyRequest>;
