import { Alert, Button, Checkbox, Field, Grid, HStack, Input, Progress, RadioCard, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { passwordStrength } from '@conversa/contracts';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { usePublicPlansQuery, useSignupMutation } from './api';
import { PublicFrame, PublicLink } from './PublicFrame';
import { validateSignup, type SignupField, type SignupValues } from './signupValidation';
import type { FieldErrors } from '../../shared/validation';

const strengthLabel = (strength: number): { key: MessageKey; palette: string } =>
  strength >= 100
    ? { key: 'signup.strength.strong', palette: 'green' }
    : strength >= 66
      ? { key: 'signup.strength.medium', palette: 'yellow' }
      : { key: 'signup.strength.weak', palette: 'red' };

const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function PasswordStrength({ password }: { password: string }) {
  const t = useT();
  const strength = passwordStrength(password);
  const label = strengthLabel(strength);
  return (
    <Progress.Root value={strength} max={100} size="sm" colorPalette={label.palette} data-testid="password-strength" data-value={strength} w="full">
      <HStack justify="space-between" mb="1">
        <Progress.Label textStyle="xs" color="fg.muted">
          {t('signup.strength')}
        </Progress.Label>
        <Text textStyle="xs" color="fg.muted">
          {password ? t(label.key) : ''}
        </Text>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function PlanChoice({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: MessageKey | undefined }) {
  const t = useT();
  const intl = useIntl();
  const plans = usePublicPlansQuery();
  return (
    <Field.Root invalid={!!error}>
      <RadioCard.Root value={value} onValueChange={(details) => onChange(details.value ?? '')} w="full" data-testid="plan-choice">
        <RadioCard.Label>{t('signup.plan')}</RadioCard.Label>
        {plans.isLoading ? (
          <Stack gap="2" aria-label={t('signup.plansLoading')}>
            <Skeleton h="16" />
            <Skeleton h="16" />
          </Stack>
        ) : plans.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title flex="1">{t('signup.plansError')}</Alert.Title>
            <Button size="xs" variant="outline" onClick={() => void plans.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert.Root>
        ) : (plans.data ?? []).length === 0 ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('signup.plansEmpty')}</Alert.Title>
          </Alert.Root>
        ) : (
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="2">
            {(plans.data ?? []).map((plan) => (
              <RadioCard.Item key={plan.id} value={String(plan.id)} data-testid={`plan-${plan.id}`}>
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl>
                  <RadioCard.ItemContent>
                    <RadioCard.ItemText>{plan.name}</RadioCard.ItemText>
                    <RadioCard.ItemDescription>
                      {t('signup.planDetails', { users: plan.users, connections: plan.connections, queues: plan.queues })}
                    </RadioCard.ItemDescription>
                    <Text fontWeight="semibold" color="colorPalette.fg">
                      {t('signup.planAmount', {
                        amount: intl.formatNumber(Number(plan.amount) || 0, { style: 'currency', currency: 'BRL' }),
                      })}
                    </Text>
                  </RadioCard.ItemContent>
                  <RadioCard.ItemIndicator />
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </Grid>
        )}
      </RadioCard.Root>
      {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
    </Field.Root>
  );
}

export default function SignupPage() {
  const t = useT();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const [params] = useSearchParams();
  const [signup, { isLoading }] = useSignupMutation();
  const [values, setValues] = useState<SignupValues>({
    name: '',
    companyName: '',
    email: '',
    phone: '',
    document: '',
    password: '',
    planId: '',
    termo: false,
    companyId: params.get('companyId') ?? undefined,
  });
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, request } = validateSignup(values);
    setErrors(found);
    // An invalid CPF/CNPJ (or any other failed rule) makes no call.
    if (!request) return;
    try {
      await signup(request).unwrap();
      toaster.create({ type: 'success', description: t('signup.success') });
      void navigate('/login', { replace: true });
    } catch (error) {
      showError(error);
    }
  };

  const text = (
    field: 'name' | 'companyName' | 'email' | 'phone' | 'document' | 'password',
    labelKey: MessageKey,
    options: { type?: string; autoComplete?: string; helper?: MessageKey; digits?: number; inputMode?: 'numeric' | 'email' } = {},
  ) => (
    <Field.Root invalid={!!errors[field]}>
      <Field.Label>{t(labelKey)}</Field.Label>
      <Input
        name={field}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        value={values[field]}
        onChange={(event) => set(field, options.digits ? digitsOnly(event.target.value, options.digits) : event.target.value)}
        data-testid={`signup-${field}`}
      />
      {errors[field] ? <Field.ErrorText>{t(errors[field])}</Field.ErrorText> : options.helper && <Field.HelperText>{t(options.helper)}</Field.HelperText>}
    </Field.Root>
  );

  return (
    <PublicFrame title={t('signup.title')} subtitle={t('signup.subtitle')} width="2xl">
      <form onSubmit={submit} noValidate data-testid="signup-form">
        <Stack gap="5">
          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            {text('name', 'signup.name', { autoComplete: 'name' })}
            {text('companyName', 'signup.companyName', { autoComplete: 'organization' })}
            {text('email', 'signup.email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
            {text('phone', 'signup.phone', { autoComplete: 'tel', helper: 'signup.phoneHelper', digits: 11, inputMode: 'numeric' })}
            {text('document', 'signup.document', { helper: 'signup.documentHelper', digits: 14, inputMode: 'numeric' })}
            <Stack gap="2">
              {text('password', 'signup.password', { type: 'password', autoComplete: 'new-password', helper: 'signup.passwordHelper' })}
              <PasswordStrength password={values.password} />
            </Stack>
          </Grid>
          <PlanChoice value={values.planId} onChange={(planId) => set('planId', planId)} error={errors.planId} />
          <Field.Root invalid={!!errors.termo}>
            <Checkbox.Root checked={values.termo} onCheckedChange={(details) => set('termo', details.checked === true)} data-testid="signup-terms">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('signup.terms')}</Checkbox.Label>
            </Checkbox.Root>
            {errors.termo && <Field.ErrorText>{t(errors.termo)}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="lg" loading={isLoading} data-testid="signup-submit">
            {t('signup.submit')}
          </Button>
          <PublicLink lead="signup.haveAccount" to="/login" label="signup.loginLink" testId="login-link" />
        </Stack>
      </form>
    </PublicFrame>
  );
}
