import { AspectRatio, Box, Center, CloseButton, Dialog, Image, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCirclePlay } from 'react-icons/lu';
import { helpVideoSource, type HelpView } from '@conversa/contracts';
import { useT } from '../../i18n';

/** A card's picture: YouTube's thumbnail, or a play sign where the video has none (or it cannot be fetched). */
export function HelpThumbnail({ video, title }: { video: string; title: string }) {
  const source = helpVideoSource(video);
  const [broken, setBroken] = useState(false);
  return (
    <AspectRatio ratio={16 / 9} bg="bg.muted">
      {source?.thumbnailUrl && !broken ? (
        <Image src={source.thumbnailUrl} alt={title} objectFit="cover" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <Center color="fg.muted">
          <LuCirclePlay size={48} />
        </Center>
      )}
    </AspectRatio>
  );
}

/** The video modal of the helps grid; it closes on Escape, on the close button and outside it. */
export function HelpVideoModal({ help, onClose }: { help: HelpView | null; onClose: () => void }) {
  const t = useT();
  const source = help ? helpVideoSource(help.video) : null;
  return (
    <Dialog.Root open={help !== null} onOpenChange={(details) => !details.open && onClose()} placement="center" size="xl" closeOnEscape closeOnInteractOutside>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="help-video-modal">
            <Dialog.Header>
              <Dialog.Title>{help?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <AspectRatio ratio={16 / 9}>
                {source === null ? (
                  <Center>
                    <Text color="fg.muted">{t('helps.videoUnavailable')}</Text>
                  </Center>
                ) : source.kind === 'file' ? (
                  <Box asChild>
                    <video src={source.url} controls autoPlay data-testid="help-video-player" />
                  </Box>
                ) : (
                  <iframe
                    src={`${source.embedUrl}?autoplay=1`}
                    title={help?.title ?? ''}
                    allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                    allowFullScreen
                    style={{ border: 0 }}
                    data-testid="help-video-player"
                  />
                )}
              </AspectRatio>
              {help?.description && (
                <Text mt="3" color="fg.muted" whiteSpace="pre-wrap">
                  {help.description}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} data-testid="help-video-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
