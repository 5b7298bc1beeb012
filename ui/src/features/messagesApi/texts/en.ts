import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const en = {
  'menu.messagesApi': 'Messages API',
  'messagesApi.title': 'Documentation for sending messages',
  'messagesApi.methods': 'Sending methods',
  'messagesApi.textMethod': '1. Text messages',
  'messagesApi.mediaMethod': '2. Media messages',
  'messagesApi.instructions': 'Instructions',
  'messagesApi.notes': 'Important notes',
  'messagesApi.noteToken': "The token is the sending connection's: find it in Connections, the connection's edit button, Token field.",
  'messagesApi.noteNumber': 'The number has no mask or special characters: country code, area code and number (e.g. 5511999999999).',
  'messagesApi.noteUser':
    "userId (optional) writes as that attendant (sendSignature signs with their name); queueId (optional) puts a new ticket in that queue. Without userId, the message is the system's.",
  'messagesApi.noteIdempotency': 'Send the Idempotency-Key header to retry a request safely: the same key sends once and answers the same result.',
  'messagesApi.noteRate': 'Each token has a limit of requests per minute; past it the answer is 429 with the Retry-After header (seconds).',
  'messagesApi.noteErrors':
    "Answers: 200 sent; 400 invalid data; 401 invalid token; 402 subscription overdue; 403 plan without the API, another company's user or queue; 409 Idempotency-Key used by another request; 429 limit exceeded.",
  'messagesApi.endpoint': 'Endpoint',
  'messagesApi.method': 'Method',
  'messagesApi.headers': 'Headers',
  'messagesApi.body': 'Body',
  'messagesApi.test': 'Send test',
  'messagesApi.token': 'Token',
  'messagesApi.number': 'Number',
  'messagesApi.message': 'Message',
  'messagesApi.file': 'File',
  'messagesApi.send': 'Send',
  'messagesApi.sent': 'Message sent successfully',
  'messagesApi.failed': 'The message could not be sent',
  'messagesApi.required': 'Required',
  'messagesApi.numberFormat': 'Digits only: country code, area code and number',
} satisfies Translations<typeof ptBR>;
