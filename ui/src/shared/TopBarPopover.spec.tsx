import { Button } from '@chakra-ui/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { TopBarPopover } from './TopBarPopover';

const testIds = { button: 'bar-button', count: 'bar-count', content: 'bar-popover' };

describe('TopBarPopover', () => {
  it('shows the count, calls onOpen on opening and closes when the list asks', async () => {
    const onOpen = vi.fn();
    renderUi(
      <TopBarPopover title="Avisos" icon={<span />} count={2} empty={false} emptyIcon={<span />} emptyText="Nada" testIds={testIds} onOpen={onOpen}>
        {(close) => (
          <Button onClick={close} data-testid="item">
            item
          </Button>
        )}
      </TopBarPopover>,
    );
    expect(screen.getByTestId('bar-count')).toHaveTextContent('2');
    expect(screen.getByTestId('bar-button')).toHaveAttribute('aria-label', 'Avisos');
    fireEvent.click(screen.getByTestId('bar-button'));
    expect(await screen.findByTestId('item')).toBeInTheDocument();
    expect(onOpen).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('item'));
    await vi.waitFor(() => expect(screen.queryByTestId('item')).not.toBeVisible());
  });

  it('shows no count at zero and the empty state when empty', async () => {
    renderUi(
      <TopBarPopover title="Avisos" icon={<span />} count={0} empty emptyIcon={<span />} emptyText="Nada" testIds={testIds}>
        {() => <span data-testid="item" />}
      </TopBarPopover>,
    );
    expect(screen.queryByTestId('bar-count')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('bar-button'));
    expect(await screen.findByText('Nada')).toBeInTheDocument();
    expect(screen.queryByTestId('item')).not.toBeInTheDocument();
  });

  it('opens from the keyboard on first use with the focus in the popover, and calls onOpen each time it opens', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    renderUi(
      <TopBarPopover title="Avisos" icon={<span />} count={0} empty={false} emptyIcon={<span />} emptyText="Nada" testIds={testIds} onOpen={onOpen}>
        {() => <Button data-testid="item">item</Button>}
      </TopBarPopover>,
    );
    screen.getByTestId('bar-button').focus();
    await user.keyboard('{Enter}');
    const content = await screen.findByTestId('bar-popover');
    await waitFor(() => expect(content).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(content).not.toBeVisible());
    await user.click(screen.getByTestId('bar-button'));
    await waitFor(() => expect(content).toBeVisible());
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
