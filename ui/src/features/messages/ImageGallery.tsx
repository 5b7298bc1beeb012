import { Box, Center, CloseButton, Dialog, HStack, IconButton, Image, Portal, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { LuChevronLeft, LuChevronRight, LuDownload, LuRotateCw, LuZoomIn, LuZoomOut } from 'react-icons/lu';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { useTicketImagesQuery } from './api';
import { pinchZoom, rotate, zoomIn, zoomOut } from './gallery';
import { downloadMedia, useMediaUrl } from '../../shared/media';

function GalleryImage({ url, zoom, rotation }: { url: string; zoom: number; rotation: number }) {
  const media = useMediaUrl(url);
  if (media.status === 'loading') return <Spinner color="white" />;
  if (media.status === 'error') return null;
  return (
    <Image
      src={media.src}
      maxW="100%"
      maxH="100%"
      objectFit="contain"
      transform={`scale(${zoom}) rotate(${rotation}deg)`}
      transition="transform 0.15s ease-out"
      draggable={false}
      data-testid="gallery-image"
      data-zoom={zoom}
      data-rotation={rotation}
    />
  );
}

/** The ticket's pictures (GET /messages/listimages/:ticketId), opened at the one clicked. */
export function ImageGallery({ ticketId, startUrl, onClose }: { ticketId: number; startUrl: string | null; onClose: () => void }) {
  const t = useT();
  const token = useAppSelector((state) => state.session.token);
  const { data: images } = useTicketImagesQuery(ticketId, { skip: startUrl === null, refetchOnMountOrArgChange: true });
  const urls = useMemo(() => {
    const list = (images ?? []).map((image) => image.mediaUrl);
    return startUrl && !list.includes(startUrl) ? [...list, startUrl] : list;
  }, [images, startUrl]);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  useEffect(() => {
    if (startUrl) setIndex(Math.max(0, urls.indexOf(startUrl)));
  }, [startUrl, urls]);
  useEffect(() => {
    setZoom(1);
    setRotation(0);
  }, [index, startUrl]);

  const current = urls[index] ?? startUrl;
  const go = (step: number) => setIndex((at) => Math.min(urls.length - 1, Math.max(0, at + step)));
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: PointerEvent) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current && pointers.current.size === 2) setZoom(pinchZoom(pinch.current.zoom, pinch.current.distance, distance()));
  };
  const onPointerUp = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  const onWheel = (event: WheelEvent) => setZoom((value) => (event.deltaY < 0 ? zoomIn(value) : zoomOut(value)));

  return (
    <Dialog.Root open={startUrl !== null} onOpenChange={(details) => !details.open && onClose()} size="full">
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.800" />
        <Dialog.Positioner>
          <Dialog.Content bg="transparent" shadow="none" data-testid="image-gallery">
            <HStack position="absolute" top="2" right="2" zIndex="2" gap="1" bg="blackAlpha.600" borderRadius="l2" p="1" color="white">
              <IconButton
                size="sm"
                variant="ghost"
                color="white"
                aria-label={t('gallery.zoomOut')}
                onClick={() => setZoom(zoomOut)}
                data-testid="gallery-zoom-out"
              >
                <LuZoomOut />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                color="white"
                aria-label={t('gallery.zoomIn')}
                onClick={() => setZoom(zoomIn)}
                data-testid="gallery-zoom-in"
              >
                <LuZoomIn />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                color="white"
                aria-label={t('gallery.rotate')}
                onClick={() => setRotation(rotate)}
                data-testid="gallery-rotate"
              >
                <LuRotateCw />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                color="white"
                aria-label={t('messages.download')}
                onClick={() => current && void downloadMedia(current, `imagem-${index + 1}`, token)}
              >
                <LuDownload />
              </IconButton>
              <Dialog.CloseTrigger asChild position="static">
                <CloseButton size="sm" color="white" aria-label={t('common.close')} data-testid="gallery-close" />
              </Dialog.CloseTrigger>
            </HStack>
            <Center
              flex="1"
              h="100vh"
              overflow="hidden"
              touchAction="none"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onWheel={onWheel}
            >
              {current && <GalleryImage url={current} zoom={zoom} rotation={rotation} />}
            </Center>
            {urls.length > 1 && (
              <>
                <IconButton
                  position="absolute"
                  left="2"
                  top="50%"
                  aria-label={t('gallery.previous')}
                  onClick={() => go(-1)}
                  disabled={index === 0}
                  data-testid="gallery-previous"
                >
                  <LuChevronLeft />
                </IconButton>
                <IconButton
                  position="absolute"
                  right="2"
                  top="50%"
                  aria-label={t('gallery.next')}
                  onClick={() => go(1)}
                  disabled={index >= urls.length - 1}
                  data-testid="gallery-next"
                >
                  <LuChevronRight />
                </IconButton>
                <Box position="absolute" bottom="3" left="0" right="0" textAlign="center">
                  <Text color="white" textStyle="sm">
                    {index + 1} / {urls.length}
                  </Text>
                </Box>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
