import { Badge, Box, Checkbox, HStack, Icon, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Fragment, memo } from 'react';
import { LuBan, LuCheck, LuCheckCheck, LuChevronDown, LuCircleAlert, LuClock, LuCornerUpLeft, LuForward, LuLock, LuMessageCircle, LuPencil, LuSmile, LuTrash2 } from 'react-icons/lu';
import { useT } from '../../i18n';
import { formatMessageText } from './format';
import { ackIcon, canDelete, canEdit, canForward, deletedText, type ShownMessage } from './model';
import { AudioPlayer, CallLogLine, MessageContactCard, MessageDocument, MessageImage, MessageLocation, MessageVideo } from './MessageContent';
import type { Message, QuotedMessage } from './types';

/** The reactions offered in a message's menu. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

export const timeOf = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

export interface MessageActions {
  reply(message: Message): void;
  edit(message: Message): void;
  remove(message: Message): void;
  forward(message: Message): void;
  react(message: Message, emoji: string): void;
  openImage(message: Message): void;
  talkTo(contact: { name: string; number: string }): void;
  toggleSelected(message: Message): void;
}

export function AckIcon({ message }: { message: Message }) {
  const t = useT();
  const kind = ackIcon(message);
  const icons = { clock: LuClock, sent: LuCheck, delivered: LuCheckCheck, read: LuCheckCheck, failed: LuCircleAlert } as const;
  const colors = { clock: 'fg.muted', sent: 'fg.muted', delivered: 'fg.muted', read: 'blue.fg', failed: 'red.fg' } as const;
  return (
    <Icon as={icons[kind]} boxSize="3.5" color={colors[kind]} data-testid="message-ack" data-ack={kind} aria-label={t(`messages.ack.${kind}`)}>
      <title>{kind === 'failed' && message.sendError ? message.sendError : t(`messages.ack.${kind}`)}</title>
    </Icon>
  );
}

function QuotedBlock({ quoted }: { quoted: QuotedMessage }) {
  const t = useT();
  const text = quoted.isDeleted
    ? t('messages.deleted')
    : quoted.body.trim() || (quoted.mediaType === 'chat' ? '' : t(`messages.mediaLabel.${quoted.mediaType}`));
  return (
    <Box borderLeftWidth="4px" borderLeftColor={quoted.fromMe ? 'green.solid' : 'blue.solid'} bg="blackAlpha.50" _dark={{ bg: 'whiteAlpha.100' }} borderRadius="l1" px="2" py="1" mb="1" data-testid="quoted-message">
      <Text textStyle="xs" fontWeight="semibold" color={quoted.fromMe ? 'green.fg' : 'blue.fg'}>
        {quoted.fromMe ? t('messages.you') : (quoted.participant?.name ?? t('messages.contact'))}
      </Text>
      <Text textStyle="xs" color="fg.muted" lineClamp={3} whiteSpace="pre-wrap">
        {text}
      </Text>
    </Box>
  );
}

/** Links and WhatsApp marks (format.ts), rendered as text, never as HTML. */
function FormattedText({ text }: { text: string }) {
  return (
    <>
      {formatMessageText(text).map((part, index) => {
        switch (part.kind) {
          case 'link':
            return (
              <a key={index} href={part.text} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
                {part.text}
              </a>
            );
          case 'bold':
            return <strong key={index}>{part.text}</strong>;
          case 'italic':
            return <em key={index}>{part.text}</em>;
          case 'strike':
            return <s key={index}>{part.text}</s>;
          case 'mono':
            return <code key={index}>{part.text}</code>;
          default:
            return <Fragment key={index}>{part.text}</Fragment>;
        }
      })}
    </>
  );
}

function Content({ message, actions }: { message: Message; actions: MessageActions }) {
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return <MessageImage message={message} onOpen={() => actions.openImage(message)} />;
    case 'video':
      return <MessageVideo message={message} />;
    case 'audio':
      return <AudioPlayer message={message} />;
    case 'application':
      return <MessageDocument message={message} />;
    case 'locationMessage':
      return <MessageLocation message={message} />;
    case 'contactMessage':
      return <MessageContactCard message={message} onTalk={actions.talkTo} />;
    default:
      return null;
  }
}

/** A caption under a file; for text, contact cards (whose body is the vCard) and locations it is the content itself. */
const captionOf = (message: Message) => (message.mediaType === 'contactMessage' ? '' : message.body);

/** Rendered when the menu opens, so the 15-minute edit window is judged at that moment. */
function ActionItems({ message, userId, canReply, isGroup, actions }: { message: Message; userId: number; canReply: boolean; isGroup: boolean; actions: MessageActions }) {
  const t = useT();
  const editable = canEdit(message, userId, Date.now());
  const removable = canDelete(message);
  const forwardable = canForward(message);
  return (
    <>
      {canReply && (
        <Menu.Item value="reply" onClick={() => actions.reply(message)} data-testid="message-action-reply">
          <LuCornerUpLeft />
          {t('messages.reply')}
        </Menu.Item>
      )}
      {canReply && !message.isPrivate && (
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel display="flex" alignItems="center" gap="2">
            <LuSmile />
            {t('messages.react')}
          </Menu.ItemGroupLabel>
          <HStack px="2" pb="1" gap="0">
            {QUICK_REACTIONS.map((emoji) => (
              <Menu.Item key={emoji} value={`react-${emoji}`} onClick={() => actions.react(message, emoji)} px="1.5" data-testid={`message-react-${emoji}`}>
                {emoji}
              </Menu.Item>
            ))}
          </HStack>
        </Menu.ItemGroup>
      )}
      {forwardable && (
        <Menu.Item value="forward" onClick={() => actions.forward(message)} data-testid="message-action-forward">
          <LuForward />
          {t('messages.forward')}
        </Menu.Item>
      )}
      {isGroup && !message.fromMe && message.participant?.number && (
        <Menu.Item value="talk" onClick={() => actions.talkTo({ name: message.participant!.name, number: message.participant!.number })} data-testid="message-action-talk">
          <LuMessageCircle />
          {t('messages.talkToParticipant')}
        </Menu.Item>
      )}
      {editable && (
        <Menu.Item value="edit" onClick={() => actions.edit(message)} data-testid="message-action-edit">
          <LuPencil />
          {t('messages.edit')}
        </Menu.Item>
      )}
      {removable && (
        <Menu.Item value="delete" color="fg.error" onClick={() => actions.remove(message)} data-testid="message-action-delete">
          <LuTrash2 />
          {t('messages.delete')}
        </Menu.Item>
      )}
    </>
  );
}

interface BubbleProps {
  item: ShownMessage;
  userId: number;
  isGroup: boolean;
  canReply: boolean;
  selecting: boolean;
  selected: boolean;
  actions: MessageActions;
}

/** One message: quoted block, content by type, marks (forwarded, edited, private), time, ack and reactions. */
export const MessageBubble = memo(function MessageBubble({ item, userId, isGroup, canReply, selecting, selected, actions }: BubbleProps) {
  const t = useT();
  const { message, reactions } = item;
  if (message.mediaType === 'call_log') return <CallLogLine message={message} time={timeOf(message.createdAt)} />;

  const deleted = deletedText(message);
  const forwardable = canForward(message);
  const caption = captionOf(message);
  const bg = message.isPrivate ? 'yellow.subtle' : message.fromMe ? 'green.subtle' : 'bg.panel';

  return (
    <HStack justify={message.fromMe ? 'flex-end' : 'flex-start'} align="flex-start" px="4" py="0.5" gap="2" data-testid={`message-${message.id}`} data-from-me={message.fromMe} data-private={message.isPrivate}>
      {selecting && forwardable && (
        <Checkbox.Root checked={selected} onCheckedChange={() => actions.toggleSelected(message)} mt="2" order={message.fromMe ? -1 : 0} data-testid={`message-select-${message.id}`}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      )}
      <Box
        position="relative"
        maxW="min(75%, 560px)"
        bg={bg}
        borderWidth={message.isPrivate ? '1px' : '0'}
        borderColor="yellow.emphasized"
        borderRadius="l3"
        px="3"
        pt="1.5"
        pb="1"
        shadow="xs"
        className="group"
      >
        {!deleted && !selecting && (
          <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
            <Menu.Trigger asChild>
              <IconButton
                size="2xs"
                variant="ghost"
                position="absolute"
                top="0.5"
                right="0.5"
                opacity={{ base: 0.4, _groupHover: 1 }}
                aria-label={t('messages.actions')}
                data-testid={`message-menu-${message.id}`}
              >
                <LuChevronDown />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="44">
                  <ActionItems message={message} userId={userId} canReply={canReply} isGroup={isGroup} actions={actions} />
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        )}
        <Stack gap="1" pr="5">
          {isGroup && !message.fromMe && message.participant && (
            <Text textStyle="xs" fontWeight="semibold" color="purple.fg">
              {message.participant.name || message.participant.number}
            </Text>
          )}
          {message.isPrivate && (
            <HStack gap="1" color="yellow.fg" textStyle="xs" fontWeight="semibold">
              <LuLock />
              <Text>{t('messages.privateNote')}</Text>
            </HStack>
          )}
          {message.isForwarded && !deleted && (
            <HStack gap="1" color="fg.muted" textStyle="xs" fontStyle="italic" data-testid="message-forwarded">
              <LuForward />
              <Text>{t('messages.forwarded')}</Text>
            </HStack>
          )}
          {deleted ? (
            <HStack gap="1" color="fg.muted" fontStyle="italic" textStyle="sm" data-testid="message-deleted">
              <LuBan />
              <Text>{t(deleted === 'byContact' ? 'messages.deletedByContact' : 'messages.deleted')}</Text>
            </HStack>
          ) : (
            <>
              {message.quotedMsg && <QuotedBlock quoted={message.quotedMsg} />}
              <Content message={message} actions={actions} />
              {caption.trim() !== '' && (
                <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="message-body">
                  <FormattedText text={caption} />
                </Text>
              )}
            </>
          )}
        </Stack>
        <HStack justify="flex-end" gap="1" mt="0.5" color="fg.muted" textStyle="2xs">
          {message.isEdited && !deleted && <Text data-testid="message-edited">{t('messages.edited')}</Text>}
          <Text>{timeOf(message.createdAt)}</Text>
          {message.fromMe && !message.isPrivate && !deleted && <AckIcon message={message} />}
        </HStack>
        {reactions.length > 0 && (
          <HStack position="absolute" bottom="-3" left={message.fromMe ? undefined : '2'} right={message.fromMe ? '2' : undefined} gap="0.5" data-testid="message-reactions">
            {reactions.map((reaction, index) => (
              <Badge key={index} size="sm" variant="surface" rounded="full" px="1">
                {reaction.emoji}
              </Badge>
            ))}
          </HStack>
        )}
      </Box>
    </HStack>
  );
});
