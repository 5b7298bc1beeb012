import { Button, Field, IconButton, Input, InputGroup, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { SUBSCRIPTION_WARNING_DAYS } from '../../app/constants';
import { subscriptionState } from '../../app/dates';
import { useAfterLoginPath } from '../../app/landing';
import { ERROR_TOAST_MS, useErrorToast } from '../../app/notify';
import { useAppDispatch } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { useLoginMutation } from './api';
import { PublicFrame, PublicLink } from './PublicFrame';
import { sessionStarted } from '../../app/sessionSlice';
import type { FieldErrors } from '../../shared/validation';
import { validateLogin } from './validation';

export default function LoginPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const afterLoginPath = useAfterLoginPath();
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [showPassword, setShowPassword] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const session = await login({ email: values.email.trim(), password: values.password }).unwrap();
      // An expired subscription leads to the financial screen; fewer than 5 days left warns.
      const subscription = subscriptionState(session.user.company.dueDate, new Date(), SUBSCRIPTION_WARNING_DAYS);
      if (subscription.kind === 'expired') {
        toaster.create({ type: 'error', description: t('login.expired', { date: subscription.date }), duration: ERROR_TOAST_MS });
      } else if (subscription.kind === 'expiring') {
        toaster.create({ type: 'warning', description: t('login.expiresSoon', { days: subscription.days }) });
      }
      dispatch(sessionStarted({ ...session, landing: subscription.kind === 'expired' ? '/financeiro-aberto' : afterLoginPath }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <PublicFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap="5">
          <Field.Root invalid={!!errors.email}>
            <Field.Label>{t('login.email')}</Field.Label>
            <Input
              name="email"
              type="email"
              autoComplete="email"
              autoFocus
              value={values.email}
              onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
              data-testid="login-email"
            />
            {errors.email && <Field.ErrorText>{t(errors.email)}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={!!errors.password}>
            <Field.Label>{t('login.password')}</Field.Label>
            <InputGroup
              endElement={
                <IconButton
                  variant="ghost"
                  size="xs"
                  me="-2"
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  onClick={() => setShowPassword((current) => !current)}
                >
                  {showPassword ? <LuEyeOff /> : <LuEye />}
                </IconButton>
              }
            >
              <Input
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
                data-testid="login-password"
              />
            </InputGroup>
            {errors.password && <Field.ErrorText>{t(errors.password)}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="lg" loading={isLoading} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Link asChild alignSelf="center" color="colorPalette.fg" fontSize="sm">
            <RouterLink to="/recovery-password" data-testid="recovery-link">
              {t('reset.forgot')}
            </RouterLink>
          </Link>
          <PublicLink lead="login.noAccount" to="/signup" label="login.signupLink" testId="signup-link" />
        </Stack>
      </form>
    </PublicFrame>
  );
}
