import { Box, Button, Center, Image, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCamera, LuRefreshCw } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { useT } from '../../i18n';
import { DialogShell } from '../../shared/form/DialogShell';

/** Camera capture: a live preview, a snapshot as JPEG, then it joins the composer's attachments. */
export function CameraDialog({ open, onClose, onCapture }: { open: boolean; onClose: () => void; onCapture: (file: File) => void }) {
  const t = useT();
  const showError = useErrorToast();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [shot, setShot] = useState<{ file: File; url: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || shot) return undefined;
    let active: MediaStream | null = null;
    let cancelled = false;
    setFailed(false);
    navigator.mediaDevices
      ?.getUserMedia({ video: true })
      .then((media) => {
        if (cancelled) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        active = media;
        setStream(media);
      })
      .catch((error: unknown) => {
        setFailed(true);
        showError(error);
      });
    if (!navigator.mediaDevices) setFailed(true);
    return () => {
      cancelled = true;
      active?.getTracks().forEach((track) => track.stop());
      setStream(null);
    };
    // The error toast function changes identity every render; the camera must not restart for it.
  }, [open, shot]);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    if (!open && shot) {
      URL.revokeObjectURL(shot.url);
      setShot(null);
    }
  }, [open, shot]);

  const capture = () => {
    const element = video.current;
    if (!element || !element.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        const file = new File([blob], `foto-${Date.now()}.jpg`, { type: 'image/jpeg' });
        setShot({ file, url: URL.createObjectURL(blob) });
      },
      'image/jpeg',
      0.9,
    );
  };

  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={t('camera.title')}
      testId="camera-dialog"
      size="lg"
      footer={
        shot ? (
          <>
            <Button variant="outline" onClick={() => setShot(null)}>
              <LuRefreshCw />
              {t('camera.retake')}
            </Button>
            <Button
              onClick={() => {
                onCapture(shot.file);
                onClose();
              }}
              data-testid="camera-use"
            >
              {t('camera.use')}
            </Button>
          </>
        ) : (
          <Button onClick={capture} disabled={!stream} data-testid="camera-capture">
            <LuCamera />
            {t('camera.capture')}
          </Button>
        )
      }
    >
      <Box bg="black" borderRadius="l2" overflow="hidden" aspectRatio="4/3">
        {shot ? (
          <Image src={shot.url} w="100%" h="100%" objectFit="contain" alt="" />
        ) : failed ? (
          <Center h="100%">
            <Text color="white">{t('camera.unavailable')}</Text>
          </Center>
        ) : (
          <video ref={video} autoPlay playsInline muted style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        )}
      </Box>
    </DialogShell>
  );
}
