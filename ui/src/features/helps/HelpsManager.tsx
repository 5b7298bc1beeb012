import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuPlay } from 'react-icons/lu';
import type { HelpView } from '@conversa/contracts';
import { useT, type MessageKey } from '../../i18n';
import type { Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { FormDialog } from '../../shared/FormDialog';
import { RecordManager } from '../../shared/RecordManager';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
import { useCreateHelpMutation, useDeleteHelpMutation, useHelpsListQuery, useUpdateHelpMutation } from './api';
import { emptyHelpForm, helpFormOf, helpRequestOf, validateHelpForm, type HelpField, type HelpFormValues } from './helpForm';
import { HelpVideoModal } from './HelpVideo';

const feedbackTexts = { success: 'helps.success', saveFailed: 'helps.saveFailed', deleteFailed: 'helps.deleteFailed' } as const;

const columns: Column<HelpView>[] = [
  { key: 'title', header: 'helps.field.title', render: (help) => help.title, cell: (help) => ({ 'data-testid': `help-title-${help.id}` }) },
  {
    key: 'description',
    header: 'helps.field.description',
    render: (help) => help.description,
    cell: (help) => ({ maxW: 'sm', truncate: true, title: help.description }),
  },
  { key: 'video', header: 'helps.field.video', render: (help) => help.video, cell: (help) => ({ maxW: 'xs', truncate: true, title: help.video }) },
];

/** The helps screen (super user, a tab of settings): help entries with title, description and video. */
export function HelpsManager() {
  const query = useHelpsListQuery();
  const [previewing, setPreviewing] = useState<HelpView | null>(null);
  const [deleteHelp] = useDeleteHelpMutation();
  const feedback = useFeedback(feedbackTexts);

  return (
    <RecordManager
      texts="helps"
      testId="help"
      plural="helps"
      query={query}
      columns={columns}
      remove={deleteHelp}
      feedback={feedback}
      edit={(help, close) => <HelpDialog help={help} onClose={close} />}
      dialogs={<HelpVideoModal help={previewing} onClose={() => setPreviewing(null)} />}
      actions={[{ key: 'preview', label: 'helps.preview', icon: <LuPlay />, onClick: setPreviewing, testId: (help) => `help-preview-${help.id}` }]}
      table={{ interactive: true, empty: { text: 'helps.empty' } }}
    />
  );
}

/** Add or edit a help entry. */
export function HelpDialog({ help, onClose }: { help: HelpView | null; onClose: () => void }) {
  const t = useT();
  const creating = help === null;
  const { values, set, errors, check } = useForm<HelpFormValues, HelpField>(() => (help ? helpFormOf(help) : emptyHelpForm()), validateHelpForm);
  const [createHelp] = useCreateHelpMutation();
  const [updateHelp] = useUpdateHelpMutation();
  const feedback = useFeedback(feedbackTexts);

  const submit = async () => {
    if (hasErrors(check())) return;
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
    <FormDialog
      title={t(creating ? 'helps.dialog.addTitle' : 'helps.dialog.editTitle')}
      testId="help-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="help-save"
    >
      <Stack gap="4">
        {field(
          'title',
          'helps.field.title',
          <Input value={values.title} onChange={(event) => set('title', event.target.value)} data-testid="help-field-title" />,
          { required: true },
        )}
        {field(
          'description',
          'helps.field.description',
          <Textarea rows={4} value={values.description} onChange={(event) => set('description', event.target.value)} data-testid="help-field-description" />,
        )}
        {field(
          'video',
          'helps.field.video',
          <Input value={values.video} placeholder="dQw4w9WgXcQ" onChange={(event) => set('video', event.target.value)} data-testid="help-field-video" />,
          {
            required: true,
            helper: 'helps.field.videoHelper',
          },
        )}
      </Stack>
    </FormDialog>
  );
}
