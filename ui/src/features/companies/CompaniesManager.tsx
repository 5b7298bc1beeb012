import { Badge, Field, Grid, Input, Switch } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuCalendarPlus } from 'react-icons/lu';
import type { Plan } from '@conversa/contracts';
import { formatDate } from '../../app/dates';
import { useT, type MessageKey } from '../../i18n';
import type { Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { RecordManager } from '../../shared/RecordManager';
import { namedOptions, SelectField } from '../../shared/SelectField';
import { hasErrors } from '../../shared/validation';
import { useForm } from '../../shared/useForm';
import { useAllPlansQuery } from '../plans/api';
import {
  useAdvanceDueDateMutation,
  useCompaniesQuery,
  useCreateCompanyMutation,
  useDeleteCompanyMutation,
  useUpdateCompanyMutation,
  type CompanyRecord,
  type Recurrence,
} from './api';
import {
  companyChanges,
  companyFormOf,
  companyRequestOf,
  dueDateTone,
  emptyCompanyForm,
  phoneDigits,
  recurrences,
  validateCompanyForm,
  type CompanyField,
  type CompanyFormValues,
} from './companyForm';

const feedbackTexts = { success: 'companies.success', saveFailed: 'companies.saveFailed', deleteFailed: 'companies.deleteFailed' } as const;

const toneColours = { overdue: 'red.subtle', soon: 'yellow.subtle' } as const;

/** The companies screen (super user): the table of companies, the add and edit dialog, the due-date advance. */
export function CompaniesManager() {
  const t = useT();
  const query = useCompaniesQuery();
  const { data: plans = [] } = useAllPlansQuery();
  const [deleteCompany] = useDeleteCompanyMutation();
  const [advanceDueDate, advancing] = useAdvanceDueDateMutation();
  const feedback = useFeedback(feedbackTexts);
  const planNames = useMemo(() => new Map(plans.map((plan) => [plan.id, plan.name])), [plans]);
  const today = new Date();

  const advance = async (company: CompanyRecord) => {
    try {
      await advanceDueDate(company.id).unwrap();
      feedback.succeeded();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  const columns: Column<CompanyRecord>[] = [
    { key: 'name', header: 'companies.field.name', render: (company) => company.name, cell: (company) => ({ 'data-testid': `company-name-${company.id}` }) },
    { key: 'email', header: 'companies.field.email', render: (company) => company.email },
    {
      key: 'plan',
      header: 'companies.field.planId',
      render: (company) => planNames.get(company.planId) ?? `#${company.planId}`,
      cell: (company) => ({ 'data-testid': `company-plan-${company.id}` }),
    },
    {
      key: 'status',
      header: 'companies.field.status',
      render: (company) => (
        <Badge colorPalette={company.status ? 'green' : 'gray'}>{t(company.status ? 'companies.status.active' : 'companies.status.inactive')}</Badge>
      ),
    },
    {
      key: 'due',
      header: 'companies.field.dueDate',
      render: (company) => formatDate(company.dueDate),
      cell: (company) => ({ 'data-testid': `company-due-${company.id}` }),
    },
    { key: 'recurrence', header: 'companies.field.recurrence', render: (company) => t(`companies.recurrence.${company.recurrence}` as MessageKey) },
    { key: 'createdAt', header: 'companies.column.createdAt', render: (company) => formatDate(company.createdAt) },
  ];

  return (
    <RecordManager
      texts="companies"
      testId="company"
      plural="companies"
      query={query}
      columns={columns}
      remove={deleteCompany}
      feedback={feedback}
      edit={(company, close) => <CompanyDialog company={company} plans={plans} onClose={close} />}
      table={{
        rowProps: (company) => {
          const tone = dueDateTone(company.dueDate, today);
          return { 'data-due': tone ?? 'ok', bg: tone ? toneColours[tone] : undefined };
        },
      }}
      // Company 1 runs the platform: its due date does not advance and it cannot be deleted.
      actions={[
        {
          key: 'advance',
          label: 'companies.advanceDueDate',
          icon: <LuCalendarPlus />,
          onClick: advance,
          testId: (company) => `company-advance-${company.id}`,
          shown: (company) => company.id !== 1,
          busy: (company) => advancing.isLoading && advancing.originalArgs === company.id,
        },
      ]}
      deleteShown={(company) => company.id !== 1}
    />
  );
}

/** Add or edit a company: every field of the company, the plan with its attendants and connections, and the first admin's password when adding. */
export function CompanyDialog({ company, plans, onClose }: { company: CompanyRecord | null; plans: readonly Plan[]; onClose: () => void }) {
  const t = useT();
  const creating = company === null;
  const { values, set, errors, check } = useForm<CompanyFormValues, CompanyField>(
    () => (company ? companyFormOf(company) : emptyCompanyForm(new Date(), plans[0]?.id)),
    (current) => validateCompanyForm(current, { creating }),
  );
  const [createCompany] = useCreateCompanyMutation();
  const [updateCompany] = useUpdateCompanyMutation();
  const feedback = useFeedback(feedbackTexts);
  // The plans may arrive after the dialog opened: a new company then starts on the first one.
  const planId = values.planId === '' && creating && plans[0] ? String(plans[0].id) : values.planId;
  const chosenPlan = plans.find((plan) => String(plan.id) === planId);

  const submit = async () => {
    const current = { ...values, planId };
    if (hasErrors(check(current))) return;
    try {
      if (creating) {
        await createCompany({ ...companyRequestOf(current), ...(current.password ? { password: current.password } : {}) }).unwrap();
      } else {
        const changes = companyChanges(company, current);
        if (Object.keys(changes).length > 0) await updateCompany({ id: company.id, ...changes }).unwrap();
      }
      feedback.succeeded();
      onClose();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  const error = (field: CompanyField) => errors[field] && <Field.ErrorText data-testid={`company-field-${field}-error`}>{t(errors[field])}</Field.ErrorText>;

  const text = (
    field: 'name' | 'email' | 'password' | 'document' | 'paymentMethod' | 'addressStreet' | 'addressCity' | 'addressState',
    label: MessageKey,
    options: { type?: string; required?: boolean; helper?: MessageKey } = {},
  ) => (
    <Field.Root invalid={!!errors[field]} required={options.required}>
      <Field.Label>{t(label)}</Field.Label>
      <Input
        type={options.type ?? 'text'}
        value={values[field]}
        autoComplete={field === 'password' ? 'new-password' : 'off'}
        onChange={(event) => set(field, event.target.value)}
        data-testid={`company-field-${field}`}
      />
      {options.helper && !errors[field] && <Field.HelperText>{t(options.helper)}</Field.HelperText>}
      {error(field)}
    </Field.Root>
  );

  return (
    <FormDialog
      title={t(creating ? 'companies.dialog.addTitle' : 'companies.dialog.editTitle')}
      testId="company-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="company-save"
      size="lg"
      scrollInside
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        {text('name', 'companies.field.name', { required: true })}
        {text('email', 'companies.field.email', { type: 'email', required: true })}
        {creating && text('password', 'companies.field.password', { type: 'password', helper: 'companies.field.passwordHelper' })}
        <Field.Root invalid={!!errors.phone}>
          <Field.Label>{t('companies.field.phone')}</Field.Label>
          <Input
            value={values.phone}
            inputMode="numeric"
            onChange={(event) => set('phone', phoneDigits(event.target.value))}
            data-testid="company-field-phone"
          />
          {error('phone')}
        </Field.Root>
        {text('document', 'companies.field.document')}
        <SelectField
          label={t('companies.field.planId')}
          value={planId}
          onChange={(value) => set('planId', value)}
          options={namedOptions(plans, planId === '' ? t('companies.field.choosePlan') : undefined)}
          testId="company-field-planId"
          invalid={!!errors.planId}
          required
        >
          {chosenPlan && !errors.planId && (
            <Field.HelperText data-testid="company-plan-limits">
              {t('companies.field.planLimits', { users: chosenPlan.users, connections: chosenPlan.connections })}
            </Field.HelperText>
          )}
          {error('planId')}
        </SelectField>
        <Field.Root invalid={!!errors.dueDate} required>
          <Field.Label>{t('companies.field.dueDate')}</Field.Label>
          <Input
            type="date"
            value={values.dueDate}
            disabled={company?.id === 1}
            onChange={(event) => set('dueDate', event.target.value)}
            data-testid="company-field-dueDate"
          />
          {error('dueDate')}
        </Field.Root>
        <SelectField
          label={t('companies.field.recurrence')}
          value={values.recurrence}
          onChange={(value) => set('recurrence', value as Recurrence)}
          options={recurrences.map((recurrence) => ({ value: recurrence, label: t(`companies.recurrence.${recurrence}` as MessageKey) }))}
          testId="company-field-recurrence"
        />
        {text('paymentMethod', 'companies.field.paymentMethod')}
        {text('addressStreet', 'companies.field.addressStreet')}
        {text('addressCity', 'companies.field.addressCity')}
        {text('addressState', 'companies.field.addressState')}
        <Switch.Root checked={values.status} onCheckedChange={(details) => set('status', details.checked)} data-testid="company-field-status">
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('companies.field.status')}</Switch.Label>
        </Switch.Root>
      </Grid>
    </FormDialog>
  );
}
