import { Field, Input, Switch, Textarea, type InputProps, type TextareaProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT, type MessageKey } from '../../i18n';

/** What every labelled field has: its label, its rule's error (a message key) and the help shown while it has none. */
export interface FieldFrameProps {
  label?: ReactNode;
  error?: MessageKey;
  errorTestId?: string;
  /** Shown under the control while the field has no error. */
  helper?: ReactNode;
  required?: boolean;
  /** Marks the label of a required field with Chakra's asterisk. */
  indicator?: boolean;
  /** Red without an error text of its own (the caller shows why). */
  invalid?: boolean;
  disabled?: boolean;
}

/** A Chakra field around any control: the label, the control (`children`), then the error or the help. */
export function FieldFrame({ label, error, errorTestId, helper, required, indicator, invalid, disabled, children }: FieldFrameProps & { children: ReactNode }) {
  const t = useT();
  return (
    <Field.Root invalid={invalid ?? !!error} required={required} disabled={disabled}>
      {label !== undefined && (
        <Field.Label>
          {label}
          {indicator && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      {children}
      {error ? <Field.ErrorText data-testid={errorTestId}>{t(error)}</Field.ErrorText> : helper !== undefined && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** A field's value and how it changes: what `useForm`'s `bind(name)` hands a field. */
export interface Bound<V> {
  value: V;
  onChange(value: V): void;
  error?: MessageKey;
}

type FrameKeys = keyof FieldFrameProps | 'value' | 'onChange' | 'children';
type TextProps<Control> = FieldFrameProps & Bound<string> & { testId?: string } & Omit<Control, FrameKeys>;

/** A text field's props split between its frame and its control. */
function split<Control>({
  label,
  error,
  errorTestId,
  helper,
  required,
  indicator,
  invalid,
  disabled,
  value,
  onChange,
  testId,
  ...control
}: TextProps<Control>) {
  const bound = { value, onChange: (event: { target: { value: string } }) => onChange(event.target.value), 'data-testid': testId };
  return { frame: { label, error, errorTestId, helper, required, indicator, invalid, disabled }, control: { ...control, ...bound } };
}

/** A labelled one-line input; the rest of the props go to Chakra's Input. */
export function TextField(props: TextProps<InputProps>) {
  const { frame, control } = split(props);
  return (
    <FieldFrame {...frame}>
      <Input {...control} />
    </FieldFrame>
  );
}

/** A labelled text area; the rest of the props go to Chakra's Textarea. */
export function TextAreaField(props: TextProps<TextareaProps>) {
  const { frame, control } = split(props);
  return (
    <FieldFrame {...frame}>
      <Textarea {...control} />
    </FieldFrame>
  );
}

/** A user's WhatsApp number (digits with the country code), as the profile and the users screen ask for it. */
export function PhoneField(props: Bound<string> & { testId: string }) {
  const t = useT();
  return <TextField label={t('users.field.phone')} type="tel" placeholder="5511999998888" helper={t('users.field.phoneHelp')} {...props} />;
}

/** A labelled on/off switch (its label beside it, no field around it). */
export function SwitchField(props: { label: ReactNode; value: boolean; onChange(value: boolean): void; testId?: string; disabled?: boolean }) {
  return (
    <Switch.Root checked={props.value} onCheckedChange={(details) => props.onChange(details.checked)} disabled={props.disabled} data-testid={props.testId}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{props.label}</Switch.Label>
    </Switch.Root>
  );
}
