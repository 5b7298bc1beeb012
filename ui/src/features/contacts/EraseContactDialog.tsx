import { Field, List, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { useEraseContactMutation } from './api';
import { eraseReasonError } from './validation';

/**
 * "Apagar dados (LGPD)": says what is lost for good and what stays, and asks why (kept in the log with who and
 * when). Admins only: the drawer shows the action where the role table's contactErasure row allows.
 */
export function EraseContactDialog({ contactId, open, onClose }: { contactId: number; open: boolean; onClose: () => void }) {
  const t = useT();
  const showError = useErrorToast();
  const [erase, erasing] = useEraseContactMutation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const error = eraseReasonError(reason);

  const confirm = async () => {
    setTouched(true);
    if (error) return;
    try {
      await erase({ id: contactId, reason: reason.trim() }).unwrap();
      toaster.create({ type: 'success', description: t('contactErase.done') });
      setReason('');
      setTouched(false);
      onClose();
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      size="md"
      closeButton
      title={t('contactErase.title')}
      onConfirm={() => void confirm()}
      onClose={onClose}
      loading={erasing.isLoading}
      confirmDisabled={reason.trim() === ''}
      testId="contact-erase-dialog"
    >
      <Stack gap="3">
        <Text>{t('contactErase.lost')}</Text>
        <List.Root ps="5" textStyle="sm">
          <List.Item>{t('contactErase.lostData')}</List.Item>
          <List.Item>{t('contactErase.lostMessages')}</List.Item>
          <List.Item>{t('contactErase.lostLists')}</List.Item>
        </List.Root>
        <Text textStyle="sm" color="fg.muted">
          {t('contactErase.kept')}
        </Text>
        <Field.Root required invalid={touched && error !== null}>
          <Field.Label>{t('contactErase.reason')}</Field.Label>
          <Textarea
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            data-testid="contact-erase-reason"
          />
          {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </ConfirmDialog>
  );
}
