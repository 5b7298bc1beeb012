/**
 * The one catalogue of error codes: the spec's ERR_… names plus Conversa's own in the same style.
 * Answers are `{ error: code, message }` with the status below; translations live in
 * ui/src/i18n/errors/<language>.ts (`errors.<code>`), each saying what happened and what to do (errorTexts.spec).
 */
export const errorCatalogue = {
  // The spec's ERR_… names
  ERR_NO_OTHER_WHATSAPP: { status: 400, message: 'There must be at least one default connection.' },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, message: 'No default connection found.' },
  ERR_WAPP_NOT_INITIALIZED: { status: 400, message: 'The connection session is not initialised.' },
  ERR_WAPP_CHECK_CONTACT: { status: 400, message: 'Could not check the contact on the connection.' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, message: 'This is not a valid number on the channel.' },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 400, message: 'Could not download the media.' },
  ERR_INVALID_CREDENTIALS: { status: 401, message: 'Invalid e-mail or password.' },
  ERR_SENDING_WAPP_MSG: { status: 400, message: 'The message could not be sent on the channel.' },
  ERR_DELETE_WAPP_MSG: { status: 400, message: 'The message could not be deleted on the channel.' },
  ERR_OTHER_OPEN_TICKET: { status: 409, message: 'There is already an open ticket for this contact.' },
  ERR_SESSION_EXPIRED: { status: 401, message: 'Session expired. Please log in again.' },
  ERR_USER_CREATION_DISABLED: { status: 403, message: 'User creation is disabled by the administrator.' },
  ERR_NO_PERMISSION: { status: 403, message: 'You do not have permission to do this.' },
  ERR_DUPLICATED_CONTACT: { status: 409, message: 'A contact with this number already exists.' },
  ERR_NO_SETTING_FOUND: { status: 404, message: 'Setting not found.' },
  ERR_NO_CONTACT_FOUND: { status: 404, message: 'Contact not found.' },
  ERR_NO_TICKET_FOUND: { status: 404, message: 'Ticket not found.' },
  ERR_NO_USER_FOUND: { status: 404, message: 'User not found.' },
  ERR_NO_WAPP_FOUND: { status: 404, message: 'Connection not found.' },
  ERR_CREATING_MESSAGE: { status: 400, message: 'The message could not be created.' },
  ERR_CREATING_TICKET: { status: 400, message: 'The ticket could not be created.' },
  ERR_FETCH_WAPP_MSG: { status: 400, message: 'Could not fetch the message from the channel.' },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, message: 'This colour is already used by another queue.' },
  ERR_WAPP_GREETING_REQUIRED: { status: 400, message: 'A greeting message is required when there is more than one queue.' },
  ERR_OUT_OF_HOURS: { status: 400, message: 'Out of opening hours.' },
  ERROR_TICKET_OPEN: { status: 409, message: 'The ticket is already open.' },
  // Conversa
  ERR_VALIDATION: { status: 400, message: 'The request is not valid.' },
  ERR_ROUTE_NOT_FOUND: { status: 404, message: 'Route not found.' },
  ERR_EVENT_SCHEMA: { status: 400, message: 'An event does not match its schema.' },
  ERR_WRONG_EXPECTED_VERSION: { status: 409, message: 'The record was changed by someone else; try again.' },
  ERR_CONCURRENCY_RETRIES_EXHAUSTED: { status: 409, message: 'Too many concurrent changes to the same record; try again.' },
  ERR_DUPLICATE_EVENT_ID: { status: 409, message: 'An event with this id already exists in another stream.' },
  ERR_UNAUTHENTICATED: { status: 401, message: 'Authentication required.' },
  /** The access token expired or is invalid: the browser refreshes once and retries. */
  ERR_INVALID_TOKEN: { status: 403, message: 'The access token is invalid or expired.' },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, message: "This company's plan does not include this feature." },
  ERR_NOT_FOUND: { status: 404, message: 'Not found.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  ERR_MULTIPART_INVALID: { status: 400, message: 'The upload form is malformed (no boundary, or a part cut short); send the file again.' },
  ERR_MEDIA_TOO_LARGE: { status: 413, message: 'The file is larger than the allowed size.' },
  ERR_MEDIA_TYPE_NOT_ALLOWED: { status: 415, message: 'This type of file is not accepted.' },
  ERR_NO_MESSAGE_FOUND: { status: 404, message: 'Message not found.' },
  ERR_MESSAGE_EDIT_EXPIRED: { status: 403, message: 'A message can only be edited within 15 minutes.' },
  ERR_MESSAGE_DELETED: { status: 409, message: 'The message was deleted.' },
  ERR_COMPANY_NAME_TAKEN: {
    status: 409,
    message: 'Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente',
  },
  ERR_INTERNAL: { status: 500, message: 'Internal error.' },
  ERR_SUBSCRIPTION_EXPIRED: { status: 402, message: "The company's subscription is overdue." },
  ERR_EMAIL_IN_USE: { status: 409, message: 'This e-mail is already in use.' },
  ERR_PLAN_USER_LIMIT: { status: 403, message: "The company's plan allows no more users." },
  ERR_USER_DELETE_SELF: { status: 403, message: 'You cannot delete your own user.' },
  ERR_TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts; wait a moment and try again.' },
  ERR_INVALID_PHONE_NUMBER: { status: 400, message: 'This is not a valid phone number.' },
  ERR_CONTACT_IMPORT_FILE_INVALID: {
    status: 400,
    message: 'The spreadsheet could not be read: send a .xlsx or .csv file with a header row naming the name and number columns.',
  },
  ERR_NO_CONTACT_IMPORT_FOUND: { status: 404, message: 'Contact import not found.' },
  ERR_NO_TAG_FOUND: { status: 404, message: 'Tag not found.' },
  ERR_NO_CHAT_FOUND: { status: 404, message: 'Chat not found.' },
  ERR_NO_ANNOUNCEMENT_FOUND: { status: 404, message: 'Announcement not found.' },
  ERR_RESET_CODE_INCORRECT: { status: 400, message: 'Código de verificação incorreto. Tente novamente.' },
  ERR_RESET_ATTEMPTS_EXCEEDED: { status: 400, message: 'Tentativas excedidas. Redirecionando...' },
  ERR_RESET_CODE_INVALID: { status: 400, message: 'Código de verificação inválido. A senha não pode ser alterada.' },
  ERR_NO_TICKETNOTE_FOUND: { status: 404, message: 'Note not found.' },
  ERR_NO_QUICKMESSAGE_FOUND: { status: 404, message: 'Quick message not found.' },
  ERR_NO_SCHEDULE_FOUND: { status: 404, message: 'Scheduled message not found.' },
  ERR_SCHEDULE_ALREADY_SENT: { status: 409, message: 'This scheduled message was already sent.' },
  ERR_DASHBOARD_PERIOD_REQUIRED: { status: 400, message: 'Choose a period: a number of days or a start and end date.' },
  ERR_DASHBOARD_RANGE_INVALID: { status: 400, message: 'The end date is before the start date.' },
  ERR_DASHBOARD_RANGE_TOO_LONG: { status: 400, message: 'The period may span at most one year.' },
  ERR_TICKET_NOT_OPEN: { status: 409, message: 'The ticket is not open.' },
  ERR_TICKET_NOT_PENDING: { status: 409, message: 'Only a waiting ticket can be ignored.' },
  ERR_TICKET_REQUIRES_TAG: { status: 400, message: 'Você deve atribuir uma tag antes de fechar o ticket.' },
  ERR_TRANSFER_QUEUE_REQUIRED: { status: 400, message: 'Selecione uma fila' },
  ERR_NO_QUEUE_FOUND: { status: 404, message: 'Queue not found.' },
  ERR_NO_CHATBOT_FOUND: { status: 404, message: 'Chatbot option not found.' },
  ERR_PLAN_CONNECTION_LIMIT: { status: 403, message: "The company's plan allows no more connections." },
  ERR_SANDBOX_CONNECTION_LIMIT: { status: 403, message: 'A company may hold at most 3 sandbox connections.' },
  ERR_INVALID_CONNECTION_TOKEN: { status: 403, message: 'The connection token is not valid for this connection.' },
  ERR_WEBHOOK_SIGNATURE_MISSING: { status: 401, message: 'The webhook delivery is not signed (X-Hub-Signature-256).' },
  ERR_INVALID_WEBHOOK_SIGNATURE: { status: 403, message: 'The webhook signature does not match the delivery.' },
  ERR_WEBHOOK_VERIFY_TOKEN: { status: 403, message: 'The webhook verify token does not match.' },
  /** The server has no Meta app configured (META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN). */
  // A 4xx: the request is sound, this server simply does not offer these channels (5xx means a fault).
  ERR_META_NOT_CONFIGURED: { status: 404, message: 'Facebook, Instagram and WhatsApp Cloud API are not configured on this server.' },
  ERR_META_TOKEN_INVALID: { status: 400, message: 'Meta refused the access token; log in with Facebook again.' },
  ERR_META_UNAVAILABLE: { status: 502, message: 'Meta could not be reached; try again.' },
  ERR_NO_ON_DUTY_FOUND: { status: 404, message: 'On-duty entry not found.' },
  ERR_CLOUD_API_INVALID: { status: 400, message: 'Meta refused the Cloud API number, business account or token.' },
  ERR_NO_TEMPLATE_FOUND: { status: 404, message: 'Message template not found or not approved.' },
  ERR_NO_WEBHOOK_FOUND: { status: 404, message: 'Webhook not found.' },
  ERR_NO_WEBHOOK_DELIVERY_FOUND: { status: 404, message: 'Webhook delivery not found.' },
  /** Resuming an endpoint an admin switched off: switch it on instead (its queue was dropped then). */
  ERR_WEBHOOK_INACTIVE: { status: 409, message: 'The webhook is switched off; switch it on to receive deliveries.' },
  ERR_WEBHOOK_URL_REFUSED: { status: 400, message: 'The webhook address is private, loopback or link-local, or does not resolve.' },
  ERR_NO_INTEGRATION_FOUND: { status: 404, message: 'Queue integration not found.' },
  ERR_INTEGRATION_URL_NOT_ALLOWED: { status: 400, message: 'The integration URL is private, loopback or link-local, or does not resolve.' },
  ERR_NO_PROMPT_FOUND: { status: 404, message: 'Prompt not found.' },
  /** AI help in the composer: the ticket's queue (or the company) has no prompt. */
  ERR_NO_PROMPT_FOR_TICKET: { status: 404, message: 'No AI prompt serves this ticket.' },
  ERR_AI_UNAVAILABLE: { status: 502, message: 'The AI service could not answer; try again.' },
  ERR_NO_CONTACT_LIST_FOUND: { status: 404, message: 'Contact list not found.' },
  ERR_NO_CONTACT_LIST_ITEM_FOUND: { status: 404, message: 'Contact list item not found.' },
  ERR_NO_CAMPAIGN_FOUND: { status: 404, message: 'Campaign not found.' },
  ERR_CAMPAIGN_NOT_EDITABLE: { status: 409, message: 'The campaign can only be changed while inactive, or scheduled more than one hour ahead.' },
  ERR_CAMPAIGN_NOT_RUNNING: { status: 409, message: 'Only a campaign in progress can be cancelled.' },
  ERR_CAMPAIGN_NOT_CANCELLED: { status: 409, message: 'Only a cancelled campaign can be restarted.' },
  ERR_CAMPAIGN_LIST_EMPTY: { status: 400, message: 'The campaign cannot start: its contact list is missing or empty.' },
  ERR_CAMPAIGN_CONNECTION_GONE: { status: 400, message: 'The campaign cannot start: a connection is missing or was deleted.' },
  ERR_CAMPAIGN_MEDIA_MISSING: { status: 400, message: 'The campaign cannot start: its media file is missing.' },
  ERR_CAMPAIGN_NO_MESSAGE: { status: 400, message: 'The campaign needs at least one message (and one confirmation message when confirmation is on).' },
  ERR_NO_FILE_LIST_FOUND: { status: 404, message: 'File list not found.' },
  ERR_CAMPAIGN_VARIABLE_DUPLICATED: { status: 400, message: 'A campaign variable shortcut cannot be used twice.' },
  ERR_NO_INVOICE_FOUND: { status: 404, message: 'Invoice not found.' },
  ERR_INVOICE_ALREADY_PAID: { status: 409, message: 'This invoice is already paid.' },
  ERR_PAYMENT_NOT_CONFIGURED: {
    status: 404,
    message: 'Payments are not configured on this server (the asaas setting, or ASAAS_WEBHOOK_TOKEN for the webhook).',
  },
  ERR_PAYMENT_PROVIDER_UNAVAILABLE: { status: 502, message: 'The payment provider refused or could not be reached; try again.' },
  ERR_PAYMENT_WEBHOOK_TOKEN: { status: 401, message: 'The asaas-access-token header of the payment webhook is missing or wrong.' },
  ERR_PAYMENT_UNKNOWN: { status: 404, message: 'No charge of this invoice has this payment id.' },
  ERR_API_TOKEN_INVALID: { status: 401, message: 'The Bearer token is not the token of any connection.' },
  ERR_IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'This Idempotency-Key was used for a different request.' },
  // Spreadsheet uploads (issue 31): an .xlsx judged by its archive directory before anything is unpacked.
  ERR_SPREADSHEET_TOO_LARGE_UNPACKED: {
    status: 400,
    message: 'The spreadsheet unpacks to more than 32 MB, holds too many parts or is packed like a zip bomb: save it again as a plain sheet, or split it.',
  },
  /** A list's upload still queued behind other imports when its answer's wait ran out: it goes on, its items appear as they are added. */
  ERR_CONTACT_IMPORT_BUSY: { status: 503, message: 'The sheet is queued behind other imports; its numbers are added to the list as soon as it is read.' },
  ERR_CONTACT_IMPORT_IN_PROGRESS: { status: 409, message: 'A spreadsheet of your company is still being imported; send this one when it is done.' },
  // One owner per Meta account id (a page, an Instagram account, a Cloud API number) across companies
  // LGPD retention and access (docs/lgpd.md)
  ERR_RETENTION_DAYS_INVALID: { status: 400, message: 'Message retention is a whole number of days from 1 to 36500, or empty to keep messages for ever.' },
  ERR_CONTACT_ERASED: { status: 409, message: 'This contact was erased (LGPD): its data is gone and it can no longer be changed.' },
  ERR_CHANNEL_ALREADY_CONNECTED: {
    status: 409,
    message: 'This page, Instagram account or WhatsApp number is already connected to another connection; disconnect it there first.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** A rule of the domain was broken. Thrown by deciders; the API maps it to its 4xx. */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.name = 'DomainError';
    this.status = errorCatalogue[code].status;
  }
}

/** The body of every error answer (services/api/src/http/errors.ts): the code, its message, and the details some codes add. */
export interface ApiErrorBody {
  error: string;
  message: string;
  [detail: string]: unknown;
}
