import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { SignupRequest } from '@conversa/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorCodeOf } from '../../app/api';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { PublicFrame, PublicLink } from '../session/PublicFrame';
import { useRequestResetCodeMutation, useSaveResetPasswordMutation, useVerifyResetCodeMutation } from './api';

/** After 'Tentativas excedidas' the screen goes back to the login after this long. */
export const REDIRECT_AFTER_ATTEMPTS_MS = 3000;

type Step = 'number' | 'code' | 'password';

/**
 * /recovery-password: the WhatsApp number, the code sent to it, the new password (the signup rules); then back to
 * /login. After three wrong codes the reset is dead and the screen returns to the login.
 */
export default function RecoveryPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('number');
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [resetId, setResetId] = useState('');
  const [error, setError] = useState<MessageKey | null>(null);
  const [requestCode, requesting] = useRequestResetCodeMutation();
  const [verifyCode, verifying] = useVerifyResetCodeMutation();
  const [savePassword, saving] = useSaveResetPasswordMutation();
  const toast = (type: 'success' | 'error', key: MessageKey) => toaster.create({ type, description: t(key) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (step === 'number') {
      if (number.trim() === '') return setError('reset.required');
      try {
        const answer = await requestCode(number.trim()).unwrap();
        setResetId(answer.resetId);
        toast('success', 'reset.sent');
        setStep('code');
      } catch (failure) {
        toaster.create({
          type: 'error',
          description: errorCodeOf(failure) === 'ERR_TOO_MANY_REQUESTS' ? t('errors.ERR_TOO_MANY_REQUESTS') : t('reset.verifyFailed'),
        });
      }
      return;
    }
    if (step === 'code') {
      if (!/^\d{6}$/.test(code.trim())) return setError('reset.incorrect');
      try {
        await verifyCode({ number: number.trim(), code: code.trim(), resetId }).unwrap();
        setStep('password');
      } catch (failure) {
        const failed = errorCodeOf(failure);
        if (failed === 'ERR_RESET_ATTEMPTS_EXCEEDED') {
          toast('error', 'reset.attemptsExceeded');
          setTimeout(() => navigate('/login'), REDIRECT_AFTER_ATTEMPTS_MS);
        } else
          toast(
            'error',
            failed === 'ERR_RESET_CODE_INCORRECT' ? 'reset.incorrect' : failed === 'ERR_RESET_CODE_INVALID' ? 'reset.invalid' : 'reset.verifyFailed',
          );
      }
      return;
    }
    if (!SignupRequest.shape.password.safeParse(password).success) return setError('reset.passwordRules');
    try {
      await savePassword({ resetId, newPassword: password }).unwrap();
      toast('success', 'reset.saved');
      void navigate('/login');
    } catch (failure) {
      toast('error', errorCodeOf(failure) === 'ERR_RESET_CODE_INVALID' ? 'reset.invalid' : 'reset.saveFailed');
    }
  };

  return (
    <PublicFrame title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Stack gap="5">
          <Field.Root invalid={step === 'number' && !!error} disabled={step !== 'number'}>
            <Field.Label>{t('reset.number')}</Field.Label>
            <Input
              type="tel"
              autoFocus
              value={number}
              placeholder="5511999998888"
              onChange={(event) => setNumber(event.target.value)}
              data-testid="reset-number"
            />
            {step === 'number' && error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
          </Field.Root>
          {step === 'code' && (
            <Field.Root invalid={!!error}>
              <Field.Label>{t('reset.code')}</Field.Label>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                value={code}
                onChange={(event) => setCode(event.target.value)}
                data-testid="reset-code"
              />
              {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
            </Field.Root>
          )}
          {step === 'password' && (
            <Field.Root invalid={!!error}>
              <Field.Label>{t('reset.newPassword')}</Field.Label>
              <Input
                type="password"
                autoComplete="new-password"
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                data-testid="reset-password"
              />
              <Field.HelperText>{t('reset.passwordRules')}</Field.HelperText>
              {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
            </Field.Root>
          )}
          <Button type="submit" size="lg" loading={requesting.isLoading || verifying.isLoading || saving.isLoading} data-testid="reset-submit">
            {t(step === 'number' ? 'reset.send' : step === 'code' ? 'reset.verify' : 'reset.save')}
          </Button>
          <PublicLink to="/login" label="reset.backToLogin" testId="reset-back" />
        </Stack>
      </form>
    </PublicFrame>
  );
}
