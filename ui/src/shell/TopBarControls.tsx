import { IconButton } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { lazy } from '../i18n/lazy';
import { LuRefreshCw, LuVolume2, LuVolumeX } from 'react-icons/lu';
import { useT } from '../i18n';
import { readVolume } from '../app/volume';
import { useFirstOpen } from '../shared/firstOpen';
import { reloadPage } from '../app/browser';

export { ChatsPopover } from '../features/chats/ChatsPopover';
export { AnnouncementsPopover } from '../features/announcements/AnnouncementsPopover';

/** The popover and its slider load on the button's first use (shared/firstOpen.ts). */
const VolumePopover = lazy(() => import('./VolumePopover'), 'core');

export function VolumeControl() {
  const t = useT();
  const [volume, setVolume] = useState(readVolume);
  const { active, open, setOpen, triggerProps } = useFirstOpen();
  const trigger = (
    <IconButton aria-label={t('shell.volume')} title={t('shell.volume')} variant="ghost" data-testid="volume-button" {...triggerProps}>
      {volume === 0 ? <LuVolumeX /> : <LuVolume2 />}
    </IconButton>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <VolumePopover trigger={trigger} open={open} onOpenChange={setOpen} volume={volume} onVolume={setVolume} />
    </Suspense>
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
