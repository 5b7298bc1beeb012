import { Box, Button, CloseButton, HStack, IconButton, Input, Menu, Popover, Portal, Spinner, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { Suspense, useRef, type Dispatch, type SetStateAction } from 'react';
import { lazy } from '../../i18n/lazy';
import { LuCamera, LuCheck, LuContact, LuFileText, LuImage, LuLock, LuMic, LuPaperclip, LuPencil, LuSend, LuSmile, LuX } from 'react-icons/lu';
import { useT } from '../../i18n';
import type { MessageView as Message } from '@conversa/contracts';

/** emoji-picker-react is large: it loads the first time the picker opens. */
const EmojiPicker = lazy(() => import('emoji-picker-react'));

/** The media pickers: images, video and audio; or application and text files as documents. */
const MEDIA_ACCEPT = 'image/*,video/*,audio/*';
const DOCUMENT_ACCEPT = 'application/*,text/*';

const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The message being replied to or edited, above the input. */
export function ReplyEditBanner({ replyTo, editing, onCancel }: { replyTo: Message | null; editing: Message | null; onCancel: () => void }) {
  const t = useT();
  return (
    <HStack
      gap="2"
      mb="2"
      px="3"
      py="1.5"
      borderLeftWidth="4px"
      borderLeftColor={editing ? 'orange.solid' : 'green.solid'}
      bg="bg.muted"
      borderRadius="l2"
      data-testid={editing ? 'composer-editing' : 'composer-reply'}
    >
      {editing ? <LuPencil /> : null}
      <Stack gap="0" flex="1" minW="0">
        <Text textStyle="xs" fontWeight="semibold">
          {editing ? t('composer.editing') : t('composer.replyingTo')}
        </Text>
        <Text textStyle="xs" color="fg.muted" truncate>
          {(editing ?? replyTo)!.body || t(`messages.mediaLabel.${(editing ?? replyTo)!.mediaType}`)}
        </Text>
      </Stack>
      <CloseButton size="xs" aria-label={t('common.cancel')} onClick={onCancel} data-testid="composer-cancel-context" />
    </HStack>
  );
}

interface PendingFilesProps {
  files: File[];
  setFiles: Dispatch<SetStateAction<File[]>>;
  caption: string;
  setCaption: (caption: string) => void;
  sending: boolean;
  onSend: () => void;
}

/** The files picked, pasted or captured, waiting for a caption and Send. */
export function PendingFiles({ files, setFiles, caption, setCaption, sending, onSend }: PendingFilesProps) {
  const t = useT();
  return (
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
        <Input
          size="sm"
          placeholder={t('composer.caption')}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
          data-testid="composer-caption"
        />
        <Button size="sm" onClick={onSend} loading={sending} data-testid="composer-send-files">
          <LuSend />
          {t('composer.send')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** A voice note being recorded: cancel, elapsed time, send. */
export function RecordingBar({ seconds, onStop }: { seconds: number; onStop: (keep: boolean) => void }) {
  const t = useT();
  return (
    <HStack gap="3" py="1" data-testid="composer-recording">
      <IconButton size="sm" variant="ghost" aria-label={t('composer.cancelAudio')} onClick={() => onStop(false)} data-testid="audio-cancel">
        <LuX />
      </IconButton>
      <Box w="2.5" h="2.5" borderRadius="full" bg="red.solid" animation="pulse 1s infinite" />
      <Text flex="1" textStyle="sm" fontVariantNumeric="tabular-nums">
        {formatDuration(seconds)}
      </Text>
      <IconButton size="sm" colorPalette="green" aria-label={t('composer.sendAudio')} onClick={() => onStop(true)} data-testid="audio-send">
        <LuCheck />
      </IconButton>
    </HStack>
  );
}

interface ComposerToolsProps {
  disabled: boolean;
  isPrivate: boolean;
  setIsPrivate: Dispatch<SetStateAction<boolean>>;
  emojiOpen: boolean;
  setEmojiOpen: (open: boolean) => void;
  insertEmoji: (emoji: string) => void;
  addPicked: (input: HTMLInputElement) => void;
  setCameraOpen: (open: boolean) => void;
  setContactOpen: (open: boolean) => void;
}

/** The buttons left of the input: emoji, attach (media, document, camera, contact) and private note. */
export function ComposerTools({
  disabled,
  isPrivate,
  setIsPrivate,
  emojiOpen,
  setEmojiOpen,
  insertEmoji,
  addPicked,
  setCameraOpen,
  setContactOpen,
}: ComposerToolsProps) {
  const t = useT();
  const mediaInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  return (
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
  );
}

/** The signature switch, with the private-note hint beside it. */
export function SignatureRow({ sign, toggleSign, isPrivate }: { sign: boolean; toggleSign: (value: boolean) => void; isPrivate: boolean }) {
  const t = useT();
  return (
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
  );
}

/** The composer of a ticket that takes no messages. */
export function DisabledComposer() {
  const t = useT();
  return (
    <Box px="4" py="3" borderTopWidth="1px" bg="bg.panel" data-testid="composer" data-disabled="true">
      <Textarea disabled rows={1} resize="none" placeholder={t('composer.disabled')} data-testid="composer-input" />
    </Box>
  );
}

interface SendOrRecordButtonProps {
  showRecord: boolean;
  editing: boolean;
  sending: boolean;
  disabled: boolean;
  sendable: boolean;
  onRecord: () => void;
  onSend: () => void;
}

/** Record a voice note while there is nothing to send; otherwise send (or save the edit). */
export function SendOrRecordButton({ showRecord, editing, sending, disabled, sendable, onRecord, onSend }: SendOrRecordButtonProps) {
  const t = useT();
  return showRecord ? (
    <IconButton size="sm" variant="ghost" aria-label={t('composer.recordAudio')} onClick={onRecord} disabled={disabled} data-testid="composer-record">
      {sending ? <Spinner size="xs" /> : <LuMic />}
    </IconButton>
  ) : (
    <IconButton
      size="sm"
      colorPalette="green"
      aria-label={t(editing ? 'composer.saveEdit' : 'composer.send')}
      onClick={onSend}
      disabled={disabled || !sendable}
      loading={sending}
      data-testid="composer-send"
    >
      {editing ? <LuCheck /> : <LuSend />}
    </IconButton>
  );
}

/** The private-note hint, when there is no signature row to hold it. */
export function PrivateHint() {
  const t = useT();
  return (
    <Text mt="1" textStyle="xs" color="yellow.fg">
      {t('composer.privateHint')}
    </Text>
  );
}
