import { Fieldset, Stack, Text } from '@chakra-ui/react';
import type { ChatView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useAppSelector } from '../../app/store';
import { useFeedback } from '../../shared/feedback';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { FormDialog } from '../../shared/FormDialog';
import { TextField } from '../../shared/form/fields';
import { saveAndClose } from '../../shared/form/save';
import { useForm } from '../../shared/useForm';
import { hasErrors } from '../../shared/validation';
import { useChatUserOptionsQuery, useCreateChatMutation, useUpdateChatMutation } from './api';
import { chatFormOf, chatRequestOf, emptyChatForm, validateChatForm, type ChatField, type ChatFormValues } from './chatForm';

const feedbackTexts = { success: 'chats.saved', saveFailed: 'chats.saveFailed', deleteFailed: 'chats.deleteFailed' } as const;

/**
 * Create or edit a chat: its title and the company's users in it (the caller, its owner, is always in). Save
 * stays disabled until both are given; the alerts are the spec's.
 */
export default function ChatDialog({ chat, onClose, onSaved }: { chat: ChatView | null; onClose(): void; onSaved?(chat: ChatView): void }) {
  const t = useT();
  const me = useAppSelector((state) => state.session.user)!;
  const { values, set, bind, errors, check } = useForm<ChatFormValues, ChatField>(() => (chat ? chatFormOf(chat) : emptyChatForm()), validateChatForm);
  const { data: users = [] } = useChatUserOptionsQuery();
  const [createChat] = useCreateChatMutation();
  const [updateChat] = useUpdateChatMutation();
  const feedback = useFeedback(feedbackTexts);
  const ownerId = chat?.ownerId ?? me.id;
  const missing = hasErrors(validateChatForm(values));

  const submit = saveAndClose({ check, feedback, onClose }, async () => {
    const saved = chat ? await updateChat({ id: chat.id, ...chatRequestOf(values) }).unwrap() : await createChat(chatRequestOf(values)).unwrap();
    onSaved?.(saved);
  });

  return (
    <FormDialog
      title={t(chat ? 'chats.dialog.editTitle' : 'chats.dialog.addTitle')}
      testId="chat-dialog"
      onClose={onClose}
      onSubmit={submit}
      saveTestId="chat-save"
      saveDisabled={missing}
      size="md"
    >
      <Stack gap="4">
        <TextField label={t('chats.field.title')} {...bind('title')} required autoFocus testId="chat-field-title" />
        <CheckboxGroup
          label={t('chats.field.users')}
          options={users.filter((user) => user.id !== ownerId).map((user) => ({ value: user.id, label: user.name, testId: `chat-user-${user.id}` }))}
          value={values.users}
          onChange={(chosen) => set('users', chosen)}
          invalid={!!errors.users}
          testId="chat-field-users"
        >
          {errors.users && <Fieldset.ErrorText>{t(errors.users)}</Fieldset.ErrorText>}
        </CheckboxGroup>
        {missing && (
          <Text fontSize="sm" color="fg.muted" data-testid="chat-dialog-alert">
            {t(values.title.trim() === '' ? 'chats.validation.title' : 'chats.validation.users')}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
