import type { FieldErrors } from '../../shared/validation';

/** The test form: text (token, number, body) or media (token, number, a file), spec 2 §5. */
export interface ApiTestValues {
  token: string;
  number: string;
  body: string;
  file: File | null;
}

export const initialApiTestValues = (): ApiTestValues => ({ token: '', number: '', body: '', file: null });

export type ApiTestField = 'token' | 'number' | 'body' | 'file';

/** No mask on the number: country code, area code and number, digits only. */
const NUMBER = /^\d{8,20}$/;

export function validateApiTest(values: ApiTestValues, kind: 'text' | 'media'): FieldErrors<ApiTestField> {
  const errors: FieldErrors<ApiTestField> = {};
  if (!values.token.trim()) errors.token = 'messagesApi.required';
  if (!values.number.trim()) errors.number = 'messagesApi.required';
  else if (!NUMBER.test(values.number.trim())) errors.number = 'messagesApi.numberFormat';
  if (kind === 'text' && !values.body.trim()) errors.body = 'messagesApi.required';
  if (kind === 'media' && !values.file) errors.file = 'messagesApi.required';
  return errors;
}

/** The request the test form sends: JSON for a text, multipart (`medias`) for a file. */
export function apiTestRequest(values: ApiTestValues, kind: 'text' | 'media'): { headers: Record<string, string>; body: string | FormData } {
  const authorization = `Bearer ${values.token.trim()}`;
  if (kind === 'text')
    return { headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ number: values.number.trim(), body: values.body }) };
  const form = new FormData();
  form.append('number', values.number.trim());
  if (values.body.trim()) form.append('body', values.body);
  if (values.file) form.append('medias', values.file);
  return { headers: { authorization }, body: form };
}
