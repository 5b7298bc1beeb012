import { HStack, IconButton, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LuMic, LuPaperclip, LuSend, LuSquare, LuX } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import type { ActiveRecording } from '../../shared/audioRecorder';
import { usePostChatMediaMutation, usePostChatMessageMutation } from './api';

/**
 * The conversation's input: text (Enter sends, Shift+Enter breaks the line), a file, or an audio note recorded as
 * MP3 at 128 kbps (the shared recorder; under 10000 bytes it is discarded). `onSent` scrolls the list down.
 */
export function ChatComposer({ chatId, onSent }: { chatId: number; onSent(): void }) {
  const t = useT();
  const showError = useErrorToast();
  const [text, setText] = useState('');
  const [postMessage, { isLoading: posting }] = usePostChatMessageMutation();
  const [postMedia, { isLoading: uploading }] = usePostChatMediaMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [recording, setRecording] = useState<ActiveRecording | null>(null);
  const [seconds, setSeconds] = useState(0);
  const live = useRef<ActiveRecording | null>(null);
  live.current = recording;
  // Leaving the chat while recording closes the microphone.
  useEffect(() => () => live.current?.cancel(), [chatId]);
  useEffect(() => {
    if (!recording) return undefined;
    const startedAt = Date.now();
    setSeconds(0);
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  const sendText = async () => {
    const message = text.trim();
    if (message === '' || posting) return;
    // Cleared at once, as a chat does; given back if the server refuses it.
    setText('');
    try {
      await postMessage({ chatId, message }).unwrap();
      onSent();
    } catch (error) {
      setText(message);
      showError(error);
    }
  };

  const sendFile = async (file: File) => {
    try {
      await postMedia({ chatId, file }).unwrap();
      onSent();
    } catch (error) {
      showError(error);
    }
  };

  const startAudio = async () => {
    try {
      const { startRecording } = await import('../../shared/audioRecorder');
      setRecording(await startRecording());
    } catch (error) {
      showError(error);
    }
  };

  const stopAudio = async (keep: boolean) => {
    const current = recording;
    if (!current) return;
    setRecording(null);
    if (!keep) return current.cancel();
    const mp3 = await current.stop();
    if (!mp3) {
      toaster.create({ type: 'info', description: t('chats.audioTooShort') });
      return;
    }
    await sendFile(new File([mp3], `audio-${Date.now()}.mp3`, { type: 'audio/mpeg' }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void sendText();
    }
  };

  if (recording) {
    return (
      <HStack p="2" borderTopWidth="1px" justify="flex-end" data-testid="chat-recording">
        <Text flex="1" color="red.fg" data-testid="chat-recording-clock">
          ● {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')}
        </Text>
        <IconButton
          aria-label={t('chats.recordCancel')}
          title={t('chats.recordCancel')}
          variant="ghost"
          onClick={() => void stopAudio(false)}
          data-testid="chat-record-cancel"
        >
          <LuX />
        </IconButton>
        <IconButton aria-label={t('chats.recordStop')} title={t('chats.recordStop')} onClick={() => void stopAudio(true)} data-testid="chat-record-stop">
          <LuSquare />
        </IconButton>
      </HStack>
    );
  }
  return (
    <HStack p="2" borderTopWidth="1px" align="flex-end">
      <input
        ref={fileInput}
        type="file"
        hidden
        data-testid="chat-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void sendFile(file);
        }}
      />
      <IconButton
        aria-label={t('chats.attach')}
        title={t('chats.attach')}
        variant="ghost"
        loading={uploading}
        onClick={() => fileInput.current?.click()}
        data-testid="chat-attach"
      >
        <LuPaperclip />
      </IconButton>
      <Textarea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('chats.input')}
        rows={1}
        autoresize
        maxH="40"
        data-testid="chat-input"
      />
      {text.trim() === '' ? (
        <IconButton aria-label={t('chats.record')} title={t('chats.record')} variant="ghost" onClick={() => void startAudio()} data-testid="chat-record">
          <LuMic />
        </IconButton>
      ) : (
        <IconButton aria-label={t('chats.send')} title={t('chats.send')} loading={posting} onClick={() => void sendText()} data-testid="chat-send">
          <LuSend />
        </IconButton>
      )}
    </HStack>
  );
}
