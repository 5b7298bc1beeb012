import { Box, Button, Field, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { CONTACT_IMPORT_EXTENSIONS, type ContactImportStatus } from '@conversa/contracts';
import { useEffect, useState } from 'react';
import { useErrorToast } from '../../app/notify';
import { useSocketEvent } from '../../app/SocketProvider';
import { isMessageKey, useT, type MessageKey } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { useContactImportQuery, useUploadContactsMutation } from './pageApi';

/** How often the screen asks how far the import got. */
export const IMPORT_POLL_MS = 500;

/** The furthest of the statuses known for one import (the upload's answer, the polled route, the frames). */
export function furthestStatus(statuses: readonly (ContactImportStatus | null | undefined)[]): ContactImportStatus | null {
  let best: ContactImportStatus | null = null;
  for (const status of statuses) {
    if (!status) continue;
    if (!best || (status.state === 'done' && best.state !== 'done') || (status.state === best.state && status.processed > best.processed)) best = status;
  }
  return best;
}

/** Progress of an import: the bar, the counts, and the refused rows with their reasons. */
function ImportProgress({ status }: { status: ContactImportStatus }) {
  const t = useT();
  // The worker reads the file off the request: until it has, the count is unknown (total 0).
  const reading = status.state === 'running' && status.total === 0;
  const percent = reading ? 0 : status.total === 0 ? 100 : Math.round((status.processed / status.total) * 100);
  if (status.error) {
    const key = `errors.${status.error}`;
    return (
      <Stack gap="2" data-testid="contacts-import-status" data-state={status.state} data-error={status.error}>
        <Text fontWeight="medium">{t('contacts.import.notImported')}</Text>
        <Text fontSize="sm" color="fg.error" data-testid="contacts-import-error">
          {isMessageKey(key) ? t(key) : t('errors.generic')}
        </Text>
      </Stack>
    );
  }
  const label =
    status.state === 'done'
      ? t('contacts.import.done')
      : reading
        ? t('contacts.import.reading')
        : t('contacts.import.progress', { processed: status.processed, total: status.total });
  return (
    <Stack gap="3" data-testid="contacts-import-status" data-state={status.state}>
      <Progress.Root
        value={percent}
        max={100}
        colorPalette={status.state === 'done' ? 'green' : 'blue'}
        data-testid="contacts-import-progress"
        data-value={percent}
      >
        <Progress.Label textStyle="sm">{label}</Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" data-testid="contacts-import-summary">
        {t('contacts.import.summary', { created: status.created, updated: status.updated, refused: status.refused })}
      </Text>
      {status.refusals.length > 0 && (
        <Box maxH="48" overflowY="auto" borderWidth="1px" borderRadius="md" p="2" data-testid="contacts-import-refusals">
          {status.refusals.map((refusal) => (
            <Text key={refusal.row} fontSize="xs" color="fg.error">
              {t('contacts.import.row', { row: refusal.row, number: refusal.number })}:{' '}
              {t(`contacts.import.reason.${refusal.reason ?? 'failed'}` as MessageKey)}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/**
 * Import from a spreadsheet: pick an .xlsx, .xls or .csv, send it, then follow the server's progress until it is done.
 * The new contacts reach the list through their `contact` frames as they are written.
 */
export default function ImportContactsDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const showError = useErrorToast();
  const [file, setFile] = useState<File | null>(null);
  const [upload, uploading] = useUploadContactsMutation();
  const [started, setStarted] = useState<ContactImportStatus | null>(null);
  const running = started !== null;
  const [finished, setFinished] = useState(false);
  // Polls until the server says the import is done; the import's `contactImport` frames move the bar in between.
  const { data: polled } = useContactImportQuery(started?.importId ?? '', {
    skip: !running,
    pollingInterval: finished ? 0 : IMPORT_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  const [framed, setFramed] = useState<ContactImportStatus | null>(null);
  useSocketEvent('contactImport', (frame) => {
    const next = frame.contactImport;
    if (started && next.importId === started.importId) setFramed((current) => furthestStatus([current, next]));
  });
  // The route's own answer has the last word once done: frames carry the refused rows' numbers masked.
  const polledDone = polled !== undefined && polled.importId === started?.importId && polled.state === 'done';
  const status = polledDone ? polled : furthestStatus([started, polled, framed].filter((known) => known?.importId === started?.importId));
  useEffect(() => {
    if (polledDone || started?.state === 'done') setFinished(true);
  }, [polledDone, started?.state]);

  const submit = async () => {
    if (!file || running) return;
    try {
      setStarted(await upload(file).unwrap());
    } catch (error) {
      showError(error);
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('contacts.import.title')}
      testId="contacts-import-dialog"
      onSubmit={submit}
      footer={
        running ? (
          <Button variant="outline" onClick={onClose} disabled={!finished} data-testid="contacts-import-close">
            {t('contacts.import.close')}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={uploading.isLoading} disabled={!file} data-testid="contacts-import-start">
              {t('contacts.import.start')}
            </Button>
          </>
        )
      }
    >
      {status ? (
        <ImportProgress status={status} />
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t('contacts.import.hint')}
          </Text>
          <Field.Root>
            <Field.Label>{t('contacts.import.file')}</Field.Label>
            <Input
              type="file"
              p="1"
              accept={CONTACT_IMPORT_EXTENSIONS.join(',')}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              data-testid="contacts-import-file"
            />
          </Field.Root>
        </Stack>
      )}
    </FormDialog>
  );
}
