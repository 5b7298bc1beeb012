import { useState } from 'react';
import type { FieldErrors } from './validation';

/**
 * A form's values and errors. `check(values?)` validates (what is typed, or a completed copy of it), shows the
 * errors and returns them: the form is sent when they are empty.
 */
export function useForm<Values extends object, Field extends string>(initial: Values | (() => Values), validate: (values: Values) => FieldErrors<Field>) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value }));
  const check = (current: Values = values): FieldErrors<Field> => {
    const found = validate(current);
    setErrors(found);
    return found;
  };
  return { values, setValues, set, errors, setErrors, check };
}
