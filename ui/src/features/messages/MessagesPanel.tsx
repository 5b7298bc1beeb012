import { Alert, Button, Center, Flex, HStack, Spinner, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LuForward, LuX } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { errorCodeOf } from '../../app/api';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { useContactByNumberMutation } from '../contacts/api';
import { TemplateBanner } from '../meta/TemplateBanner';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import {
  useConversationSettingsQuery,
  useDeleteMessageMutation,
  useMessagesInfiniteQuery,
  useReactToMessageMutation,
  useStartConversationMutation,
} from './api';
import { Composer } from './Composer';
import { ForwardDialog } from './ForwardDialog';
import { ImageGallery } from './ImageGallery';
import { conversationStyles } from './conversationStyles';
import type { MessageActions } from './MessageBubble';
import { EmptyConversation, MessageList, type MessageListHandle } from './MessageList';
import { buildRows, canForward, flattenPages, SCROLL_TO_NEW_MESSAGE_DELAY_MS } from './model';
import { useMessageFrames } from './socket';
import type { MessageView as Message } from '@conversa/contracts';
import type { ConversationTicket } from './types';

/** Channels without the provider's 24-hour reply window: the WhatsApp session and the sandbox. */
const WINDOWLESS_CHANNELS = new Set(['whatsapp', 'sandbox']);

export const acceptsMessages = (status: string) => status === 'open' || status === 'group';

/**
 * The conversation of one ticket: the message list with upward infinite scroll, the
 * composer, selection for forwarding, the image gallery, and live updates. `ticket` is GET /tickets/u/:uuid's answer.
 */
export function MessagesPanel({ ticket }: { ticket: ConversationTicket }) {
  const t = useT();
  const showError = useErrorToast();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.session.user);
  const { data: settings } = useConversationSettingsQuery(user?.companyId ?? 0, { skip: !user });
  const { data, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useMessagesInfiniteQuery(ticket.id);
  const [deleteMessage, deleting] = useDeleteMessageMutation();
  const [reactToMessage] = useReactToMessageMutation();
  const [contactByNumber] = useContactByNumberMutation();
  const [startConversation] = useStartConversationMutation();
  const list = useRef<MessageListHandle>(null);

  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [editing, setEditing] = useState<Message | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [forwardOpen, setForwardOpen] = useState(false);
  const [galleryUrl, setGalleryUrl] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Message | null>(null);

  const messages = useMemo(() => flattenPages(data), [data]);
  const rows = useMemo(() => buildRows(messages), [messages]);
  const enabled = acceptsMessages(ticket.status);
  const signSetting = settings?.sendSignMessage ?? user?.company.companieSettings.sendSignMessage;
  const signatureAvailable = signSetting === 'enabled';

  // A different ticket starts clean.
  useEffect(() => {
    setReplyTo(null);
    setEditing(null);
    setSelecting(false);
    setSelected(new Set());
    setGalleryUrl(null);
  }, [ticket.id]);

  // After a new message the list goes to it, 300 ms later (once it is measured).
  const pendingScroll = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scrollToSoon = useCallback((messageId: string) => {
    if (pendingScroll.current) clearTimeout(pendingScroll.current);
    pendingScroll.current = setTimeout(() => list.current?.scrollToMessage(messageId), SCROLL_TO_NEW_MESSAGE_DELAY_MS);
  }, []);
  useEffect(() => () => void (pendingScroll.current && clearTimeout(pendingScroll.current)), []);
  useMessageFrames(ticket.id, (message) => scrollToSoon(message.id));

  const cancelReply = useCallback(() => setReplyTo(null), []);
  const cancelEdit = useCallback(() => setEditing(null), []);
  const sentMessages = useCallback(
    (sent: Message[]) => {
      const last = sent[sent.length - 1];
      if (last) scrollToSoon(last.id);
    },
    [scrollToSoon],
  );

  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const talkTo = useCallback(
    async (contact: { name: string; number: string }) => {
      try {
        const { contactId } = await contactByNumber(contact.number).unwrap();
        const opened = await startConversation({ contactId, userId: user?.id ?? null, queueId: ticket.queueId, whatsappId: ticket.whatsappId }).unwrap();
        void navigate(`/tickets/${opened.uuid}`);
      } catch (error) {
        const body = (error as { data?: { uuid?: string; userId?: number } }).data;
        if (errorCodeOf(error) === 'ERR_OTHER_OPEN_TICKET' && body?.uuid && body.userId === user?.id) void navigate(`/tickets/${body.uuid}`);
        else showError(error);
      }
    },
    [contactByNumber, startConversation, navigate, showError, ticket.queueId, ticket.whatsappId, user?.id],
  );

  const actions = useMemo<Omit<MessageActions, 'openMenu' | 'goToMessage'>>(
    () => ({
      reply: (message) => {
        setEditing(null);
        setReplyTo(message);
      },
      edit: (message) => {
        setReplyTo(null);
        setEditing(message);
      },
      remove: (message) => setToDelete(message),
      forward: (message) => {
        setSelecting(true);
        setSelected(new Set([message.id]));
      },
      react: (message, emoji) => void reactToMessage({ id: message.id, text: emoji, ticketId: ticket.id, fromMe: message.fromMe }).unwrap().catch(showError),
      openImage: (message) => setGalleryUrl(message.mediaUrl),
      talkTo: (contact) => void talkTo(contact),
      toggleSelected: (message) =>
        setSelected((current) => {
          const next = new Set(current);
          if (next.has(message.id)) next.delete(message.id);
          else next.add(message.id);
          return next;
        }),
    }),
    [reactToMessage, showError, talkTo, ticket.id],
  );

  const openForward = () => {
    if (selected.size === 0) {
      toaster.create({ type: 'warning', description: t('messagesList.header.notMessage') });
      return;
    }
    setForwardOpen(true);
  };
  const endSelection = () => {
    setSelecting(false);
    setSelected(new Set());
    setForwardOpen(false);
  };
  // Oldest first, as they were written.
  const selectedInOrder = messages.filter((message) => selected.has(message.id) && canForward(message)).map((message) => message.id);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteMessage(toDelete.id).unwrap();
    } catch (error) {
      showError(error);
    }
    setToDelete(null);
  };

  let body;
  if (isLoading) {
    body = (
      <Center flex="1" bg="bg.subtle">
        <Spinner />
      </Center>
    );
  } else if (isError && messages.length === 0) {
    body = (
      <Center flex="1" bg="bg.subtle" flexDirection="column" gap="2">
        <Text color="fg.muted">{t('messages.loadFailed')}</Text>
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </Center>
    );
  } else if (rows.length === 0) {
    body = <EmptyConversation />;
  } else {
    body = (
      <MessageList
        ref={list}
        rows={rows}
        userId={user?.id ?? 0}
        isGroup={ticket.isGroup}
        canReply={enabled}
        hasOlder={hasNextPage}
        loadingOlder={isFetchingNextPage}
        loadOlder={loadOlder}
        selecting={selecting}
        selected={selected}
        actions={actions}
      />
    );
  }

  return (
    <Flex direction="column" h="100%" minH="0" flex="1" minW="0" css={conversationStyles} data-testid="messages-panel">
      {!WINDOWLESS_CHANNELS.has(ticket.channel) && (
        <Alert.Root status="info" variant="subtle" borderRadius="0" py="2" data-testid="reply-window-banner">
          <Alert.Indicator />
          <Alert.Description textStyle="sm">{t('messages.replyWindow')}</Alert.Description>
        </Alert.Root>
      )}
      {ticket.channel === 'whatsapp_cloud' && <TemplateBanner ticketId={ticket.id} canSend={enabled} />}
      {selecting && (
        <HStack px="4" py="2" gap="2" borderBottomWidth="1px" bg="bg.panel" data-testid="selection-bar">
          <Text flex="1" textStyle="sm">
            {t('messages.selected', { count: selected.size })}
          </Text>
          <Button size="sm" onClick={openForward} data-testid="selection-forward">
            <LuForward />
            {t('messages.forward')}
          </Button>
          <Button size="sm" variant="ghost" onClick={endSelection} data-testid="selection-cancel">
            <LuX />
            {t('common.cancel')}
          </Button>
        </HStack>
      )}
      {body}
      <Composer
        key={ticket.id}
        ticket={ticket}
        enabled={enabled}
        signatureAvailable={signatureAvailable}
        replyTo={replyTo}
        onCancelReply={cancelReply}
        editing={editing}
        onCancelEdit={cancelEdit}
        onSent={sentMessages}
      />
      {/* Dialogs exist only while open: closed ones would still be drawn again with every page of messages. */}
      {forwardOpen && (
        <ForwardDialog open messageIds={selectedInOrder} signAvailable={signatureAvailable} onClose={() => setForwardOpen(false)} onDone={endSelection} />
      )}
      {galleryUrl !== null && <ImageGallery ticketId={ticket.id} startUrl={galleryUrl} onClose={() => setGalleryUrl(null)} />}
      {/* Mounted all along: opened from a menu item, a dialog mounted during that click would take the click as outside. */}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('messages.confirmDelete')}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
        loading={deleting.isLoading}
        testId="message-delete-dialog"
      />
    </Flex>
  );
}
