import { Badge, Box, EmptyState, HStack, IconButton, Popover, Portal, Slider, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBell, LuBellOff, LuRefreshCw, LuVolume2, LuVolumeX } from 'react-icons/lu';
import { useT } from '../i18n';
import { readVolume, VOLUME_STEP, writeVolume } from './volume';
import { reloadPage } from './browser';

export function VolumeControl() {
  const t = useT();
  const [volume, setVolume] = useState(readVolume);
  return (
    <Popover.Root positioning={{ placement: 'bottom' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={t('shell.volume')} title={t('shell.volume')} variant="ghost" data-testid="volume-button">
          {volume === 0 ? <LuVolumeX /> : <LuVolume2 />}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="56">
            <Popover.Body>
              <Slider.Root
                min={0}
                max={1}
                step={VOLUME_STEP}
                value={[volume]}
                onValueChange={(details) => {
                  const next = details.value[0] ?? 0;
                  setVolume(next);
                  writeVolume(next);
                }}
                data-testid="volume-slider"
              >
                <HStack justify="space-between">
                  <Slider.Label>{t('shell.volume')}</Slider.Label>
                  <Slider.ValueText />
                </HStack>
                <Slider.Control>
                  <Slider.Track>
                    <Slider.Range />
                  </Slider.Track>
                  <Slider.Thumbs />
                </Slider.Control>
              </Slider.Root>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

export function ReloadButton() {
  const t = useT();
  return (
    <IconButton aria-label={t('shell.reload')} title={t('shell.reload')} variant="ghost" onClick={reloadPage} data-testid="reload-button">
      <LuRefreshCw />
    </IconButton>
  );
}

export interface NotificationItem {
  id: string;
  title: string;
  description?: string;
  onSelect?: () => void;
}

/**
 * The bell of the top bar (spec 1 §2). The shell renders it empty; the tickets feature feeds it the tickets
 * with unread messages (list max height 350, popover max width 350, spec 1 §2 notification popover).
 */
export function NotificationsBell({ items = [] }: { items?: readonly NotificationItem[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Box position="relative">
          <IconButton aria-label={t('shell.notifications')} title={t('shell.notifications')} variant="ghost" data-testid="notifications-button">
            <LuBell />
          </IconButton>
          {items.length > 0 && (
            <Badge position="absolute" top="0" insetEnd="0" colorPalette="red" variant="solid" borderRadius="full" size="xs" pointerEvents="none">
              {items.length}
            </Badge>
          )}
        </Box>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxWidth="350px" width="350px" data-testid="notifications-popover">
            <Popover.Header fontWeight="semibold">{t('shell.notifications')}</Popover.Header>
            <Popover.Body maxHeight="350px" overflowY="auto" pt="0">
              {items.length === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <LuBellOff />
                    </EmptyState.Indicator>
                    <EmptyState.Description>{t('shell.notificationsEmpty')}</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack gap="1">
                  {items.map((item) => (
                    <Box
                      key={item.id}
                      as="button"
                      textAlign="start"
                      p="2"
                      borderRadius="l2"
                      _hover={{ bg: 'bg.muted' }}
                      data-testid={`notification-${item.id}`}
                      onClick={() => {
                        setOpen(false);
                        item.onSelect?.();
                      }}
                    >
                      <Text fontWeight="medium">{item.title}</Text>
                      {item.description && (
                        <Text textStyle="sm" color="fg.muted" truncate>
                          {item.description}
                        </Text>
                      )}
                    </Box>
                  ))}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
