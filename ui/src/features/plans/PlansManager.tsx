import { Badge, Field, Grid, HStack, Input, SimpleGrid, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import type { Plan, PlanFlag } from '@conversa/contracts';
import { useT, type MessageKey } from '../../i18n';
import type { Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { RecordManager } from '../../shared/RecordManager';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
import { useAllPlansQuery, useCreatePlanMutation, useDeletePlanMutation, useUpdatePlanMutation } from './api';
import { emptyPlanForm, formatPlanAmount, planFlags, planFormOf, planRequestOf, validatePlanForm, type PlanField, type PlanFormValues } from './planForm';

const feedbackTexts = { success: 'plans.success', saveFailed: 'plans.saveFailed', deleteFailed: 'plans.deleteFailed' } as const;

/** The plans screen (super user): every plan with its limits, price and flags; add, edit, delete. */
export function PlansManager() {
  const t = useT();
  const query = useAllPlansQuery();
  const [deletePlan] = useDeletePlanMutation();
  const feedback = useFeedback(feedbackTexts);

  const columns: Column<Plan>[] = [
    {
      key: 'name',
      header: 'plans.field.name',
      render: (plan) => (
        <HStack gap="2">
          <Text data-testid={`plan-name-${plan.id}`}>{plan.name}</Text>
          {!plan.isPublic && <Badge variant="outline">{t('plans.private')}</Badge>}
        </HStack>
      ),
    },
    { key: 'users', header: 'plans.field.users', align: 'end', render: (plan) => plan.users },
    { key: 'connections', header: 'plans.field.connections', align: 'end', render: (plan) => plan.connections },
    { key: 'queues', header: 'plans.field.queues', align: 'end', render: (plan) => plan.queues },
    {
      key: 'amount',
      header: 'plans.field.amount',
      align: 'end',
      render: (plan) => formatPlanAmount(plan.amount),
      cell: (plan) => ({ 'data-testid': `plan-amount-${plan.id}` }),
    },
    {
      key: 'features',
      header: 'plans.column.features',
      render: (plan) => (
        <Wrap gap="1">
          {planFlags
            .filter((flag) => plan[flag])
            .map((flag) => (
              <Badge key={flag} size="sm" colorPalette="green" variant="subtle">
                {t(`plans.flag.${flag}` as MessageKey)}
              </Badge>
            ))}
        </Wrap>
      ),
    },
  ];

  return (
    <RecordManager
      texts="plans"
      testId="plan"
      plural="plans"
      query={query}
      columns={columns}
      remove={deletePlan}
      feedback={feedback}
      edit={(plan, close) => <PlanDialog plan={plan} onClose={close} />}
      table={{ interactive: true, empty: { text: 'plans.empty' } }}
    />
  );
}

/** Add or edit a plan: name, limits, monthly price, the ten feature flags and whether signup offers it. */
export function PlanDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const t = useT();
  const creating = plan === null;
  const { values, setValues, set, errors, check } = useForm<PlanFormValues, PlanField>(() => (plan ? planFormOf(plan) : emptyPlanForm()), validatePlanForm);
  const [createPlan] = useCreatePlanMutation();
  const [updatePlan] = useUpdatePlanMutation();
  const feedback = useFeedback(feedbackTexts);

  const setFlag = (flag: PlanFlag, on: boolean) => setValues((current) => ({ ...current, flags: { ...current.flags, [flag]: on } }));

  const submit = async () => {
    if (hasErrors(check())) return;
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
    <FormDialog
      title={t(creating ? 'plans.dialog.addTitle' : 'plans.dialog.editTitle')}
      testId="plan-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="plan-save"
      size="lg"
      scrollInside
    >
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
    </FormDialog>
  );
}
