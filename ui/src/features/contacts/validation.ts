/** The contact form: name 2–50 and number 8–50 ('Required', 'Too Short!', 'Too Long!'); email valid ('Invalid email'). */
export type ContactFieldError = 'required' | 'tooShort' | 'tooLong' | 'invalidEmail';
export type ContactFormErrors = Partial<Record<'name' | 'number' | 'email', ContactFieldError>>;

const lengthRule = (value: string, min: number, max: number): ContactFieldError | undefined => {
  const text = value.trim();
  if (text.length === 0) return 'required';
  if (text.length < min) return 'tooShort';
  if (text.length > max) return 'tooLong';
  return undefined;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(values: { name: string; number: string; email: string }): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const name = lengthRule(values.name, 2, 50);
  const number = lengthRule(values.number, 8, 50);
  if (name) errors.name = name;
  if (number) errors.number = number;
  const email = values.email.trim();
  if (email !== '' && !EMAIL.test(email)) errors.email = 'invalidEmail';
  return errors;
}

/** Contact search starts at 3 characters, after 500 ms without typing. */
export const CONTACT_SEARCH_MIN = 3;
export const CONTACT_SEARCH_DELAY_MS = 500;
export const searchReady = (term: string) => term.trim().length >= CONTACT_SEARCH_MIN;

/** The erasure's reason: 3 to 500 characters, as EraseContactRequest bounds it (a shorter one is refused with ERR_VALIDATION). */
export function eraseReasonError(reason: string): 'contactForm.required' | 'contactForm.tooShort' | 'contactForm.tooLong' | null {
  const text = reason.trim();
  if (text.length === 0) return 'contactForm.required';
  if (text.length < 3) return 'contactForm.tooShort';
  if (text.length > 500) return 'contactForm.tooLong';
  return null;
}
