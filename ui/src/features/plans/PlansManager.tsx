import { Badge, Button, CloseButton, Dialog, Field, Grid, HStack, IconButton, Input, Portal, SimpleGrid, Stack, Switch, Table, Text, Wrap } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import type { Plan, PlanFlag } from '@conversa/contracts';
import { useT, type MessageKey } from '../../i18n';
import { useAdminFeedback } from '../companies/adminFeedback';
import { AdminList, useConfirmedDelete } from '../companies/AdminList';
import { useAllPlansQuery, useCreatePlanMutation, useDeletePlanMutation, useUpdatePlanMutation } from './api';
import { emptyPlanForm, formatPlanAmount, planFlags, planFormOf, planRequestOf, validatePlanForm, type PlanField, type PlanFormErrors, type PlanFormValues } from './planForm';

const feedbackTexts = { success: 'plans.success', saveFailed: 'plans.saveFailed', deleteFailed: 'plans.deleteFailed' } as const;

/** Spec 2 §2 plans screen (super user): every plan with its limits, price and flags; add, edit, delete. */
export function PlansManager() {
  const t = useT();
  const { data: plans = [], isLoading, isError, refetch } = useAllPlansQuery();
  const [editing, setEditing] = useState<{ plan: Plan | null } | null>(null);
  const [deletePlan, deletingState] = useDeletePlanMutation();
  const feedback = useAdminFeedback(feedbackTexts);
  const deletion = useConfirmedDelete<Plan>({ remove: deletePlan, removing: deletingState.isLoading, feedback, title: 'plans.deleteConfirm', testId: 'plan-delete-dialog' });

  return (
    <AdminList
      list="plans"
      item="plan"
      title="plans.title"
      addLabel="plans.add"
      onAdd={() => setEditing({ plan: null })}
      loadFailed="plans.loadFailed"
      query={{ isLoading, isError, refetch }}
      empty={{ when: plans.length === 0, text: 'plans.empty' }}
      dialogs={
        <>
          {editing && <PlanDialog plan={editing.plan} onClose={() => setEditing(null)} />}
          {deletion.dialog}
        </>
      }
    >
      <Table.Root size="sm" interactive data-testid="plans-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('plans.field.name')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('plans.field.users')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('plans.field.connections')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('plans.field.queues')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('plans.field.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('plans.column.features')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('plans.column.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {plans.map((plan) => (
            <Table.Row key={plan.id} data-testid={`plan-row-${plan.id}`}>
              <Table.Cell>
                <HStack gap="2">
                  <Text data-testid={`plan-name-${plan.id}`}>{plan.name}</Text>
                  {!plan.isPublic && <Badge variant="outline">{t('plans.private')}</Badge>}
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end">{plan.users}</Table.Cell>
              <Table.Cell textAlign="end">{plan.connections}</Table.Cell>
              <Table.Cell textAlign="end">{plan.queues}</Table.Cell>
              <Table.Cell textAlign="end" data-testid={`plan-amount-${plan.id}`}>
                {formatPlanAmount(plan.amount)}
              </Table.Cell>
              <Table.Cell>
                <Wrap gap="1">
                  {planFlags
                    .filter((flag) => plan[flag])
                    .map((flag) => (
                      <Badge key={flag} size="sm" colorPalette="green" variant="subtle">
                        {t(`plans.flag.${flag}` as MessageKey)}
                      </Badge>
                    ))}
                </Wrap>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <IconButton size="sm" variant="ghost" aria-label={t('plans.edit')} title={t('plans.edit')} onClick={() => setEditing({ plan })} data-testid={`plan-edit-${plan.id}`}>
                  <LuPencil />
                </IconButton>
                <IconButton size="sm" variant="ghost" aria-label={t('plans.delete')} title={t('plans.delete')} onClick={() => deletion.ask(plan)} data-testid={`plan-delete-${plan.id}`}>
                  <LuTrash2 />
                </IconButton>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </AdminList>
  );
}

/** Add or edit a plan: name, limits, monthly price, the ten feature flags and whether signup offers it. */
export function PlanDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const t = useT();
  const creating = plan === null;
  const [values, setValues] = useState<PlanFormValues>(() => (plan ? planFormOf(plan) : emptyPlanForm()));
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [createPlan, createState] = useCreatePlanMutation();
  const [updatePlan, updateState] = useUpdatePlanMutation();
  const feedback = useAdminFeedback(feedbackTexts);

  const set = <F extends keyof PlanFormValues>(field: F, value: PlanFormValues[F]) => setValues((current) => ({ ...current, [field]: value }));
  const setFlag = (flag: PlanFlag, on: boolean) => setValues((current) => ({ ...current, flags: { ...current.flags, [flag]: on } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePlanForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = planRequestOf(values);
      if (creating) await createPlan(body).unwrap();
      else await updatePlan({ id: plan.id, ...body }).unwrap();
      feedback.succeeded();
      onClose();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  const text = (field: PlanField, label: MessageKey, inputMode?: 'numeric' | 'decimal') => (
    <Field.Root invalid={!!errors[field]} required>
      <Field.Label>{t(label)}</Field.Label>
      <Input value={values[field]} inputMode={inputMode} onChange={(event) => set(field, event.target.value)} data-testid={`plan-field-${field}`} />
      {errors[field] && <Field.ErrorText data-testid={`plan-field-${field}-error`}>{t(errors[field])}</Field.ErrorText>}
    </Field.Root>
  );

  const toggle = (testId: string, label: string, checked: boolean, onChange: (checked: boolean) => void) => (
    <Switch.Root key={testId} checked={checked} onCheckedChange={(details) => onChange(details.checked)} data-testid={testId}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="plan-dialog" asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t(creating ? 'plans.dialog.addTitle' : 'plans.dialog.editTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
                    {text('name', 'plans.field.name')}
                    {text('amount', 'plans.field.amount', 'decimal')}
                  </Grid>
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                    {text('users', 'plans.field.users', 'numeric')}
                    {text('connections', 'plans.field.connections', 'numeric')}
                    {text('queues', 'plans.field.queues', 'numeric')}
                  </SimpleGrid>
                  <Stack gap="3">
                    <Text fontWeight="medium">{t('plans.column.features')}</Text>
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                      {planFlags.map((flag) => toggle(`plan-flag-${flag}`, t(`plans.flag.${flag}` as MessageKey), values.flags[flag], (on) => setFlag(flag, on)))}
                      {toggle('plan-flag-isPublic', t('plans.field.isPublic'), values.isPublic, (on) => set('isPublic', on))}
                    </SimpleGrid>
                  </Stack>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={createState.isLoading || updateState.isLoading} data-testid="plan-save">
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
