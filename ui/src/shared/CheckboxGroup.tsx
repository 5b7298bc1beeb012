import { Box, Checkbox, Fieldset, HStack, Wrap } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

export interface CheckboxOption<T extends string | number> {
  value: T;
  label: ReactNode;
  testId?: string;
}

/** The value with `option` ticked (added last: the order chosen is kept, a user's queues list in it) or unticked. */
export function toggled<T extends string | number>(value: readonly T[], option: T, checked: boolean): T[] {
  const rest = value.filter((item) => item !== option);
  return checked ? [...rest, option] : rest;
}

/**
 * A labelled group of checkboxes whose value is the list of ticked options (ids or names). Each option gets its own
 * input id (React's useId) with its label bound to it: a checkbox inside a Chakra Field takes the field's one control
 * id, so every label of a group in a Field toggled the first option. A fieldset with its legend names the group for
 * screen readers; Tab reaches each box and Space ticks it.
 */
export function CheckboxGroup<T extends string | number>(props: {
  label: ReactNode;
  options: readonly CheckboxOption<T>[];
  value: readonly T[];
  onChange(value: T[]): void;
  testId?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Shown between the label and the boxes (a switch that stands for every option). */
  header?: ReactNode;
  /** Shown instead of the boxes when there is no option. */
  empty?: ReactNode;
  /** Helper or error text under the boxes (a Fieldset.HelperText or Fieldset.ErrorText). */
  children?: ReactNode;
  size?: 'sm' | 'md';
  labelProps?: Fieldset.LegendProps;
}) {
  const id = useId();
  return (
    <Fieldset.Root invalid={props.invalid} disabled={props.disabled} gap="1.5">
      <Fieldset.Legend fontWeight="medium" fontSize="sm" color="fg" {...props.labelProps}>
        {props.label}
      </Fieldset.Legend>
      {props.header}
      {props.options.length === 0 ? (
        props.empty
      ) : (
        <Wrap gap="3" data-testid={props.testId}>
          {props.options.map((option, index) => {
            const key = `${id}-${index}`;
            return (
              <Checkbox.Root
                key={String(option.value)}
                ids={{ root: `${key}-root`, hiddenInput: `${key}-input`, control: `${key}-control`, label: `${key}-label` }}
                size={props.size}
                value={String(option.value)}
                checked={props.value.includes(option.value)}
                disabled={props.disabled}
                invalid={props.invalid}
                onCheckedChange={(details) => props.onChange(toggled(props.value, option.value, details.checked === true))}
                data-testid={option.testId}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{option.label}</Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Wrap>
      )}
      {props.children}
    </Fieldset.Root>
  );
}

/** An option's label led by its colour dot (queues, tags). */
export function ColorLabel({ name, color }: { name: ReactNode; color?: string | null }) {
  return (
    <HStack gap="1.5">
      <Box w="2.5" h="2.5" borderRadius="full" style={{ background: color ?? 'gray' }} />
      {name}
    </HStack>
  );
}
