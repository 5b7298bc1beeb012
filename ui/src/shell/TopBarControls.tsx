import { HStack, IconButton, Popover, Portal, Slider } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw, LuVolume2, LuVolumeX } from 'react-icons/lu';
import { useT } from '../i18n';
import { readVolume, VOLUME_STEP, writeVolume } from '../app/volume';
import { reloadPage } from '../app/browser';

export { ChatsPopover } from '../features/chats/ChatsPopover';
export { AnnouncementsPopover } from '../features/announcements/AnnouncementsPopover';

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
