import { Popover, Portal, Spinner } from '@chakra-ui/react';
import { Suspense, type ReactElement } from 'react';
import { lazy } from '../i18n/lazy';
import { useOpenOnceMounted } from '../shared/firstOpen';

/** The slider (Chakra's slider machinery) loads with the popover's first opening: it is not needed to paint a screen. */
const VolumeSlider = lazy(() => import('./VolumeSlider'));

interface Props {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  volume: number;
  onVolume: (volume: number) => void;
}

/** The volume popover, loaded on the button's first use (shared/firstOpen.ts). */
export default function VolumePopover({ trigger, open, onOpenChange, volume, onVolume }: Props) {
  return (
    <Popover.Root open={useOpenOnceMounted(open)} onOpenChange={(details) => onOpenChange(details.open)} positioning={{ placement: 'bottom' }} lazyMount>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="56">
            <Popover.Body>
              <Suspense fallback={<Spinner size="sm" />}>
                <VolumeSlider volume={volume} onChange={onVolume} />
              </Suspense>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
