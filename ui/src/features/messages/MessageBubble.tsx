import { Checkbox, HStack, Menu } from '@chakra-ui/react';
import { Fragment, memo } from 'react';
import {
  LuBan,
  LuCheck,
  LuCheckCheck,
  LuChevronDown,
  LuCircleAlert,
  LuClock,
  LuCornerUpLeft,
  LuForward,
  LuLock,
  LuMessageCircle,
  LuPencil,
  LuSmile,
  LuTrash2,
} from 'react-icons/lu';
import { useT } from '../../i18n';
import { formatMessageText } from '../../shared/whatsappText';
import { ackIcon, canDelete, canEdit, canForward, deletedText, keepsDeletedContent, type ShownMessage } from './model';
import { AudioPlayer, CallLogLine, MessageContactCard, MessageDocument, MessageImage, MessageLocation, MessageVideo } from './MessageContent';
import type { MessageView as Message, QuotedMessageView as QuotedMessage } from '@conversa/contracts';

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
  /** Opens the one shared actions menu of the list at this point (a menu per row would cost every row a state machine). */
  openMenu(message: Message, point: { x: number; y: number }): void;
  /** Brings a loaded message into view (a click on the message a reply quotes). */
  goToMessage(messageId: string): void;
}

const ACK_ICONS = { clock: LuClock, sent: LuCheck, delivered: LuCheckCheck, read: LuCheckCheck, failed: LuCircleAlert } as const;

export function AckIcon({ message }: { message: Message }) {
  const t = useT();
  const kind = ackIcon(message);
  const Glyph = ACK_ICONS[kind];
  const label = kind === 'failed' && message.sendError ? message.sendError : t(`messages.ack.${kind}`);
  return (
    <span className="cv-ack" data-testid="message-ack" data-ack={kind} role="img" aria-label={t(`messages.ack.${kind}`)} title={label}>
      <Glyph />
    </span>
  );
}

function QuotedBlock({ quoted, onOpen }: { quoted: QuotedMessage; onOpen: () => void }) {
  const t = useT();
  const text = quoted.isDeleted
    ? t('messages.deleted')
    : quoted.body.trim() || (quoted.mediaType === 'chat' ? '' : t(`messages.mediaLabel.${quoted.mediaType}`));
  return (
    <div
      className="cv-quoted"
      data-from-me={quoted.fromMe}
      role="button"
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(event) => event.key === 'Enter' && onOpen()}
      data-testid="quoted-message"
    >
      <div className="cv-quoted-author">{quoted.fromMe ? t('messages.you') : (quoted.participant?.name ?? t('messages.contact'))}</div>
      <div className="cv-quoted-text">{text}</div>
    </div>
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

/** What the message says: the message it quotes, its file, place or card, and its text. */
function Body({ message, caption, actions }: { message: Message; caption: string; actions: MessageActions }) {
  return (
    <>
      {message.quotedMsg && <QuotedBlock quoted={message.quotedMsg} onOpen={() => actions.goToMessage(message.quotedMsg!.id)} />}
      <Content message={message} actions={actions} />
      {caption.trim() !== '' && (
        <div className="cv-text" data-testid="message-body">
          <FormattedText text={caption} />
        </div>
      )}
    </>
  );
}

/** A caption under a file; for text, contact cards (whose body is the vCard) and locations it is the content itself. */
const captionOf = (message: Message) => (message.mediaType === 'contactMessage' ? '' : message.body);

/** The actions menu's items, rendered when it opens, so the 15-minute edit window is judged at that moment. */
export function ActionItems({
  message,
  userId,
  canReply,
  isGroup,
  actions,
}: {
  message: Message;
  userId: number;
  canReply: boolean;
  isGroup: boolean;
  actions: MessageActions;
}) {
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
        <Menu.Item
          value="talk"
          onClick={() => actions.talkTo({ name: message.participant!.name, number: message.participant!.number })}
          data-testid="message-action-talk"
        >
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
export const MessageBubble = memo(function MessageBubble({ item, isGroup, selecting, selected, actions }: BubbleProps) {
  const t = useT();
  const { message, reactions } = item;
  if (message.mediaType === 'call_log') return <CallLogLine message={message} time={timeOf(message.createdAt)} />;

  const deleted = deletedText(message);
  const forwardable = canForward(message);
  const caption = captionOf(message);
  const tone = message.isPrivate ? 'private' : message.fromMe ? 'mine' : 'theirs';

  // Plain elements styled by the list's one style sheet (conversationStyles): rows mount on every scroll step,
  // and a styled component per part would resolve its styles each time.
  return (
    <div className="cv-row" data-testid={`message-${message.id}`} data-from-me={message.fromMe} data-private={message.isPrivate}>
      {selecting && forwardable && (
        <Checkbox.Root
          checked={selected}
          onCheckedChange={() => actions.toggleSelected(message)}
          mt="2"
          order={message.fromMe ? -1 : 0}
          data-testid={`message-select-${message.id}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
        </Checkbox.Root>
      )}
      <div className="cv-bubble" data-tone={tone}>
        {!deleted && !selecting && (
          <button
            type="button"
            className="cv-menu"
            aria-label={t('messages.actions')}
            aria-haspopup="menu"
            onClick={(event) => {
              const rect = event.currentTarget.getBoundingClientRect();
              actions.openMenu(message, { x: rect.right, y: rect.bottom });
            }}
            data-testid={`message-menu-${message.id}`}
          >
            <LuChevronDown />
          </button>
        )}
        <div className="cv-content">
          {isGroup && !message.fromMe && message.participant && <div className="cv-participant">{message.participant.name || message.participant.number}</div>}
          {message.isPrivate && (
            <div className="cv-mark cv-mark-private">
              <LuLock />
              <span>{t('messages.privateNote')}</span>
            </div>
          )}
          {message.isForwarded && !deleted && (
            <div className="cv-mark cv-mark-forwarded" data-testid="message-forwarded">
              <LuForward />
              <span>{t('messages.forwarded')}</span>
            </div>
          )}
          {deleted && (
            <div className="cv-deleted" data-testid="message-deleted">
              <LuBan />
              <span>{t(deleted === 'byContact' ? 'messages.deletedByContact' : deleted === 'erased' ? 'messages.erasedLgpd' : 'messages.deleted')}</span>
            </div>
          )}
          {message.contentExpired && (
            // Retention erased it: the time stays, the contents are gone for good.
            <div className="cv-deleted" data-testid="message-expired">
              <LuClock />
              <span>{t('messages.contentExpired')}</span>
            </div>
          )}
          {message.contentExpired ? null : !deleted ? (
            <Body message={message} caption={caption} actions={actions} />
          ) : (
            keepsDeletedContent(message) && (
              // lgpdDeleteMessage off: what was deleted stays readable for attendants, set apart under the mark.
              <div className="cv-kept" data-testid="message-deleted-content">
                <Body message={message} caption={caption} actions={actions} />
              </div>
            )
          )}
        </div>
        <div className="cv-footer">
          {message.isEdited && !deleted && <span data-testid="message-edited">{t('messages.edited')}</span>}
          <span>{timeOf(message.createdAt)}</span>
          {message.fromMe && !message.isPrivate && !deleted && <AckIcon message={message} />}
        </div>
        {reactions.length > 0 && (
          <div className="cv-reactions" data-testid="message-reactions">
            {reactions.map((reaction, index) => (
              <span key={index} className="cv-reaction">
                {reaction.emoji}
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
});
