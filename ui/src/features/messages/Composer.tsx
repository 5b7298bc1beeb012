import { Box, Button, CloseButton, HStack, Icon, IconButton, Input, Menu, Popover, Portal, Spinner, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { lazy, memo, Suspense, useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { LuCamera, LuCheck, LuContact, LuFileText, LuImage, LuLock, LuMic, LuPaperclip, LuPencil, LuSend, LuSmile, LuX } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { readStorage, writeStorage } from '../../app/storage';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useSocketEvent } from '../../app/SocketProvider';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { quickMessagesApi, useQuickRepliesQuery } from '../quickMessages/api';
import { useEditMessageMutation, useSendMediaMutation, useSendMessageMutation } from './api';
import type { ActiveRecording } from './audioRecorder';
import { CameraDialog } from './CameraDialog';
import { cutLabel, filterQuickReplies, isSendable, signed, slashQuery, type QuickReply } from './model';
import { SendContactDialog } from './SendContactDialog';
import type { ConversationTicket, Message } from './types';

/** emoji-picker-react is large: it loads the first time the picker opens. */
const EmojiPicker = lazy(() => import('emoji-picker-react'));

/** The composer grows up to 5 rows. */
export const COMPOSER_MAX_ROWS = 5;
/** Browser storage: whether the attendant signs messages (used while the company's sendSignMessage is on). */
export const SIGNATURE_STORAGE_KEY = 'persistentSignMessage';
/** The media pickers: images, video and audio; or application and text files as documents. */
const MEDIA_ACCEPT = 'image/*,video/*,audio/*';
const DOCUMENT_ACCEPT = 'application/*,text/*';

interface ComposerProps {
  ticket: ConversationTicket;
  /** Only open and group tickets take messages. */
  enabled: boolean;
  signatureAvailable: boolean;
  replyTo: Message | null;
  onCancelReply: () => void;
  editing: Message | null;
  onCancelEdit: () => void;
  /** Called with the messages just sent, so the list can scroll to them. */
  onSent: (messages: Message[]) => void;
}

function QuickReplyMenu({ replies, active, onPick }: { replies: QuickReply[]; active: number; onPick: (reply: QuickReply) => void }) {
  return (
    <Stack position="absolute" bottom="100%" left="0" right="0" mb="1" maxH="240px" overflowY="auto" bg="bg.panel" borderWidth="1px" borderRadius="l2" shadow="md" gap="0" py="1" zIndex="dropdown" role="listbox" data-testid="quick-replies">
      {replies.map((reply, index) => (
        <Box
          key={reply.id}
          role="option"
          aria-selected={index === active}
          px="3"
          py="1.5"
          cursor="pointer"
          bg={index === active ? 'bg.muted' : undefined}
          _hover={{ bg: 'bg.muted' }}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(reply);
          }}
          data-testid={`quick-reply-${reply.id}`}
        >
          <Text textStyle="sm">
            <Text as="span" fontWeight="semibold">
              /{reply.shortcode}
            </Text>{' '}
            <Text as="span" color="fg.muted" data-testid="quick-reply-label">
              {/* A reply that sends a file is named by its file when it has no text. */}
              {reply.mediaPath && <Icon verticalAlign="middle" data-testid="quick-reply-file"><LuPaperclip /></Icon>} {cutLabel(reply.message || (reply.mediaName ?? ''))}
            </Text>
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The composer: Enter sends and Shift+Enter breaks the line; grows to 5 rows; a leading slash
 * opens the quick replies; emoji; files by type; voice notes; camera; contact cards; private notes; signature;
 * reply and edit.
 */
export const Composer = memo(function Composer({ ticket, enabled, signatureAvailable, replyTo, onCancelReply, editing, onCancelEdit, onSent }: ComposerProps) {
  const t = useT();
  const showError = useErrorToast();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.session.user);
  const [sendMessage] = useSendMessageMutation();
  const [sendMedia] = useSendMediaMutation();
  const [editMessage] = useEditMessageMutation();
  const { data: quickReplies = [] } = useQuickRepliesQuery(undefined, { skip: !enabled });
  const [text, setText] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [sign, setSign] = useState(() => readStorage(SIGNATURE_STORAGE_KEY) !== 'false');
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  /**
   * The files just picked, taken from the input before it is cleared (so the same file can be
   * picked again): React may run a state updater after this handler returns, when the input's
   * list is already empty.
   */
  const addPicked = (input: HTMLInputElement) => {
    const picked = [...(input.files ?? [])];
    input.value = '';
    setFiles((current) => [...current, ...picked]);
  };
  const [caption, setCaption] = useState('');
  const [activeReply, setActiveReply] = useState(0);
  const [menuClosedFor, setMenuClosedFor] = useState<string | null>(null);
  const [recording, setRecording] = useState<{ session: ActiveRecording; startedAt: number } | null>(null);
  const [recordSeconds, setRecordSeconds] = useState(0);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const mediaInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);

  // Quick replies change on the quick-replies screen; the composer's list follows.
  useSocketEvent('quickmessage', () => dispatch(quickMessagesApi.util.invalidateTags(['QuickReplies'])));

  useEffect(() => {
    if (editing) {
      setText(editing.body);
      requestAnimationFrame(() => textarea.current?.focus());
    }
  }, [editing]);
  useEffect(() => {
    if (replyTo) textarea.current?.focus();
  }, [replyTo]);
  // Leaving the ticket while recording closes the microphone.
  const liveRecording = useRef<ActiveRecording | null>(null);
  liveRecording.current = recording?.session ?? null;
  useEffect(() => () => liveRecording.current?.cancel(), []);
  useEffect(() => {
    if (!recording) return undefined;
    const timer = setInterval(() => setRecordSeconds(Math.floor((Date.now() - recording.startedAt) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  // Grow with the text up to 5 rows, then scroll inside.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    const style = getComputedStyle(element);
    const lineHeight = parseFloat(style.lineHeight) || 20;
    const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) || 0;
    const max = lineHeight * COMPOSER_MAX_ROWS + padding + 2;
    element.style.height = `${Math.min(element.scrollHeight + 2, max)}px`;
    element.style.overflowY = element.scrollHeight + 2 > max ? 'auto' : 'hidden';
  }, [text]);

  const signing = signatureAvailable && sign;
  const query = slashQuery(text);
  const matches = editing ? [] : filterQuickReplies(quickReplies, text);
  const menuOpen = query !== null && matches.length > 0 && menuClosedFor !== text;
  const busy = sending || recording !== null;
  const disabled = !enabled || busy;
  const bodyOf = (value: string) => (signing && !isPrivate && user ? signed(value, user.name) : value);

  const finish = (messages: Message[]) => {
    setText('');
    onCancelReply();
    onSent(messages);
  };

  const submitText = async () => {
    if (!enabled || sending) return;
    if (editing) {
      if (!isSendable(text)) return;
      setSending(true);
      try {
        await editMessage({ messageId: editing.id, body: text }).unwrap();
        setText('');
        onCancelEdit();
      } catch (error) {
        showError(error);
      } finally {
        setSending(false);
      }
      return;
    }
    if (!isSendable(text)) return;
    setSending(true);
    try {
      const { messages } = await sendMessage({ ticketId: ticket.id, body: bodyOf(text.trim()), isPrivate, quotedMsgId: replyTo?.id ?? null }).unwrap();
      finish(messages);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
      requestAnimationFrame(() => textarea.current?.focus());
    }
  };

  const sendFiles = async (chosen: File[], body: string) => {
    if (chosen.length === 0 || !enabled) return;
    setSending(true);
    try {
      const { messages } = await sendMedia({ ticketId: ticket.id, files: chosen, body: body.trim() ? bodyOf(body.trim()) : '', isPrivate, quotedMsgId: replyTo?.id ?? null }).unwrap();
      setFiles([]);
      setCaption('');
      onCancelReply();
      onSent(messages);
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  const pickQuickReply = async (reply: QuickReply) => {
    setActiveReply(0);
    if (reply.mediaPath) {
      setSending(true);
      try {
        const { messages } = await sendMessage({ ticketId: ticket.id, body: reply.message, mediaUrl: reply.mediaPath, isPrivate }).unwrap();
        finish(messages);
      } catch (error) {
        showError(error);
      } finally {
        setSending(false);
      }
      return;
    }
    setText(reply.message);
    setMenuClosedFor(reply.message);
    requestAnimationFrame(() => textarea.current?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (menuOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveReply((index) => (index + step + matches.length) % matches.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        void pickQuickReply(matches[Math.min(activeReply, matches.length - 1)]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMenuClosedFor(text);
        return;
      }
    }
    if (event.key === 'Escape' && editing) {
      setText('');
      onCancelEdit();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submitText();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length > 0 && !editing) {
      event.preventDefault();
      setFiles((current) => [...current, ...pasted]);
    }
  };

  const insertEmoji = (emoji: string) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const startAudio = async () => {
    try {
      const { startRecording } = await import('./audioRecorder');
      const session = await startRecording();
      setRecordSeconds(0);
      setRecording({ session, startedAt: Date.now() });
    } catch (error) {
      showError(error);
    }
  };

  const stopAudio = async (keep: boolean) => {
    const current = recording;
    if (!current) return;
    setRecording(null);
    if (!keep) {
      current.session.cancel();
      return;
    }
    const mp3 = await current.session.stop();
    if (!mp3) {
      toaster.create({ type: 'info', description: t('composer.audioTooShort') });
      return;
    }
    await sendFiles([new File([mp3], `audio-${Date.now()}.mp3`, { type: 'audio/mpeg' })], '');
  };

  const toggleSign = (value: boolean) => {
    setSign(value);
    writeStorage(SIGNATURE_STORAGE_KEY, String(value));
  };

  if (!enabled) {
    return (
      <Box px="4" py="3" borderTopWidth="1px" bg="bg.panel" data-testid="composer" data-disabled="true">
        <Textarea disabled rows={1} resize="none" placeholder={t('composer.disabled')} data-testid="composer-input" />
      </Box>
    );
  }

  return (
    <Box px="3" py="2" borderTopWidth="1px" bg={isPrivate ? 'yellow.subtle' : 'bg.panel'} data-testid="composer" data-private={isPrivate}>
      {(replyTo || editing) && (
        <HStack gap="2" mb="2" px="3" py="1.5" borderLeftWidth="4px" borderLeftColor={editing ? 'orange.solid' : 'green.solid'} bg="bg.muted" borderRadius="l2" data-testid={editing ? 'composer-editing' : 'composer-reply'}>
          {editing ? <LuPencil /> : null}
          <Stack gap="0" flex="1" minW="0">
            <Text textStyle="xs" fontWeight="semibold">
              {editing ? t('composer.editing') : t('composer.replyingTo')}
            </Text>
            <Text textStyle="xs" color="fg.muted" truncate>
              {(editing ?? replyTo)!.body || t(`messages.mediaLabel.${(editing ?? replyTo)!.mediaType}`)}
            </Text>
          </Stack>
          <CloseButton
            size="xs"
            aria-label={t('common.cancel')}
            onClick={() => {
              if (editing) {
                setText('');
                onCancelEdit();
              } else onCancelReply();
            }}
            data-testid="composer-cancel-context"
          />
        </HStack>
      )}
      {files.length > 0 && (
        <Stack gap="2" mb="2" p="2" borderWidth="1px" borderRadius="l2" data-testid="composer-files">
          {files.map((file, index) => (
            <HStack key={`${file.name}-${index}`} gap="2" textStyle="sm">
              <LuPaperclip />
              <Text flex="1" truncate>
                {file.name}
              </Text>
              <CloseButton size="2xs" aria-label={t('composer.removeFile')} onClick={() => setFiles((current) => current.filter((_, at) => at !== index))} />
            </HStack>
          ))}
          <HStack gap="2">
            <Input size="sm" placeholder={t('composer.caption')} value={caption} onChange={(event) => setCaption(event.target.value)} data-testid="composer-caption" />
            <Button size="sm" onClick={() => void sendFiles(files, caption)} loading={sending} data-testid="composer-send-files">
              <LuSend />
              {t('composer.send')}
            </Button>
          </HStack>
        </Stack>
      )}
      {recording ? (
        <HStack gap="3" py="1" data-testid="composer-recording">
          <IconButton size="sm" variant="ghost" aria-label={t('composer.cancelAudio')} onClick={() => void stopAudio(false)} data-testid="audio-cancel">
            <LuX />
          </IconButton>
          <Box w="2.5" h="2.5" borderRadius="full" bg="red.solid" animation="pulse 1s infinite" />
          <Text flex="1" textStyle="sm" fontVariantNumeric="tabular-nums">
            {formatDuration(recordSeconds)}
          </Text>
          <IconButton size="sm" colorPalette="green" aria-label={t('composer.sendAudio')} onClick={() => void stopAudio(true)} data-testid="audio-send">
            <LuCheck />
          </IconButton>
        </HStack>
      ) : (
        <HStack gap="1" align="flex-end">
          {!editing && (
            <>
              <Popover.Root open={emojiOpen} onOpenChange={(details) => setEmojiOpen(details.open)} positioning={{ placement: 'top-start' }} lazyMount>
                <Popover.Trigger asChild>
                  <IconButton size="sm" variant="ghost" aria-label={t('composer.emoji')} disabled={disabled} data-testid="composer-emoji">
                    <LuSmile />
                  </IconButton>
                </Popover.Trigger>
                <Portal>
                  <Popover.Positioner>
                    <Popover.Content width="auto" data-testid="emoji-picker">
                      <Suspense fallback={<Spinner m="4" />}>
                        <EmojiPicker onEmojiClick={(data) => insertEmoji(data.emoji)} lazyLoadEmojis previewConfig={{ showPreview: false }} />
                      </Suspense>
                    </Popover.Content>
                  </Popover.Positioner>
                </Portal>
              </Popover.Root>
              <Menu.Root positioning={{ placement: 'top-start' }}>
                <Menu.Trigger asChild>
                  <IconButton size="sm" variant="ghost" aria-label={t('composer.attach')} disabled={disabled} data-testid="composer-attach">
                    <LuPaperclip />
                  </IconButton>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      <Menu.Item value="media" onClick={() => mediaInput.current?.click()} data-testid="attach-media">
                        <LuImage />
                        {t('composer.attachMedia')}
                      </Menu.Item>
                      <Menu.Item value="document" onClick={() => documentInput.current?.click()} data-testid="attach-document">
                        <LuFileText />
                        {t('composer.attachDocument')}
                      </Menu.Item>
                      <Menu.Item value="camera" onClick={() => setCameraOpen(true)} data-testid="attach-camera">
                        <LuCamera />
                        {t('composer.camera')}
                      </Menu.Item>
                      <Menu.Item value="contact" onClick={() => setContactOpen(true)} data-testid="attach-contact">
                        <LuContact />
                        {t('composer.sendContact')}
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
              <input
                ref={mediaInput}
                type="file"
                accept={MEDIA_ACCEPT}
                multiple
                hidden
                onChange={(event) => addPicked(event.target)}
                data-testid="composer-media-input"
              />
              <input
                ref={documentInput}
                type="file"
                accept={DOCUMENT_ACCEPT}
                multiple
                hidden
                onChange={(event) => addPicked(event.target)}
                data-testid="composer-document-input"
              />
              <IconButton
                size="sm"
                variant={isPrivate ? 'solid' : 'ghost'}
                colorPalette={isPrivate ? 'yellow' : undefined}
                aria-label={t('composer.private')}
                aria-pressed={isPrivate}
                title={t('composer.private')}
                onClick={() => setIsPrivate((value) => !value)}
                disabled={disabled}
                data-testid="composer-private"
              >
                <LuLock />
              </IconButton>
            </>
          )}
          <Box flex="1" position="relative">
            {menuOpen && <QuickReplyMenu replies={matches} active={Math.min(activeReply, matches.length - 1)} onPick={(reply) => void pickQuickReply(reply)} />}
            <Textarea
              ref={textarea}
              rows={1}
              resize="none"
              value={text}
              disabled={disabled}
              placeholder={t(isPrivate ? 'composer.privatePlaceholder' : 'composer.placeholder')}
              onChange={(event) => {
                setText(event.target.value);
                setActiveReply(0);
              }}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              bg="bg"
              data-testid="composer-input"
            />
          </Box>
          {text.trim() === '' && files.length === 0 && !editing ? (
            <IconButton size="sm" variant="ghost" aria-label={t('composer.recordAudio')} onClick={() => void startAudio()} disabled={disabled} data-testid="composer-record">
              {sending ? <Spinner size="xs" /> : <LuMic />}
            </IconButton>
          ) : (
            <IconButton size="sm" colorPalette="green" aria-label={t(editing ? 'composer.saveEdit' : 'composer.send')} onClick={() => void submitText()} disabled={disabled || !isSendable(text)} loading={sending} data-testid="composer-send">
              {editing ? <LuCheck /> : <LuSend />}
            </IconButton>
          )}
        </HStack>
      )}
      {signatureAvailable && !editing && !recording && (
        <HStack mt="1" gap="3">
          <Switch.Root size="sm" checked={sign} onCheckedChange={(details) => toggleSign(details.checked)} data-testid="composer-signature">
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label textStyle="xs">{t('composer.signature')}</Switch.Label>
          </Switch.Root>
          {isPrivate && (
            <Text textStyle="xs" color="yellow.fg">
              {t('composer.privateHint')}
            </Text>
          )}
        </HStack>
      )}
      {cameraOpen && <CameraDialog open onClose={() => setCameraOpen(false)} onCapture={(file) => setFiles((current) => [...current, file])} />}
      {contactOpen && (
      <SendContactDialog
        open
        onClose={() => setContactOpen(false)}
        onSend={(contact) => {
          setContactOpen(false);
          sendMessage({ ticketId: ticket.id, body: '', vCard: { name: contact.name, number: contact.number }, isPrivate, quotedMsgId: replyTo?.id ?? null })
            .unwrap()
            .then(({ messages }) => {
              onCancelReply();
              onSent(messages);
            }, showError);
        }}
      />
      )}
      {!signatureAvailable && isPrivate && (
        <Text mt="1" textStyle="xs" color="yellow.fg">
          {t('composer.privateHint')}
        </Text>
      )}
    </Box>
  );
});
