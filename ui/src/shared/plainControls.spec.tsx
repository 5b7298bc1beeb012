import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { PlainSwitch, PlainTabs, nextTab } from './plainControls';

type Tab = 'open' | 'pending' | 'group';
const items = (['open', 'pending', 'group'] as const).map((value) => ({ value, label: value, testId: `tab-${value}` }));

function Tabs({ onChange }: { onChange?: (value: Tab) => void }) {
  const [value, setValue] = useState<Tab>('open');
  return (
    <PlainTabs
      items={items}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('tabs drawn by the recipe', () => {
  it('is a tablist whose selected tab alone is in the Tab order', () => {
    renderUi(<Tabs />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist')).toContainElement(tabs[0]!);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('selects on click', async () => {
    const onChange = vi.fn();
    renderUi(<Tabs onChange={onChange} />);
    await userEvent.click(screen.getByTestId('tab-pending'));
    expect(onChange).toHaveBeenCalledWith('pending');
    expect(screen.getByRole('tab', { selected: true })).toBe(screen.getByTestId('tab-pending'));
  });

  it('moves the focus and the selection with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    renderUi(<Tabs />);
    await user.tab();
    expect(screen.getByTestId('tab-open')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('tab-pending')).toHaveFocus();
    expect(screen.getByTestId('tab-pending')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByTestId('tab-group')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('tab-open')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('tab-group')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByTestId('tab-open')).toHaveAttribute('aria-selected', 'true');
  });

  it('labels its panels by their tabs and hides the unselected ones, keeping them mounted', async () => {
    function Panes() {
      const [value, setValue] = useState<'a' | 'b'>('a');
      const two = [
        { value: 'a' as const, label: 'A', testId: 'tab-a' },
        { value: 'b' as const, label: 'B', testId: 'tab-b' },
      ];
      return <PlainTabs items={two} value={value} onChange={setValue} variant="enclosed" panels={{ a: { children: 'pane a' }, b: { children: 'pane b' } }} />;
    }
    renderUi(<Panes />);
    expect(screen.getByRole('tabpanel', { name: 'A' })).toHaveTextContent('pane a');
    expect(screen.getByTestId('tab-a')).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
    expect(screen.getByText('pane b')).not.toBeVisible();
    await userEvent.click(screen.getByTestId('tab-b'));
    expect(screen.getByRole('tabpanel', { name: 'B' })).toHaveTextContent('pane b');
    expect(screen.getByText('pane a')).not.toBeVisible();
  });

  it('names the next tab for each key', () => {
    expect(nextTab(['a', 'b'], 'a', 'ArrowLeft')).toBe('b');
    expect(nextTab(['a', 'b'], 'b', 'ArrowRight')).toBe('a');
    expect(nextTab(['a', 'b'], 'a', 'x')).toBeUndefined();
  });
});

function Switch({ onChange }: { onChange: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(true);
  return (
    <PlainSwitch
      checked={checked}
      onChange={(next) => {
        setChecked(next);
        onChange(next);
      }}
      testId="show-all"
    >
      Show all
    </PlainSwitch>
  );
}

describe('a switch drawn by the recipe', () => {
  it('is a switch named by its label that toggles on click, Space and Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderUi(<Switch onChange={onChange} />);
    const control = screen.getByRole('switch', { name: 'Show all' });
    expect(control).toBeChecked();
    await user.tab();
    expect(control).toHaveFocus();
    await user.keyboard(' ');
    expect(control).not.toBeChecked();
    expect(screen.getByTestId('show-all')).toHaveAttribute('data-state', 'unchecked');
    await user.keyboard('{Enter}');
    expect(control).toBeChecked();
    await user.click(screen.getByText('Show all'));
    expect(control).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([[false], [true], [false]]);
  });
});
