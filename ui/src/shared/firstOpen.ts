import { useEffect, useState, type KeyboardEvent } from 'react';

/**
 * A menu or popover whose machinery loads on its trigger's first use. zag's menu and popover with floating-ui and
 * the focus trap are ≈25 KiB gzip, and every screen shows several triggers (user menu, top-bar popovers, the
 * tickets list's filters and row menus) that are rarely opened. Until then the trigger is a plain button that opens
 * on click (Enter and Space included) or an arrow key, as a menu button does; then the loaded part renders the same
 * trigger inside the real root, opened.
 */
export function useFirstOpen(onOpen?: () => void) {
  const [active, setActive] = useState(false);
  const [open, setOpen] = useState(false);
  const activate = () => {
    setActive(true);
    setOpen(true);
    onOpen?.();
  };
  const triggerProps = active
    ? {}
    : {
        onClick: activate,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          activate();
        },
      };
  return { active, open, setOpen, triggerProps };
}

/**
 * In the loaded part: the root mounts closed and opens right after, like a click on a mounted trigger, so the machine
 * moves the focus into the content (the plain trigger that had it was replaced).
 */
export function useOpenOnceMounted(open: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && open;
}
