import { describe, expect, it } from 'vitest';
import { apiTestRequest, initialApiTestValues, validateApiTest } from './messagesApiForm';

describe('messages API test form', () => {
  it('requires token, number and body for a text, token, number and a file for media', () => {
    expect(validateApiTest(initialApiTestValues(), 'text')).toEqual({
      token: 'messagesApi.required',
      number: 'messagesApi.required',
      body: 'messagesApi.required',
    });
    expect(validateApiTest(initialApiTestValues(), 'media')).toEqual({
      token: 'messagesApi.required',
      number: 'messagesApi.required',
      file: 'messagesApi.required',
    });
    expect(validateApiTest({ ...initialApiTestValues(), token: 't', number: '(11) 9999', body: 'x' }, 'text')).toEqual({ number: 'messagesApi.numberFormat' });
    expect(validateApiTest({ ...initialApiTestValues(), token: 't', number: '5511999999999', body: 'x' }, 'text')).toEqual({});
  });

  it('sends JSON for a text with the token as Bearer', () => {
    const request = apiTestRequest({ ...initialApiTestValues(), token: ' ABC ', number: '5511999999999', body: 'Oi' }, 'text');
    expect(request.headers.authorization).toBe('Bearer ABC');
    expect(JSON.parse(request.body as string)).toEqual({ number: '5511999999999', body: 'Oi' });
  });
});
