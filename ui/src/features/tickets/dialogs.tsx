import { Alert, Badge, Box, Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuX } from 'react-icons/lu';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { idOf, idValue, namedOptions, SelectField } from '../../shared/SelectField';
import { ContactPicker, useDebounced, type Contact } from '../contacts';
import { useConnectionOptionsQuery, useSearchUsersQuery, useUserOptionsQuery, type NamedOption, type QueueOption } from './api';
import { isTicketAdmin } from './access';
import type { TicketHolder } from './holder';
import { useQueueChoices } from './queueChoices';
import type { TicketView as Ticket } from '@conversa/contracts';

/** User and contact searches start at 3 characters, 500 ms after typing stops. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DELAY_MS = 500;

export { useQueueChoices };

function QueueSelect({
  value,
  onChange,
  queues,
  invalid,
  testId,
  allowNone,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  queues: QueueOption[];
  invalid?: boolean;
  testId: string;
  allowNone?: boolean;
}) {
  const t = useT();
  return (
    <SelectField
      label={t('tickets.field.queue')}
      value={idValue(value)}
      onChange={(chosen) => onChange(idOf(chosen))}
      options={namedOptions(queues, allowNone ? t('tickets.field.noQueue') : t('tickets.field.chooseQueue'))}
      testId={testId}
      invalid={invalid}
      required={!allowNone}
    >
      {invalid && <Field.ErrorText>{t('tickets.selectQueue')}</Field.ErrorText>}
    </SelectField>
  );
}

/**
 * Accept (or reopen) a ticket that has no queue: the user picks the queue it is worked in. A user in no queue is told
 * why she cannot choose one and whom to ask, and may take it without a queue meanwhile.
 */
export function AcceptDialog({
  ticket,
  mode,
  onClose,
  onConfirm,
  loading,
}: {
  ticket: Ticket | null;
  mode: 'accept' | 'reopen';
  onClose: () => void;
  onConfirm: (queueId: number | null) => void;
  loading: boolean;
}) {
  const t = useT();
  const queues = useQueueChoices('mine');
  const noQueue = queues.length === 0;
  const [queueId, setQueueId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setQueueId(null);
    setTried(false);
  }, [ticket?.id]);
  const submit = () => {
    setTried(true);
    if (noQueue) onConfirm(null);
    else if (queueId !== null) onConfirm(queueId);
  };
  return (
    <FormDialog
      lazy
      open={ticket !== null}
      onClose={onClose}
      title={t(mode === 'accept' ? 'tickets.accept.title' : 'tickets.reopen.title')}
      testId="accept-dialog"
      onSubmit={submit}
      size="sm"
      busy={loading}
      saveTestId="accept-dialog-confirm"
      saveLabel={noQueue ? t('ticketAccept.withoutQueue') : t(mode === 'accept' ? 'tickets.action.accept' : 'tickets.action.reopen')}
    >
      {noQueue ? (
        <Alert.Root status="info" data-testid="accept-dialog-no-queue">
          <Alert.Indicator />
          <Alert.Description>{t('ticketAccept.noQueue')}</Alert.Description>
        </Alert.Root>
      ) : (
        <QueueSelect value={queueId} onChange={setQueueId} queues={queues} invalid={tried && queueId === null} testId="accept-dialog-queue" />
      )}
    </FormDialog>
  );
}

/** A user found by name (3 characters, 500 ms), shown as a pick list; the chosen one stays until cleared. */
function UserSearch({ value, onChange }: { value: NamedOption | null; onChange: (user: NamedOption | null) => void }) {
  const t = useT();
  const [term, setTerm] = useState('');
  const settled = useDebounced(term.trim(), SEARCH_DELAY_MS);
  const ready = settled.length >= SEARCH_MIN_CHARS;
  const { data, isFetching } = useSearchUsersQuery(settled, { skip: !ready || value !== null });
  if (value) {
    return (
      <Field.Root>
        <Field.Label>{t('tickets.field.user')}</Field.Label>
        <HStack borderWidth="1px" borderRadius="l2" px="3" py="1.5" justify="space-between" w="full" data-testid="transfer-user-chosen">
          <Text>{value.name}</Text>
          <Button size="xs" variant="ghost" onClick={() => onChange(null)} aria-label={t('tickets.transfer.clearUser')}>
            <LuX />
          </Button>
        </HStack>
      </Field.Root>
    );
  }
  return (
    <Field.Root>
      <Field.Label>{t('tickets.field.user')}</Field.Label>
      <Input
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={t('tickets.transfer.searchUser')}
        autoComplete="off"
        data-testid="transfer-user-search"
      />
      <Field.HelperText>{t('tickets.transfer.userHelper')}</Field.HelperText>
      {isFetching && <Spinner size="sm" />}
      {ready && data && (
        <Stack gap="1" maxH="200px" overflowY="auto" w="full">
          {data.length === 0 && (
            <Text textStyle="sm" color="fg.muted">
              {t('tickets.transfer.noUser')}
            </Text>
          )}
          {data.map((user) => (
            <Box
              key={user.id}
              as="button"
              textAlign="start"
              px="2"
              py="1.5"
              borderRadius="l2"
              _hover={{ bg: 'bg.muted' }}
              onClick={() => onChange({ id: user.id, name: user.name })}
              data-testid={`transfer-user-option-${user.id}`}
            >
              {user.name}
            </Box>
          ))}
        </Stack>
      )}
    </Field.Root>
  );
}

/**
 * Transfer: to a user and a queue (the ticket is theirs, open), or to a queue only (it waits there).
 * A queue is always required.
 */
export function TransferDialog({
  ticket,
  presetUser,
  onClose,
  onConfirm,
  loading,
}: {
  ticket: Ticket | null;
  presetUser: NamedOption | null;
  onClose: () => void;
  onConfirm: (choice: { user: NamedOption | null; queueId: number }) => void;
  loading: boolean;
}) {
  const t = useT();
  const queues = useQueueChoices('company');
  const [user, setUser] = useState<NamedOption | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setUser(presetUser);
    setQueueId(ticket?.queueId ?? null);
    setTried(false);
  }, [ticket?.id, ticket?.queueId, presetUser]);
  const submit = () => {
    setTried(true);
    if (queueId !== null) onConfirm({ user, queueId });
  };
  return (
    <FormDialog
      lazy
      open={ticket !== null}
      onClose={onClose}
      title={t('tickets.transfer.title')}
      testId="transfer-dialog"
      onSubmit={submit}
      busy={loading}
      saveTestId="transfer-confirm"
      saveLabel={t('tickets.action.transfer')}
    >
      <Stack gap="4">
        <UserSearch value={user} onChange={setUser} />
        <QueueSelect value={queueId} onChange={setQueueId} queues={queues} invalid={tried && queueId === null} testId="transfer-queue" />
      </Stack>
    </FormDialog>
  );
}

export interface NewTicketChoice {
  contact: Contact;
  queueId: number | null;
  whatsappId: number | null;
  userId: number | null;
}

/**
 * New ticket: a contact (searched from 3 characters, or created on the spot), a queue (required
 * unless admin: 'Selecione uma fila'), the connection and the attending user.
 */
export function NewTicketDialog({
  open,
  onClose,
  onConfirm,
  loading,
  initialContact,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: (choice: NewTicketChoice) => void;
  loading: boolean;
  /** Already chosen (a ticket started from the contacts screen). */
  initialContact?: Contact;
}) {
  const t = useT();
  const me = useAppSelector((state) => state.session.user)!;
  const admin = isTicketAdmin(me);
  const queues = useQueueChoices(admin ? 'company' : 'mine');
  const { data: connections } = useConnectionOptionsQuery(undefined, { skip: !open });
  const { data: users } = useUserOptionsQuery(undefined, { skip: !open });
  const [contact, setContact] = useState<Contact | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(me.whatsappId);
  const [userId, setUserId] = useState<number | null>(me.id);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setContact(initialContact ?? null);
    setQueueId(me.queues.length === 1 ? me.queues[0]!.id : null);
    setWhatsappId(me.whatsappId);
    setUserId(me.id);
    setTried(false);
  }, [open, me, initialContact]);
  const queueMissing = !admin && queueId === null;
  const submit = () => {
    setTried(true);
    if (!contact || queueMissing) return;
    onConfirm({ contact, queueId, whatsappId, userId });
  };
  return (
    <FormDialog
      lazy
      open={open}
      onClose={onClose}
      title={t('tickets.new.title')}
      testId="new-ticket-dialog"
      onSubmit={submit}
      busy={loading}
      saveTestId="new-ticket-confirm"
      saveLabel={t('tickets.new.confirm')}
    >
      <Stack gap="4">
        <Field.Root invalid={tried && !contact} required>
          <Field.Label>{t('tickets.field.contact')}</Field.Label>
          <Box w="full">
            <ContactPicker selected={contact} onPick={setContact} testId="new-ticket-contact" />
          </Box>
          {contact && (
            <Badge colorPalette="green" data-testid="new-ticket-contact-chosen">
              {contact.name}
            </Badge>
          )}
          {tried && !contact && <Field.ErrorText>{t('tickets.new.contactRequired')}</Field.ErrorText>}
        </Field.Root>
        <QueueSelect value={queueId} onChange={setQueueId} queues={queues} invalid={tried && queueMissing} testId="new-ticket-queue" allowNone={admin} />
        <SelectField
          label={t('tickets.field.connection')}
          value={idValue(whatsappId)}
          onChange={(value) => setWhatsappId(idOf(value))}
          options={namedOptions(connections ?? [], t('tickets.field.defaultConnection'))}
          testId="new-ticket-connection"
        />
        <SelectField
          label={t('tickets.field.user')}
          value={idValue(userId)}
          onChange={(value) => setUserId(idOf(value))}
          options={namedOptions(users && users.some((user) => user.id === me.id) ? users : [{ id: me.id, name: me.name }, ...(users ?? [])])}
          testId="new-ticket-user"
        />
      </Stack>
    </FormDialog>
  );
}

/** Someone else got there first (accept or reopen, or the POST /tickets failure). */
export function AlreadyTakenDialog({ holder, onClose }: { holder: TicketHolder | null; onClose: () => void }) {
  const t = useT();
  return (
    <FormDialog
      lazy
      open={holder !== null}
      onClose={onClose}
      title={t('tickets.taken.title')}
      testId="already-taken-dialog"
      size="sm"
      footer={
        <Button onClick={onClose} data-testid="already-taken-close">
          {t('common.close')}
        </Button>
      }
    >
      <Text data-testid="already-taken-text">
        {t('tickets.taken.message', { user: holder?.userName ?? t('tickets.taken.nobody'), queue: holder?.queueName ?? t('tickets.noQueue') })}
      </Text>
    </FormDialog>
  );
}
