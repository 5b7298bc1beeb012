import { Button, Icon, Stack, Text } from '@chakra-ui/react';
import type { ContactListItemView } from '@conversa/contracts';
import { mayWrite } from '@conversa/contracts/session/roles';
import { useRef, useState } from 'react';
import { LuArrowLeft, LuBan, LuCircleCheck, LuCircleHelp, LuCircleX, LuUpload } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { ConfirmDialog, useConfirmation } from '../../shared/ConfirmDialog';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { RecordMissing } from '../../shared/RecordMissing';
import { useListPage } from '../../shared/useListPage';
import { useContactListItemPageQuery, useContactListQuery, useDeleteContactListItemMutation, useUploadContactListMutation } from './api';
import ContactListItemDialog from './ContactListItemDialog';
import { useContactListFrames } from './socket';

const feedbackTexts = {
  success: 'contactListItems.deleted',
  saveFailed: 'contactListItems.importFailed',
  deleteFailed: 'contactListItems.deleteFailed',
} as const;

function ValidIcon({ item }: { item: ContactListItemView }) {
  const t = useT();
  if (item.optedOut)
    return (
      <Icon color="orange.500" aria-label={t('contactListItems.optedOut')} data-testid={`item-opted-out-${item.id}`}>
        <LuBan />
      </Icon>
    );
  if (item.isWhatsappValid === true)
    return (
      <Icon color="green.500" aria-label={t('contactListItems.valid')} data-testid={`item-valid-${item.id}`}>
        <LuCircleCheck />
      </Icon>
    );
  if (item.isWhatsappValid === false)
    return (
      <Icon color="red.500" aria-label={t('contactListItems.invalid')} data-testid={`item-invalid-${item.id}`}>
        <LuCircleX />
      </Icon>
    );
  return (
    <Icon color="fg.muted" aria-label={t('contactListItems.unchecked')} data-testid={`item-unchecked-${item.id}`}>
      <LuCircleHelp />
    </Icon>
  );
}

const columns: Column<ContactListItemView>[] = [
  { key: 'valid', header: 'contactListItems.column.valid', render: (item) => <ValidIcon item={item} /> },
  { key: 'name', header: 'contactListItems.column.name', render: (item) => <Text data-testid={`item-name-${item.id}`}>{item.name}</Text> },
  { key: 'number', header: 'contactListItems.column.number', render: (item) => <Text data-testid={`item-number-${item.id}`}>{item.number}</Text> },
  { key: 'email', header: 'contactListItems.column.email', render: (item) => <Text>{item.email}</Text> },
];

/** /contact-lists/{id}/contacts: the list's items with their WhatsApp icon; search, import (confirmed, a result per row), add, edit, delete. */
export default function ContactListItemsPage() {
  const t = useT();
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId);
  const me = useAppSelector((state) => state.session.user)!;
  const mayDelete = mayWrite(me, 'contactLists');
  const list = useContactListQuery(contactListId);
  const [remove] = useDeleteContactListItemMutation();
  const feedback = useFeedback(feedbackTexts);
  const listPage = useListPage<ContactListItemView>({ delete: { remove, feedback } });
  const { searchParam, pageNumber, deletion } = listPage;
  const { data, isLoading, isError, isFetching, refetch } = useContactListItemPageQuery({ contactListId, searchParam, pageNumber });
  const [editing, setEditing] = useState<{ item: ContactListItemView | null } | null>(null);
  const [upload, uploading] = useUploadContactListMutation();
  const [refusals, setRefusals] = useState<string[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const importing = useConfirmation<File>(async (file) => {
    try {
      const result = await upload({ id: contactListId, file }).unwrap();
      toaster.create({
        type: result.refused > 0 ? 'warning' : 'success',
        description: t('contactListItems.importDone', { added: result.added, refused: result.refused }),
      });
      setRefusals(
        result.rows.filter((row) => !row.ok).map((row) => t('contactListItems.importRow', { row: row.row, number: row.number, error: row.error ?? '' })),
      );
    } catch (error) {
      feedback.saveFailed(error);
    }
    return 'close';
  });
  useContactListFrames();
  const items = data?.contacts ?? [];
  const current = list.data;

  if (list.isError)
    return (
      <RecordMissing
        error={list.error}
        back={{ to: '/contact-lists', label: 'contactListItems.back' }}
        onRetry={() => void list.refetch()}
        testId="contact-list-missing"
      />
    );
  return (
    <ListFrame
      testId="contact-list-items-page"
      title="contactLists.title"
      maxW="6xl"
      fill
      beside={
        <Text fontSize="xl" data-testid="contact-list-title">
          {current?.name ?? ''}
        </Text>
      }
      search={{ ...listPage.search, placeholder: 'contactListItems.search', testId: 'items-search' }}
      add={{ label: 'contactListItems.add', onClick: () => setEditing({ item: null }), testId: 'item-add' }}
      actions={
        <>
          <Button variant="outline" onClick={() => navigate('/contact-lists')} data-testid="items-back">
            <LuArrowLeft /> {t('contactListItems.back')}
          </Button>
          <Button variant="outline" loading={uploading.isLoading} onClick={() => picker.current?.click()} data-testid="items-import">
            <LuUpload /> {t('contactListItems.import')}
          </Button>
          <input
            ref={picker}
            type="file"
            hidden
            accept=".xls,.xlsx,.csv"
            data-testid="items-import-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) importing.ask(file);
            }}
          />
        </>
      }
      notice={
        current && current.checkedCount < current.contactsCount ? (
          <Text color="fg.muted" data-testid="items-checking">
            {t('contactListItems.checking', { checked: current.checkedCount, total: current.contactsCount })}
          </Text>
        ) : refusals.length > 0 ? (
          <Stack gap="0" data-testid="items-import-refusals">
            {refusals.slice(0, 20).map((line) => (
              <Text key={line} color="red.500" fontSize="sm">
                {line}
              </Text>
            ))}
          </Stack>
        ) : undefined
      }
      query={{ isLoading, isError: isError && items.length === 0, refetch }}
      loadFailed="contactListItems.loadFailed"
      dialogs={
        <>
          {editing && <ContactListItemDialog contactListId={contactListId} item={editing.item} onClose={() => setEditing(null)} />}
          <ConfirmDialog
            of={importing}
            title={t('contactListItems.importTitle')}
            message={t('contactListItems.importConfirm', { file: importing.subject?.name ?? '' })}
            loading={uploading.isLoading}
            testId="items-import-dialog"
            confirmTestId="items-import-confirm"
          />
          <DeleteConfirm of={deletion} texts="contactListItems" testId="item" named="name" />
        </>
      }
    >
      <DataTable
        rows={items}
        columns={columns}
        testId="items-table"
        interactive
        rowTestId={(item) => `item-row-${item.id}`}
        empty={{ text: 'contactListItems.empty', testId: 'items-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: listPage.nextPage, maxH: 'calc(100vh - 14rem)' }}
        actionsHeader="contactListItems.column.actions"
        actions={editAndDelete({
          texts: 'contactListItems',
          testId: 'item',
          edit: (item) => setEditing({ item }),
          delete: deletion.ask,
          deleteShown: () => mayDelete,
        })}
      />
    </ListFrame>
  );
}
