import { IconButton } from '@chakra-ui/react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazy } from '../../i18n/lazy';
import { useFirstOpen } from '../../shared/firstOpen';
import { renderUi } from '../../test/renderUi';

const SpeedDialMenu = lazy(() => import('./menus').then((m) => ({ default: m.SpeedDialMenu })), 'core');

/** A trigger whose menu loads on first use, as the tickets screen's are made. */
function Dial({ onNewTicket }: { onNewTicket: () => void }) {
  const { active, open, setOpen, triggerProps } = useFirstOpen();
  const trigger = (
    <IconButton aria-label="dial" data-testid="dial" {...triggerProps}>
      +
    </IconButton>
  );
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <SpeedDialMenu trigger={trigger} open={open} onOpenChange={setOpen} onNewTicket={onNewTicket} />
    </Suspense>
  );
}

describe('a menu loaded on first use', () => {
  it('opens from the keyboard with the focus in the menu, runs an item, and gives the focus back to its trigger', async () => {
    const onNewTicket = vi.fn();
    const user = userEvent.setup();
    renderUi(<Dial onNewTicket={onNewTicket} />);
    screen.getByTestId('dial').focus();
    await user.keyboard('{ArrowDown}');
    const item = await screen.findByTestId('speed-dial-new');
    await waitFor(() => expect(item.closest('[role="menu"]')).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('dial')).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('speed-dial-new')).toBeVisible());
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onNewTicket).toHaveBeenCalledTimes(1));
  });

  it('opens on the first click', async () => {
    const user = userEvent.setup();
    renderUi(<Dial onNewTicket={() => undefined} />);
    await user.click(screen.getByTestId('dial'));
    expect(await screen.findByTestId('speed-dial-new')).toBeVisible();
  });
});
