import { Badge, Box, EmptyState, IconButton, Popover, Portal } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';

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

/** The frame of a top-bar popover: an icon button with a count badge opening a titled list (max width and height 350). */
export function TopBarPopover({ title, icon, count, empty, emptyIcon, emptyText, testIds, onOpen, children }: TopBarPopoverProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) onOpen?.();
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <Box position="relative">
          <IconButton aria-label={title} title={title} variant="ghost" data-testid={testIds.button}>
            {icon}
          </IconButton>
          {count > 0 && (
            <Badge position="absolute" top="0" insetEnd="0" colorPalette="red" variant="solid" borderRadius="full" size="xs" pointerEvents="none" data-testid={testIds.count}>
              {count}
            </Badge>
          )}
        </Box>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxWidth="350px" width="350px" data-testid={testIds.content}>
            <Popover.Header fontWeight="semibold">{title}</Popover.Header>
            <Popover.Body maxHeight="350px" overflowY="auto" pt="0">
              {empty ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>{emptyIcon}</EmptyState.Indicator>
                    <EmptyState.Description>{emptyText}</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                children(() => setOpen(false))
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
