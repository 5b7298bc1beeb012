import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useErrorToast } from '../../app/notify';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import type { ActiveRecording } from '../../shared/audioRecorder';

/** The composer grows up to 5 rows. */
export const COMPOSER_MAX_ROWS = 5;

/** Grows the composer's textarea with its text up to 5 rows, then scrolls inside. */
export function useAutoGrow(textarea: RefObject<HTMLTextAreaElement | null>, text: string) {
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
}

/** The voice note: the recording, its elapsed seconds, and starting, sending or cancelling it. */
export function useVoiceNote(sendFiles: (chosen: File[], body: string) => Promise<void>) {
  const t = useT();
  const showError = useErrorToast();
  const [recording, setRecording] = useState<{ session: ActiveRecording; startedAt: number } | null>(null);
  const [recordSeconds, setRecordSeconds] = useState(0);
  // Leaving the ticket while recording closes the microphone.
  const liveRecording = useRef<ActiveRecording | null>(null);
  liveRecording.current = recording?.session ?? null;
  useEffect(() => () => liveRecording.current?.cancel(), []);
  useEffect(() => {
    if (!recording) return undefined;
    const timer = setInterval(() => setRecordSeconds(Math.floor((Date.now() - recording.startedAt) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  const startAudio = async () => {
    try {
      const { startRecording } = await import('../../shared/audioRecorder');
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

  return { recording, recordSeconds, startAudio, stopAudio };
}
