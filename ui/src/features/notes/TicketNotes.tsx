import { Button, Field, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { useAddTicketNoteMutation, useDeleteTicketNoteMutation, useTicketNotesQuery, validateNote, type NoteError, type TicketNote } from './api';
import { ConfirmDialog } from '../../shared/ConfirmDialog';

const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** The ticket's notes (in the contact drawer): add, list with author and time, delete after confirmation. */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const t = useT();
  const showError = useErrorToast();
  const { data: notes = [] } = useTicketNotesQuery({ ticketId, contactId });
  const [addNote, adding] = useAddTicketNoteMutation();
  const [deleteNote, deleting] = useDeleteTicketNoteMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<NoteError | null>(null);
  const [toDelete, setToDelete] = useState<TicketNote | null>(null);

  const save = async () => {
    const problem = validateNote(text);
    setError(problem);
    if (problem) return;
    try {
      await addNote({ ticketId, contactId, note: text.trim() }).unwrap();
      setText('');
      toaster.create({ type: 'success', description: t('notes.added') });
    } catch (failure) {
      showError(failure);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteNote({ id: toDelete.id, ticketId }).unwrap();
      toaster.create({ type: 'success', description: t('notes.deleted') });
    } catch (failure) {
      showError(failure);
    }
    setToDelete(null);
  };

  return (
    <Stack gap="3" data-testid="ticket-notes">
      <Field.Root invalid={!!error}>
        <Textarea value={text} onChange={(event) => setText(event.target.value)} placeholder={t('notes.placeholder')} rows={2} data-testid="note-input" />
        {error && <Field.ErrorText>{t(error === 'required' ? 'notes.required' : 'notes.tooShort')}</Field.ErrorText>}
      </Field.Root>
      <Button size="sm" alignSelf="flex-end" onClick={() => void save()} loading={adding.isLoading} data-testid="note-save">
        {t('notes.add')}
      </Button>
      {notes.map((note) => (
        <Stack key={note.id} gap="1" p="2" borderRadius="l2" bg="bg.muted" data-testid={`note-${note.id}`}>
          <Text textStyle="sm" whiteSpace="pre-wrap">
            {note.note}
          </Text>
          <HStack justify="space-between">
            <Text textStyle="xs" color="fg.muted">
              {note.user?.name ?? ''} · {formatDateTime(note.createdAt)}
            </Text>
            <IconButton size="2xs" variant="ghost" aria-label={t('notes.delete')} onClick={() => setToDelete(note)} data-testid={`note-delete-${note.id}`}>
              <LuTrash2 />
            </IconButton>
          </HStack>
        </Stack>
      ))}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('notes.confirmDelete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
        loading={deleting.isLoading}
        testId="note-delete-dialog"
      />
    </Stack>
  );
}
