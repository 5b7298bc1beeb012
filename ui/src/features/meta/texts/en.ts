import type { Translations } from '../../../i18n/area';
import type { ptBR } from './ptBR';

export const en = {
  'meta.facebook.title.facebook': 'Connect Facebook pages',
  'meta.facebook.title.instagram': 'Connect Instagram accounts',
  'meta.facebook.explain.facebook':
    'Log in with Facebook and allow access to the pages you manage: each page becomes a connection and its Messenger messages arrive as tickets.',
  'meta.facebook.explain.instagram':
    'Log in with Facebook and allow access to your pages and the Instagram professional accounts linked to them: each account becomes a connection.',
  'meta.facebook.login': 'Log in with Facebook',
  'meta.facebook.linked': '{count} connection(s) linked.',
  'meta.facebook.cancelled': 'Facebook login cancelled: no page was linked.',
  'meta.facebook.sdkFailed': 'The Facebook login could not be loaded. Check your connection and try again.',
  'meta.cloud.title': 'WhatsApp Cloud API',
  'meta.cloud.help':
    "In Meta's dashboard (WhatsApp › API Setup), copy the phone number ID, the WhatsApp Business Account ID and a permanent (system user) access token. They are checked with Meta when you save.",
  'meta.cloud.phoneNumberId': 'Phone number ID',
  'meta.cloud.businessAccountId': 'WhatsApp Business Account ID',
  'meta.cloud.token': 'Access token',
  'meta.cloud.tokenKept': 'Saved token ({hint}); leave empty to keep it',
  'meta.cloud.tokenHelp': 'The token is stored securely and never shown again.',
  'meta.cloud.idInvalid': 'Enter the numeric ID Meta shows',
  'meta.cloud.tokenRequired': 'Enter the access token (at least 20 characters)',
  'meta.templates.closed': 'The 24-hour window is closed: the contact only receives approved message templates until they reply.',
  'meta.templates.choose': 'Send a template',
  'meta.templates.title': 'Send a message template',
  'meta.templates.template': 'Template',
  'meta.templates.none': 'No approved templates in this WhatsApp Business Account.',
  'meta.templates.parameter': 'Parameter {number}',
  'meta.templates.parameterRequired': 'Fill in this parameter',
  'meta.templates.preview': 'Preview',
  'meta.templates.send': 'Send',
  'meta.templates.sent': 'Template sent.',
  'meta.templates.loadFailed': "Could not load the account's templates.",
} satisfies Translations<typeof ptBR>;
