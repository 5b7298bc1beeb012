import { EmptyState, Popover, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { useOpenOnceMounted } from './firstOpen';
import type { TopBarPopoverProps } from './TopBarPopover';

type Props = Omit<TopBarPopoverProps, 'icon' | 'count'> & { trigger: ReactElement; open: boolean; onOpenChange: (open: boolean) => void };

/** TopBarPopover's popover, loaded on the trigger's first use (see ./firstOpen.ts). */
export default function TopBarPopoverRoot({ title, empty, emptyIcon, emptyText, testIds, onOpen, children, trigger, open, onOpenChange }: Props) {
  return (
    <Popover.Root
      open={useOpenOnceMounted(open)}
      onOpenChange={(details) => {
        onOpenChange(details.open);
        if (details.open) onOpen?.();
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
                children(() => onOpenChange(false))
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
