import { Box, HStack, Textarea } from '@chakra-ui/react';
import { memo, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useErrorToast } from '../../app/notify';
import { readStorage, writeStorage } from '../../app/storage';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useSocketEvent } from '../../app/SocketProvider';
import { useT } from '../../i18n';
import { quickMessagesApi, useQuickRepliesQuery } from '../quickMessages/api';
import { useEditMessageMutation, useSendMediaMutation, useSendMessageMutation } from './api';
import { CameraDialog } from './CameraDialog';
import { useAutoGrow, useVoiceNote } from './composerHooks';
import { registerTarget, type ComposerRequest } from '../tickets/shortcuts/registry';
import { ComposerTools, DisabledComposer, PendingFiles, PrivateHint, RecordingBar, ReplyEditBanner, SendOrRecordButton, SignatureRow } from './ComposerParts';
import { filterQuickReplies, isSendable, signed, slashQuery, type QuickReply } from './model';
import { QuickReplyMenu } from './QuickReplyMenu';
import { SendContactDialog } from './SendContactDialog';
import type { MessageView as Message } from '@conversa/contracts';
import type { ConversationTicket } from './types';
import { AiHelpMenu } from '../prompts/AiHelpMenu';

/** Browser storage: whether the attendant signs messages (used while the company's sendSignMessage is on). */
export const SIGNATURE_STORAGE_KEY = 'persistentSignMessage';

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
  const [cameraOpen, setCameraOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

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
  useAutoGrow(textarea, text);
  // The inbox shortcuts: reply, private note, quick replies (a leading slash opens them).
  useEffect(
    () =>
      registerTarget('composer', (request: ComposerRequest) => {
        setIsPrivate(request === 'note');
        if (request === 'quickReply') {
          setText((current) => (current === '' ? '/' : current));
          setMenuClosedFor(null);
        }
        requestAnimationFrame(() => textarea.current?.focus());
      }),
    [],
  );

  const signing = signatureAvailable && sign;
  const query = slashQuery(text);
  const matches = editing ? [] : filterQuickReplies(quickReplies, text);
  const menuOpen = query !== null && matches.length > 0 && menuClosedFor !== text;
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
      const { messages } = await sendMedia({
        ticketId: ticket.id,
        files: chosen,
        body: body.trim() ? bodyOf(body.trim()) : '',
        isPrivate,
        quotedMsgId: replyTo?.id ?? null,
      }).unwrap();
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

  const { recording, recordSeconds, startAudio, stopAudio } = useVoiceNote(sendFiles);
  const busy = sending || recording !== null;
  const disabled = !enabled || busy;

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

  const toggleSign = (value: boolean) => {
    setSign(value);
    writeStorage(SIGNATURE_STORAGE_KEY, String(value));
  };

  if (!enabled) {
    return <DisabledComposer />;
  }

  return (
    <Box px="3" py="2" borderTopWidth="1px" bg={isPrivate ? 'yellow.subtle' : 'bg.panel'} data-testid="composer" data-private={isPrivate}>
      {(replyTo || editing) && (
        <ReplyEditBanner
          replyTo={replyTo}
          editing={editing}
          onCancel={() => {
            if (editing) {
              setText('');
              onCancelEdit();
            } else onCancelReply();
          }}
        />
      )}
      {files.length > 0 && (
        <PendingFiles
          files={files}
          setFiles={setFiles}
          caption={caption}
          setCaption={setCaption}
          sending={sending}
          onSend={() => void sendFiles(files, caption)}
        />
      )}
      {recording ? (
        <RecordingBar seconds={recordSeconds} onStop={(keep) => void stopAudio(keep)} />
      ) : (
        <HStack gap="1" align="flex-end">
          {!editing && (
            <ComposerTools
              disabled={disabled}
              isPrivate={isPrivate}
              setIsPrivate={setIsPrivate}
              emojiOpen={emojiOpen}
              setEmojiOpen={setEmojiOpen}
              insertEmoji={insertEmoji}
              addPicked={addPicked}
              setCameraOpen={setCameraOpen}
              setContactOpen={setContactOpen}
            />
          )}
          {!editing && <AiHelpMenu ticket={ticket} disabled={disabled} onDraft={setText} />}
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
          <SendOrRecordButton
            showRecord={text.trim() === '' && files.length === 0 && !editing}
            editing={editing !== null}
            sending={sending}
            disabled={disabled}
            sendable={isSendable(text)}
            onRecord={() => void startAudio()}
            onSend={() => void submitText()}
          />
        </HStack>
      )}
      {signatureAvailable && !editing && !recording && <SignatureRow sign={sign} toggleSign={toggleSign} isPrivate={isPrivate} />}
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
      {!signatureAvailable && isPrivate && <PrivateHint />}
    </Box>
  );
});
