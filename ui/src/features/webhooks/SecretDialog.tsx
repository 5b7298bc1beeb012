import { Alert, Button, Code, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCopy } from 'react-icons/lu';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';

/** The signing secret, shown once (after a creation or a rotation), with a copy button. */
export default function SecretDialog({ secret, onClose }: { secret: string; onClose(): void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <FormDialog
      title={t('webhooks.secret.title')}
      testId="webhook-secret-dialog"
      onClose={onClose}
      size="md"
      footer={
        <Button onClick={onClose} data-testid="webhook-secret-done">
          {t('webhooks.secret.done')}
        </Button>
      }
    >
      <Stack gap="3">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('webhooks.secret.notice')}</Alert.Title>
        </Alert.Root>
        <HStack>
          <Code flex="1" p="2" wordBreak="break-all" data-testid="webhook-secret">
            {secret}
          </Code>
          <Button size="sm" variant="outline" onClick={copy} data-testid="webhook-secret-copy">
            <LuCopy />
            {t(copied ? 'webhooks.secret.copied' : 'webhooks.secret.copy')}
          </Button>
        </HStack>
      </Stack>
    </FormDialog>
  );
}
