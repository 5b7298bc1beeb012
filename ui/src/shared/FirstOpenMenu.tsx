import { Menu, Portal, type MenuContentProps, type MenuRootProps } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { useOpenOnceMounted } from './firstOpen';

/** What a menu loaded on its trigger's first use receives from the plain trigger it replaces (./firstOpen.ts). */
export interface FirstOpenMenuProps {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The frame of such a menu: the given trigger inside the real root, opened once mounted, and the content in a portal.
 * Only the lazily loaded parts import it, so Chakra's menu stays off the first page.
 */
export function FirstOpenMenu({
  trigger,
  open,
  onOpenChange,
  placement,
  rootProps,
  contentProps,
  children,
}: FirstOpenMenuProps & {
  placement: 'bottom-start' | 'bottom-end' | 'top-end';
  rootProps?: Pick<MenuRootProps, 'closeOnSelect' | 'lazyMount'>;
  contentProps?: MenuContentProps & { 'data-testid'?: string };
  children: ReactNode;
}) {
  return (
    <Menu.Root open={useOpenOnceMounted(open)} onOpenChange={(details) => onOpenChange(details.open)} positioning={{ placement }} {...rootProps}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content {...contentProps}>{children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
