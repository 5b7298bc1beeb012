import type { FieldErrors } from '../../shared/validation';
import { BASIC_EMAIL } from '../../shared/validation';

/** The dialogs' rules (spec 3 §5): a name of 2 to 50, a number of 8 to 50, a valid e-mail when given. */
export function validateBounded(
  value: string,
  min: number,
  max: number,
): 'contactLists.validation.required' | 'contactLists.validation.tooShort' | 'contactLists.validation.tooLong' | undefined {
  const text = value.trim();
  if (text === '') return 'contactLists.validation.required';
  if (text.length < min) return 'contactLists.validation.tooShort';
  if (text.length > max) return 'contactLists.validation.tooLong';
  return undefined;
}

export interface ItemFormValues {
  name: string;
  number: string;
  email: string;
}

export function validateItemForm(values: ItemFormValues): FieldErrors<keyof ItemFormValues> {
  const errors: FieldErrors<keyof ItemFormValues> = {};
  const name = validateBounded(values.name, 2, 50);
  const number = validateBounded(values.number, 8, 50);
  if (name) errors.name = name;
  if (number) errors.number = number;
  if (values.email.trim() !== '' && !BASIC_EMAIL.test(values.email.trim())) errors.email = 'contactLists.validation.email';
  return errors;
}

/** The example spreadsheet the lists offer: the header the import reads and one row. */
export const EXAMPLE_SHEET = 'nome,numero,email\nMaria Silva,5511987654321,maria@example.com\n';

export function downloadExampleSheet(): void {
  const url = URL.createObjectURL(new Blob([EXAMPLE_SHEET], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'planilha-exemplo.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
