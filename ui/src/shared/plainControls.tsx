import { chakra, useSlotRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/*
 * Tabs and a switch drawn by Chakra's own tabs and switch recipes on plain elements, for the screen on the path to
 * the first row (the tickets screen): Chakra's Tabs and Switch run zag's machines (≈ 10 KiB gzip with their
 * runtime) for a row of buttons and a checkbox. Same look, roles and keys (plainControls.spec.tsx). Other screens
 * keep Chakra's.
 */

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  testId: string;
}

/** Which tab an arrow, Home or End key moves to, or undefined for any other key. */
export function nextTab<T>(items: readonly T[], current: T, key: string): T | undefined {
  const at = items.indexOf(current);
  const last = items.length - 1;
  switch (key) {
    case 'ArrowRight':
      return items[at >= last ? 0 : at + 1];
    case 'ArrowLeft':
      return items[at <= 0 ? last : at - 1];
    case 'Home':
      return items[0];
    case 'End':
      return items[last];
    default:
      return undefined;
  }
}

/** A tab's panel: its props go on the panel element (kept mounted while hidden). */
export type TabPanels<T extends string> = Record<T, { children: ReactNode } & HTMLChakraProps<'div'>>;

/**
 * A row of tabs (size sm, fitted; Chakra's line or enclosed variant), with their panels when given. Arrow keys, Home
 * and End move the focus and select at once (zag's automatic activation); only the selected tab is in the Tab
 * order. Every panel stays mounted, the unselected ones hidden.
 */
export function PlainTabs<T extends string>({
  items,
  value,
  onChange,
  variant = 'line',
  panels,
  ...rest
}: { items: readonly TabItem<T>[]; value: T; onChange: (value: T) => void; variant?: 'line' | 'enclosed'; panels?: TabPanels<T> } & Omit<
  HTMLChakraProps<'div'>,
  'onChange'
>) {
  const styles = useSlotRecipe({ key: 'tabs' })({ size: 'sm', variant, fitted: true });
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const target = nextTab(
      items.map((item) => item.value),
      value,
      event.key,
    );
    if (target === undefined) return;
    event.preventDefault();
    onChange(target);
    list.current?.querySelector<HTMLElement>(`[data-value="${target}"]`)?.focus();
  };
  return (
    <chakra.div css={styles.root} data-orientation="horizontal" {...rest}>
      <chakra.div ref={list} role="tablist" aria-orientation="horizontal" data-orientation="horizontal" css={styles.list} flexShrink="0" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <chakra.button
              key={item.value}
              id={`${id}-tab-${item.value}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panels ? `${id}-panel-${item.value}` : undefined}
              tabIndex={selected ? 0 : -1}
              data-value={item.value}
              data-orientation="horizontal"
              data-testid={item.testId}
              css={styles.trigger}
              gap="1.5"
              onClick={() => onChange(item.value)}
            >
              {item.label}
            </chakra.button>
          );
        })}
      </chakra.div>
      {panels &&
        items.map((item) => {
          const selected = item.value === value;
          return (
            <chakra.div
              key={item.value}
              id={`${id}-panel-${item.value}`}
              role="tabpanel"
              aria-labelledby={`${id}-tab-${item.value}`}
              hidden={!selected}
              data-orientation="horizontal"
              css={styles.content}
              {...panels[item.value]}
              display={selected ? panels[item.value].display : 'none'}
            />
          );
        })}
    </chakra.div>
  );
}

/**
 * A switch (size sm) on a native checkbox with role switch: Space toggles it as any checkbox, Enter as well
 * (as zag's did), and clicking the label toggles it.
 */
export function PlainSwitch({
  checked,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId: string;
}) {
  const styles = useSlotRecipe({ key: 'switch' })({ size: 'sm' });
  // The ring shows on the drawn control when the hidden input has the keyboard's focus.
  const [focusVisible, setFocusVisible] = useState(false);
  const state = checked ? 'checked' : 'unchecked';
  return (
    <chakra.label css={styles.root} data-state={state} data-testid={testId}>
      <chakra.input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onChange(!checked);
        }}
        onFocus={(event) => setFocusVisible(event.currentTarget.matches(':focus-visible'))}
        onBlur={() => setFocusVisible(false)}
        srOnly
      />
      <chakra.span css={styles.control} data-state={state} data-focus-visible={focusVisible ? '' : undefined} aria-hidden>
        <chakra.span css={styles.thumb} data-state={state} />
      </chakra.span>
      <chakra.span css={styles.label}>{children}</chakra.span>
    </chakra.label>
  );
}
