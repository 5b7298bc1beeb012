import { Badge, Box, IconButton } from '@chakra-ui/react';
import { Suspense, type ReactNode } from 'react';
import { lazy } from '../i18n/lazy';
import { useFirstOpen } from './firstOpen';

export interface TopBarPopoverProps {
  /** The button's aria label and tooltip, and the popover's header. */
  title: string;
  icon: ReactNode;
  /** Shown on the button when above zero. */
  count: number;
  /** When true the body shows the empty state instead of the children. */
  empty: boolean;
  emptyIcon: ReactNode;
  emptyText: string;
  testIds: { button: string; content: string; count?: string };
  /** Called each time the popover opens. */
  onOpen?: () => void;
  /** The list; `close` closes the popover (e.g. when an item is chosen). */
  children: (close: () => void) => ReactNode;
}

/** The popover itself loads on the trigger's first use (./firstOpen.ts); its texts are the caller's. */
const TopBarPopoverRoot = lazy(() => import('./TopBarPopoverRoot'), 'core');

/** The frame of a top-bar popover: an icon button with a count badge opening a titled list (max width and height 350). */
export function TopBarPopover(props: TopBarPopoverProps) {
  const { title, icon, count, testIds, onOpen } = props;
  const { active, open, setOpen, triggerProps } = useFirstOpen(onOpen);
  const trigger = (
    <Box position="relative" {...triggerProps}>
      <IconButton aria-label={title} title={title} variant="ghost" data-testid={testIds.button}>
        {icon}
      </IconButton>
      {count > 0 && (
        <Badge
          position="absolute"
          top="0"
          insetEnd="0"
          colorPalette="red"
          variant="solid"
          borderRadius="full"
          size="xs"
          pointerEvents="none"
          data-testid={testIds.count}
        >
          {count}
        </Badge>
      )}
    </Box>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <TopBarPopoverRoot {...props} trigger={trigger} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
