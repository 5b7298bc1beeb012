import { IconButton, Popover, Portal, Spinner } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { lazy } from '../i18n/lazy';
import { LuRefreshCw, LuVolume2, LuVolumeX } from 'react-icons/lu';
import { useT } from '../i18n';
import { readVolume } from '../app/volume';
import { reloadPage } from '../app/browser';

export { ChatsPopover } from '../features/chats/ChatsPopover';
export { AnnouncementsPopover } from '../features/announcements/AnnouncementsPopover';

/** The slider loads when the popover first opens (lazyMount): it is not needed to paint a screen. */
const VolumeSlider = lazy(() => import('./VolumeSlider'));

export function VolumeControl() {
  const t = useT();
  const [volume, setVolume] = useState(readVolume);
  return (
    <Popover.Root positioning={{ placement: 'bottom' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton aria-label={t('shell.volume')} title={t('shell.volume')} variant="ghost" data-testid="volume-button">
          {volume === 0 ? <LuVolumeX /> : <LuVolume2 />}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="56">
            <Popover.Body>
              <Suspense fallback={<Spinner size="sm" />}>
                <VolumeSlider volume={volume} onChange={setVolume} />
              </Suspense>
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
