import { Badge, Button, CloseButton, Dialog, Field, Grid, IconButton, Input, NativeSelect, Portal, Switch, Table } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { LuCalendarPlus, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { Plan } from '@conversa/contracts';
import { formatDate } from '../../app/dates';
import { useT, type MessageKey } from '../../i18n';
import { useAllPlansQuery } from '../plans/api';
import { useAdminFeedback } from './adminFeedback';
import { AdminList, useConfirmedDelete } from './AdminList';
import { useAdvanceDueDateMutation, useCompaniesQuery, useCreateCompanyMutation, useDeleteCompanyMutation, useUpdateCompanyMutation, type CompanyRecord, type Recurrence } from './api';
import { companyChanges, companyFormOf, companyRequestOf, dueDateTone, emptyCompanyForm, phoneDigits, recurrences, validateCompanyForm, type CompanyField, type CompanyFormErrors, type CompanyFormValues } from './companyForm';

const feedbackTexts = { success: 'companies.success', saveFailed: 'companies.saveFailed', deleteFailed: 'companies.deleteFailed' } as const;

const toneColours = { overdue: 'red.subtle', soon: 'yellow.subtle' } as const;

/** Spec 2 §2 companies screen (super user): the table of companies, the add and edit dialog, the due-date advance. */
export function CompaniesManager() {
  const t = useT();
  const { data: companies = [], isLoading, isError, refetch } = useCompaniesQuery();
  const { data: plans = [] } = useAllPlansQuery();
  const [editing, setEditing] = useState<{ company: CompanyRecord | null } | null>(null);
  const [deleteCompany, deletingState] = useDeleteCompanyMutation();
  const [advanceDueDate, advancing] = useAdvanceDueDateMutation();
  const feedback = useAdminFeedback(feedbackTexts);
  const deletion = useConfirmedDelete<CompanyRecord>({ remove: deleteCompany, removing: deletingState.isLoading, feedback, title: 'companies.deleteConfirm', testId: 'company-delete-dialog' });
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

  return (
    <AdminList
      list="companies"
      item="company"
      title="companies.title"
      addLabel="companies.add"
      onAdd={() => setEditing({ company: null })}
      loadFailed="companies.loadFailed"
      query={{ isLoading, isError, refetch }}
      dialogs={
        <>
          {editing && <CompanyDialog company={editing.company} plans={plans} onClose={() => setEditing(null)} />}
          {deletion.dialog}
        </>
      }
    >
      <Table.Root size="sm" data-testid="companies-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('companies.field.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.field.email')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.field.planId')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.field.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.field.dueDate')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.field.recurrence')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('companies.column.createdAt')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('companies.column.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {companies.map((company) => {
            const tone = dueDateTone(company.dueDate, today);
            return (
              <Table.Row key={company.id} data-testid={`company-row-${company.id}`} data-due={tone ?? 'ok'} bg={tone ? toneColours[tone] : undefined}>
                <Table.Cell data-testid={`company-name-${company.id}`}>{company.name}</Table.Cell>
                <Table.Cell>{company.email}</Table.Cell>
                <Table.Cell data-testid={`company-plan-${company.id}`}>{planNames.get(company.planId) ?? `#${company.planId}`}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={company.status ? 'green' : 'gray'}>{t(company.status ? 'companies.status.active' : 'companies.status.inactive')}</Badge>
                </Table.Cell>
                <Table.Cell data-testid={`company-due-${company.id}`}>{formatDate(company.dueDate)}</Table.Cell>
                <Table.Cell>{t(`companies.recurrence.${company.recurrence}` as MessageKey)}</Table.Cell>
                <Table.Cell>{formatDate(company.createdAt)}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {company.id !== 1 && (
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={t('companies.advanceDueDate')}
                      title={t('companies.advanceDueDate')}
                      loading={advancing.isLoading && advancing.originalArgs === company.id}
                      onClick={() => advance(company)}
                      data-testid={`company-advance-${company.id}`}
                    >
                      <LuCalendarPlus />
                    </IconButton>
                  )}
                  <IconButton size="sm" variant="ghost" aria-label={t('companies.edit')} title={t('companies.edit')} onClick={() => setEditing({ company })} data-testid={`company-edit-${company.id}`}>
                    <LuPencil />
                  </IconButton>
                  {company.id !== 1 && (
                    <IconButton size="sm" variant="ghost" aria-label={t('companies.delete')} title={t('companies.delete')} onClick={() => deletion.ask(company)} data-testid={`company-delete-${company.id}`}>
                      <LuTrash2 />
                    </IconButton>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </AdminList>
  );
}

/** Add or edit a company: every field of spec 2 §3, the plan with its attendants and connections, and the first admin's password when adding. */
export function CompanyDialog({ company, plans, onClose }: { company: CompanyRecord | null; plans: readonly Plan[]; onClose: () => void }) {
  const t = useT();
  const creating = company === null;
  const [values, setValues] = useState<CompanyFormValues>(() => (company ? companyFormOf(company) : emptyCompanyForm(new Date(), plans[0]?.id)));
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [createCompany, createState] = useCreateCompanyMutation();
  const [updateCompany, updateState] = useUpdateCompanyMutation();
  const feedback = useAdminFeedback(feedbackTexts);
  // The plans may arrive after the dialog opened: a new company then starts on the first one.
  const planId = values.planId === '' && creating && plans[0] ? String(plans[0].id) : values.planId;
  const chosenPlan = plans.find((plan) => String(plan.id) === planId);

  const set = <F extends CompanyField>(field: F, value: CompanyFormValues[F]) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const current = { ...values, planId };
    const found = validateCompanyForm(current, { creating });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
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

  const text = (field: 'name' | 'email' | 'password' | 'document' | 'paymentMethod' | 'addressStreet' | 'addressCity' | 'addressState', label: MessageKey, options: { type?: string; required?: boolean; helper?: MessageKey } = {}) => (
    <Field.Root invalid={!!errors[field]} required={options.required}>
      <Field.Label>{t(label)}</Field.Label>
      <Input type={options.type ?? 'text'} value={values[field]} autoComplete={field === 'password' ? 'new-password' : 'off'} onChange={(event) => set(field, event.target.value)} data-testid={`company-field-${field}`} />
      {options.helper && !errors[field] && <Field.HelperText>{t(options.helper)}</Field.HelperText>}
      {error(field)}
    </Field.Root>
  );

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="company-dialog" asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t(creating ? 'companies.dialog.addTitle' : 'companies.dialog.editTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  {text('name', 'companies.field.name', { required: true })}
                  {text('email', 'companies.field.email', { type: 'email', required: true })}
                  {creating && text('password', 'companies.field.password', { type: 'password', helper: 'companies.field.passwordHelper' })}
                  <Field.Root invalid={!!errors.phone}>
                    <Field.Label>{t('companies.field.phone')}</Field.Label>
                    <Input value={values.phone} inputMode="numeric" onChange={(event) => set('phone', phoneDigits(event.target.value))} data-testid="company-field-phone" />
                    {error('phone')}
                  </Field.Root>
                  {text('document', 'companies.field.document')}
                  <Field.Root invalid={!!errors.planId} required>
                    <Field.Label>{t('companies.field.planId')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={planId} onChange={(event) => set('planId', event.target.value)} data-testid="company-field-planId">
                        {planId === '' && <option value="">{t('companies.field.choosePlan')}</option>}
                        {plans.map((plan) => (
                          <option key={plan.id} value={String(plan.id)}>
                            {plan.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {chosenPlan && !errors.planId && (
                      <Field.HelperText data-testid="company-plan-limits">{t('companies.field.planLimits', { users: chosenPlan.users, connections: chosenPlan.connections })}</Field.HelperText>
                    )}
                    {error('planId')}
                  </Field.Root>
                  <Field.Root invalid={!!errors.dueDate} required>
                    <Field.Label>{t('companies.field.dueDate')}</Field.Label>
                    <Input type="date" value={values.dueDate} disabled={company?.id === 1} onChange={(event) => set('dueDate', event.target.value)} data-testid="company-field-dueDate" />
                    {error('dueDate')}
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>{t('companies.field.recurrence')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field value={values.recurrence} onChange={(event) => set('recurrence', event.target.value as Recurrence)} data-testid="company-field-recurrence">
                        {recurrences.map((recurrence) => (
                          <option key={recurrence} value={recurrence}>
                            {t(`companies.recurrence.${recurrence}` as MessageKey)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
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
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={createState.isLoading || updateState.isLoading} data-testid="company-save">
                  {t('common.save')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
