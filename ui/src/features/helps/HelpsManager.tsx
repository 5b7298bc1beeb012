import { Button, CloseButton, Dialog, Field, IconButton, Input, Portal, Stack, Table, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { LuPencil, LuPlay, LuTrash2 } from 'react-icons/lu';
import type { HelpView } from '@conversa/contracts';
import { useT, type MessageKey } from '../../i18n';
import { useAdminFeedback } from '../companies/adminFeedback';
import { AdminList, useConfirmedDelete } from '../companies/AdminList';
import { useCreateHelpMutation, useDeleteHelpMutation, useHelpsListQuery, useUpdateHelpMutation } from './api';
import { emptyHelpForm, helpFormOf, helpRequestOf, validateHelpForm, type HelpField, type HelpFormErrors, type HelpFormValues } from './helpForm';
import { HelpVideoModal } from './HelpVideo';

const feedbackTexts = { success: 'helps.success', saveFailed: 'helps.saveFailed', deleteFailed: 'helps.deleteFailed' } as const;

/** Spec 2 §2 helps screen (super user, a tab of settings): help entries with title, description and video. */
export function HelpsManager() {
  const t = useT();
  const { data: helps = [], isLoading, isError, refetch } = useHelpsListQuery();
  const [editing, setEditing] = useState<{ help: HelpView | null } | null>(null);
  const [previewing, setPreviewing] = useState<HelpView | null>(null);
  const [deleteHelp, deletingState] = useDeleteHelpMutation();
  const feedback = useAdminFeedback(feedbackTexts);
  const deletion = useConfirmedDelete<HelpView>({ remove: deleteHelp, removing: deletingState.isLoading, feedback, title: 'helps.deleteConfirm', testId: 'help-delete-dialog' });

  return (
    <AdminList
      list="helps"
      item="help"
      title="helps.title"
      addLabel="helps.add"
      onAdd={() => setEditing({ help: null })}
      loadFailed="helps.loadFailed"
      query={{ isLoading, isError, refetch }}
      empty={{ when: helps.length === 0, text: 'helps.empty' }}
      dialogs={
        <>
          {editing && <HelpDialog help={editing.help} onClose={() => setEditing(null)} />}
          <HelpVideoModal help={previewing} onClose={() => setPreviewing(null)} />
          {deletion.dialog}
        </>
      }
    >
      <Table.Root size="sm" interactive data-testid="helps-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('helps.field.title')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('helps.field.description')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('helps.field.video')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('helps.column.actions')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {helps.map((help) => (
            <Table.Row key={help.id} data-testid={`help-row-${help.id}`}>
              <Table.Cell data-testid={`help-title-${help.id}`}>{help.title}</Table.Cell>
              <Table.Cell maxW="sm" truncate title={help.description}>
                {help.description}
              </Table.Cell>
              <Table.Cell maxW="xs" truncate title={help.video}>
                {help.video}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <IconButton size="sm" variant="ghost" aria-label={t('helps.preview')} title={t('helps.preview')} onClick={() => setPreviewing(help)} data-testid={`help-preview-${help.id}`}>
                  <LuPlay />
                </IconButton>
                <IconButton size="sm" variant="ghost" aria-label={t('helps.edit')} title={t('helps.edit')} onClick={() => setEditing({ help })} data-testid={`help-edit-${help.id}`}>
                  <LuPencil />
                </IconButton>
                <IconButton size="sm" variant="ghost" aria-label={t('helps.delete')} title={t('helps.delete')} onClick={() => deletion.ask(help)} data-testid={`help-delete-${help.id}`}>
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

/** Add or edit a help entry. */
export function HelpDialog({ help, onClose }: { help: HelpView | null; onClose: () => void }) {
  const t = useT();
  const creating = help === null;
  const [values, setValues] = useState<HelpFormValues>(() => (help ? helpFormOf(help) : emptyHelpForm()));
  const [errors, setErrors] = useState<HelpFormErrors>({});
  const [createHelp, createState] = useCreateHelpMutation();
  const [updateHelp, updateState] = useUpdateHelpMutation();
  const feedback = useAdminFeedback(feedbackTexts);

  const set = (field: HelpField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateHelpForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (creating) await createHelp(helpRequestOf(values)).unwrap();
      else await updateHelp({ id: help.id, ...helpRequestOf(values) }).unwrap();
      feedback.succeeded();
      onClose();
    } catch (error) {
      feedback.saveFailed(error);
    }
  };

  const field = (name: HelpField, label: MessageKey, control: ReactNode, options: { required?: boolean; helper?: MessageKey } = {}) => (
    <Field.Root invalid={!!errors[name]} required={options.required}>
      <Field.Label>{t(label)}</Field.Label>
      {control}
      {options.helper && !errors[name] && <Field.HelperText>{t(options.helper)}</Field.HelperText>}
      {errors[name] && <Field.ErrorText data-testid={`help-field-${name}-error`}>{t(errors[name])}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="help-dialog" asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t(creating ? 'helps.dialog.addTitle' : 'helps.dialog.editTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {field('title', 'helps.field.title', <Input value={values.title} onChange={(event) => set('title', event.target.value)} data-testid="help-field-title" />, { required: true })}
                  {field('description', 'helps.field.description', <Textarea rows={4} value={values.description} onChange={(event) => set('description', event.target.value)} data-testid="help-field-description" />)}
                  {field('video', 'helps.field.video', <Input value={values.video} placeholder="dQw4w9WgXcQ" onChange={(event) => set('video', event.target.value)} data-testid="help-field-video" />, {
                    required: true,
                    helper: 'helps.field.videoHelper',
                  })}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={createState.isLoading || updateState.isLoading} data-testid="help-save">
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
