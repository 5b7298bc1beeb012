import { Avatar, Badge, Button, HStack, NativeSelect, Text, Wrap } from '@chakra-ui/react';
import { Channel } from '@conversa/contracts';
import { can } from '@conversa/contracts/session/permissions';
import { useState } from 'react';
import { LuCalendarClock, LuDownload, LuLock, LuLockOpen, LuMessageSquarePlus, LuTickets, LuUpload } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { useSuccessOrError } from '../../shared/feedback';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { downloadMedia } from '../../shared/media';
import { useConversationSettingsQuery } from '../messages/api';
import { useNewTicket } from '../tickets/newTicket';
import { AlreadyTakenDialog, NewTicketDialog } from '../tickets/dialogs';
import type { TicketHolder } from '../tickets/holder';
import { useSetContactActiveMutation, type Contact } from './api';
import { ContactFormDialog } from './ContactFormDialog';
import { formatContactNumber, hidesNumbers } from './number';
import { exportUrl, useContactsPageQuery, useDeleteContactMutation } from './pageApi';
import { useContactListFrames } from './socket';
import { CONTACT_SEARCH_DELAY_MS } from './validation';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const ImportContactsDialog = lazyOnDemand(() => import('./ImportContactsDialog'));

/**
 * /contacts: the company's contacts with search (name, number, e-mail) and a channel filter, in pages loaded
 * as the list scrolls; add, edit, block, delete (contacts-page:deleteContact), start a ticket, schedule a
 * message, spreadsheet import and export. The list follows `contact` frames.
 */
export default function ContactsPage() {
  const t = useT();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const me = useAppSelector((state) => state.session.user)!;
  const token = useAppSelector((state) => state.session.token);
  const { data: settings } = useConversationSettingsQuery(me.companyId);
  const hide = hidesNumbers(me, settings?.lgpdHideNumber ?? me.company.companieSettings.lgpdHideNumber);
  const mayDelete = me.super || can(me.profile, 'contacts-page:deleteContact');

  const [channel, setChannel] = useState('');
  const list = useListPage({ debounceMs: CONTACT_SEARCH_DELAY_MS, filters: channel });
  const { searchParam, pageNumber } = list;
  const filters = { searchParam, channel };
  const { data, isLoading, isError, isFetching, refetch } = useContactsPageQuery({ ...filters, pageNumber });
  const contacts = data?.contacts ?? [];

  const [editing, setEditing] = useState<{ contact: Contact | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [ticketFor, setTicketFor] = useState<Contact | null>(null);
  const [holder, setHolder] = useState<TicketHolder | null>(null);
  const [setActive, blocking] = useSetContactActiveMutation();
  const [deleteContact] = useDeleteContactMutation();
  const deleteFeedback = useSuccessOrError('contacts.deleted');

  const applyChange = useContactListFrames(filters, () => list.restart(refetch));

  const deletion = useConfirmedDelete<Contact>(deleteContact, deleteFeedback, {
    failure: 'stay',
    deleted: (contact) => applyChange({ action: 'delete', contactId: contact.id }),
  });

  const toggleBlock = async (contact: Contact) => {
    try {
      const saved = await setActive({ id: contact.id, active: !contact.active }).unwrap();
      applyChange({ action: 'update', contact: saved });
      toaster.create({ type: 'success', description: t(saved.active ? 'contactDrawer.unblocked' : 'contactDrawer.blocked') });
    } catch (error) {
      showError(error);
    }
  };

  // A contact already in an open ticket: one's own opens; someone else's says who has it.
  const newTicket = useNewTicket(
    () => setTicketFor(null),
    (taken) => (taken.uuid && taken.userId === me.id ? void navigate(`/tickets/${taken.uuid}`) : setHolder(taken)),
  );

  const columns: Column<Contact>[] = [
    {
      key: 'name',
      header: 'contacts.column.name',
      render: (contact) => (
        <HStack>
          <Avatar.Root size="xs">
            <Avatar.Fallback name={contact.name} />
            {contact.urlPicture && <Avatar.Image src={contact.urlPicture} />}
          </Avatar.Root>
          <Text data-testid="contact-row-name">{contact.name}</Text>
          {!contact.active && (
            <Badge colorPalette="red" data-testid="contact-row-blocked">
              {t('contacts.blockedBadge')}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      key: 'number',
      header: 'contacts.column.number',
      render: (contact) => {
        const shown = formatContactNumber(contact.number, hide);
        return shown.kind === 'number' ? shown.text : t(shown.kind === 'invalid' ? 'contacts.number.invalid' : 'contacts.number.unavailable');
      },
      cell: () => ({ 'data-testid': 'contact-row-number' }),
    },
    { key: 'email', header: 'contacts.column.email', render: (contact) => contact.email, cell: () => ({ 'data-testid': 'contact-row-email' }) },
    {
      key: 'tags',
      header: 'contacts.column.tags',
      render: (contact) => (
        <Wrap gap="1">
          {contact.tags.map((tag) => (
            <Badge key={tag.id} variant="solid" style={{ background: tag.color }}>
              {tag.name}
            </Badge>
          ))}
        </Wrap>
      ),
    },
  ];

  const [edit, remove] = editAndDelete<Contact>({
    texts: 'contacts',
    testId: 'contact',
    edit: (contact) => setEditing({ contact }),
    delete: deletion.ask,
    deleteShown: () => mayDelete,
  });
  return (
    <ListFrame
      testId="contacts-page"
      title="contacts.title"
      maxW="7xl"
      fill
      search={{ ...list.search, placeholder: 'contacts.search', testId: 'contacts-search' }}
      add={{ label: 'contacts.add', onClick: () => setEditing({ contact: null }), testId: 'contact-add' }}
      actions={
        <>
          <NativeSelect.Root size="sm" w="44">
            <NativeSelect.Field
              value={channel}
              onChange={(event) => setChannel(event.target.value)}
              aria-label={t('contacts.channelFilter')}
              data-testid="contacts-channel"
            >
              <option value="">{t('contacts.channel.all')}</option>
              {Channel.options.map((value) => (
                <option key={value} value={value}>
                  {t(`contacts.channel.${value}` as MessageKey)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button variant="outline" onClick={() => setImporting(true)} data-testid="contacts-import">
            <LuUpload /> {t('contacts.importAction')}
          </Button>
          <Button variant="outline" onClick={() => void downloadMedia(exportUrl(filters), 'contatos.xlsx', token)} data-testid="contacts-export">
            <LuDownload /> {t('contacts.exportAction')}
          </Button>
        </>
      }
      query={{ isLoading, isError: isError && contacts.length === 0, refetch }}
      loadFailed="contacts.loadFailed"
      dialogs={
        <>
          {editing && (
            <ContactFormDialog
              open
              initial={editing.contact ?? undefined}
              onClose={() => setEditing(null)}
              onSaved={(contact) => {
                applyChange({ action: editing.contact ? 'update' : 'create', contact });
                setEditing(null);
              }}
            />
          )}
          {importing && <ImportContactsDialog onClose={() => setImporting(false)} />}
          <NewTicketDialog
            open={ticketFor !== null}
            initialContact={ticketFor ?? undefined}
            loading={newTicket.creating.isLoading}
            onClose={() => setTicketFor(null)}
            onConfirm={(choice) => void newTicket.start(choice)}
          />
          <AlreadyTakenDialog holder={holder} onClose={() => setHolder(null)} />
          <DeleteConfirm of={deletion} texts="contacts" testId="contact" named="name" size="md" closeButton />
        </>
      }
    >
      <DataTable
        rows={contacts}
        columns={columns}
        testId="contacts-table"
        interactive
        rowTestId={(contact) => `contact-row-${contact.id}`}
        empty={{ text: 'contacts.empty', testId: 'contacts-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)', testId: 'contacts-scroll' }}
        actionsHeader="contacts.column.actions"
        actions={[
          {
            key: 'ticket',
            label: 'contacts.startTicket',
            icon: <LuMessageSquarePlus />,
            onClick: setTicketFor,
            testId: (contact) => `contact-ticket-${contact.id}`,
          },
          {
            key: 'tickets',
            label: 'contacts.tickets',
            icon: <LuTickets />,
            onClick: (contact) => navigate(`/tickets?contactId=${contact.id}`),
            testId: (contact) => `contact-tickets-${contact.id}`,
          },
          {
            key: 'schedule',
            label: 'contacts.schedule',
            icon: <LuCalendarClock />,
            onClick: (contact) => navigate(`/schedules?contactId=${contact.id}`),
            testId: (contact) => `contact-schedule-${contact.id}`,
          },
          edit,
          {
            key: 'block',
            label: 'contacts.block',
            icon: <LuLock />,
            onClick: (contact) => void toggleBlock(contact),
            testId: (contact) => `contact-block-${contact.id}`,
            shown: (contact) => contact.active,
            busy: () => blocking.isLoading,
          },
          {
            key: 'unblock',
            label: 'contacts.unblock',
            icon: <LuLockOpen />,
            onClick: (contact) => void toggleBlock(contact),
            testId: (contact) => `contact-unblock-${contact.id}`,
            shown: (contact) => !contact.active,
            busy: () => blocking.isLoading,
          },
          remove,
        ]}
      />
    </ListFrame>
  );
}
