import { useState } from 'react';
import type { MessageKey } from '../i18n';
import type { FieldErrors } from './validation';

/**
 * A form's values and errors. `check(values?)` validates (what is typed, or a completed copy of it), shows the
 * errors and returns them: the form is sent when they are empty. `bind(name)` hands a field of `form/fields` its
 * value, its change and its error. With `dropErrorOnChange`, a corrected field drops its error at once instead of
 * waiting for the next save.
 */
export function useForm<Values extends object, Field extends string>(
  initial: Values | (() => Values),
  validate: (values: Values) => FieldErrors<Field>,
  options: { dropErrorOnChange?: boolean } = {},
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (options.dropErrorOnChange && errors[field as unknown as Field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const check = (current: Values = values): FieldErrors<Field> => {
    const found = validate(current);
    setErrors(found);
    return found;
  };
  const bind = <K extends keyof Values & string>(field: K): { value: Values[K]; onChange(value: Values[K]): void; error?: MessageKey } => ({
    value: values[field],
    onChange: (value) => set(field, value),
    error: errors[field as unknown as Field],
  });
  return { values, setValues, set, errors, setErrors, check, bind };
}
