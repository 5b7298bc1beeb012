import { Text } from '@chakra-ui/react';
import type { ContactListView } from '@conversa/contracts';
import { useState } from 'react';
import { LuDownload, LuUsers } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { useContactListPageQuery, useDeleteContactListMutation } from './api';
import ContactListDialog from './ContactListDialog';
import { downloadExampleSheet } from './listForm';
import { useContactListFrames } from './socket';

/** The spec's search debounce. */
const SEARCH_DEBOUNCE_MS = 500;
const feedbackTexts = { success: 'contactLists.deleted', saveFailed: 'contactLists.saveFailed', deleteFailed: 'contactLists.deleteFailed' } as const;

const columns: Column<ContactListView>[] = [
  { key: 'name', header: 'contactLists.column.name', render: (list) => <Text data-testid={`contact-list-name-${list.id}`}>{list.name}</Text> },
  {
    key: 'contacts',
    header: 'contactLists.column.contacts',
    render: (list) => <Text data-testid={`contact-list-count-${list.id}`}>{list.contactsCount}</Text>,
  },
  { key: 'checked', header: 'contactLists.column.checked', render: (list) => <Text color="fg.muted">{`${list.validCount} / ${list.checkedCount}`}</Text> },
];

/** /contact-lists: search, infinite scroll, the contacts count, example spreadsheet, items, edit, delete with confirmation; live by `ContactList` frames. */
export default function ContactListsPage() {
  const navigate = useNavigate();
  const [remove] = useDeleteContactListMutation();
  const list = useListPage<ContactListView>({ debounceMs: SEARCH_DEBOUNCE_MS, delete: { remove, feedback: useFeedback(feedbackTexts) } });
  const { searchParam, pageNumber, deletion } = list;
  const { data, isLoading, isError, isFetching, refetch } = useContactListPageQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<{ list: ContactListView | null } | null>(null);
  useContactListFrames();
  const lists = data?.records ?? [];

  return (
    <ListFrame
      testId="contact-lists-page"
      title="contactLists.title"
      maxW="5xl"
      fill
      search={{ ...list.search, placeholder: 'contactLists.search', testId: 'contact-lists-search' }}
      add={{ label: 'contactLists.add', onClick: () => setEditing({ list: null }), testId: 'contact-list-add' }}
      query={{ isLoading, isError: isError && lists.length === 0, refetch }}
      loadFailed="contactLists.loadFailed"
      dialogs={
        <>
          {editing && <ContactListDialog list={editing.list} onClose={() => setEditing(null)} />}
          <DeleteConfirm of={deletion} texts="contactLists" testId="contact-list" named="name" />
        </>
      }
    >
      <DataTable
        rows={lists}
        columns={columns}
        testId="contact-lists-table"
        interactive
        rowTestId={(list) => `contact-list-row-${list.id}`}
        empty={{ text: 'contactLists.empty', testId: 'contact-lists-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)' }}
        actionsHeader="contactLists.column.actions"
        actions={[
          {
            key: 'example',
            label: 'contactLists.example',
            icon: <LuDownload />,
            onClick: downloadExampleSheet,
            testId: (list) => `contact-list-example-${list.id}`,
          },
          {
            key: 'open',
            label: 'contactLists.open',
            icon: <LuUsers />,
            onClick: (list) => navigate(`/contact-lists/${list.id}/contacts`),
            testId: (list) => `contact-list-open-${list.id}`,
          },
          ...editAndDelete({ texts: 'contactLists', testId: 'contact-list', edit: (list) => setEditing({ list }), delete: deletion.ask }),
        ]}
      />
    </ListFrame>
  );
}
