import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { MessageKey } from '../i18n';
import { FieldFrame } from './form/fields';

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: the forms' choice of one value among a few (texts already translated by the caller). */
export function SelectField(props: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  testId?: string;
  /** The form field's name, for a form read by name. */
  name?: string;
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** The rule's error under the select (a message key). */
  error?: MessageKey;
  errorTestId?: string;
  /** Helper or error text under the select (a Field.HelperText or Field.ErrorText). */
  children?: ReactNode;
}) {
  return (
    <FieldFrame
      label={props.label}
      invalid={props.invalid}
      error={props.error}
      errorTestId={props.errorTestId}
      required={props.required}
      disabled={props.disabled}
    >
      <NativeSelect.Root>
        <NativeSelect.Field name={props.name} value={props.value} onChange={(event) => props.onChange(event.target.value)} data-testid={props.testId}>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.children}
    </FieldFrame>
  );
}

/** An optional record id as a select's value ('' for none) and back. */
export const idValue = (id: number | null): string => (id === null ? '' : String(id));
export const idOf = (value: string): number | null => (value === '' ? null : Number(value));

/** Named records as options, after a first option for none when its text is given. */
export const namedOptions = (records: ReadonlyArray<{ id: number; name: string }>, none?: string): SelectOption[] => [
  ...(none === undefined ? [] : [{ value: '', label: none }]),
  ...records.map((record) => ({ value: String(record.id), label: record.name })),
];
