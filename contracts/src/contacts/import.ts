import { z } from 'zod';
import { Count32, RecordId, safeText } from '../common/bounds';
import { defineEvent } from '../events/registry';
import { Channel } from '../tickets/events';

/**
 * Importing contacts from a spreadsheet: POST /contacts/upload takes the file, answers the import at
 * once and works through its rows; GET /contacts/import/{importId} tells how far it got (the screen
 * polls it for its progress bar); POST /contactsImport imports one row.
 */

/** Largest spreadsheet accepted: some 100,000 rows of name, number and e-mail. */
export const CONTACT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows one file may hold; a longer file is refused whole. */
export const CONTACT_IMPORT_MAX_ROWS = 50_000;
/** File endings the upload reads. */
export const CONTACT_IMPORT_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
/** Refusals an import keeps to show; past it only the count grows. */
export const CONTACT_IMPORT_REFUSALS_KEPT = 1_000;

/**
 * One row as the spreadsheet or POST /contactsImport gives it. Bounds are the contact record's; the
 * number is normalised by the server like any contact's.
 */
export const ContactImportRow = z.object({
  name: safeText().trim().max(200).default(''),
  number: safeText().trim().max(100),
  email: safeText().trim().toLowerCase().max(200).default(''),
});
export type ContactImportRow = z.infer<typeof ContactImportRow>;

/** Why a row was not imported. */
export const ContactImportRefusalReason = z.enum([
  /** No number, or one that is not a phone number. */
  'invalidNumber',
  /** The same number (once normalised) came earlier in the file. */
  'duplicateInFile',
  'invalidEmail',
  /** Too many people changed the contact at once; importing the row again will do. */
  'failed',
]);
export type ContactImportRefusalReason = z.infer<typeof ContactImportRefusalReason>;

/** One row's outcome; `row` counts from 1 at the first line under the header. */
export const ContactImportRowResult = z.object({
  row: Count32,
  number: z.string(),
  outcome: z.enum(['created', 'updated', 'refused']),
  contactId: RecordId.optional(),
  reason: ContactImportRefusalReason.optional(),
});
export type ContactImportRowResult = z.infer<typeof ContactImportRowResult>;

/** GET /contacts/import/{importId} and the answer of POST /contacts/upload. */
export const ContactImportStatus = z.object({
  importId: z.uuid(),
  fileName: z.string(),
  state: z.enum(['running', 'done']),
  total: Count32,
  processed: Count32,
  created: Count32,
  updated: Count32,
  refused: Count32,
  /** The refused rows, in row order, the first CONTACT_IMPORT_REFUSALS_KEPT of them. */
  refusals: z.array(ContactImportRowResult),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContactImportStatus = z.infer<typeof ContactImportStatus>;

/**
 * The import as recorded, on its stream `contactimport-<importId>`: asked for (the file kept in the
 * media store), its rows' outcomes batch by batch (written in the same transaction as the contacts
 * they created or updated, so a row is never done twice), and its end. The contact-import worker
 * (automation role) does the work; the contactImports read model answers the progress.
 */
export const ContactImportRequested = defineEvent(
  'ContactImportRequested',
  z.object({ importId: z.uuid(), fileName: safeText().max(200), fileUrl: safeText().max(2000), total: Count32 }),
);
/** Rows written per batch (one transaction each) and so the most a ContactImportRowsProcessed holds. */
export const CONTACT_IMPORT_BATCH = 500;
export const ContactImportRowsProcessed = defineEvent(
  'ContactImportRowsProcessed',
  z.object({ importId: z.uuid(), results: z.array(ContactImportRowResult.extend({ number: safeText().max(100) })).max(CONTACT_IMPORT_BATCH) }),
);
/** `unreadable`: the kept file could no longer be read (removed, damaged); the rows not done count as refused. */
export const ContactImportFinished = defineEvent('ContactImportFinished', z.object({ importId: z.uuid(), unreadable: z.boolean().optional() }));
export const contactImportEvents = [ContactImportRequested, ContactImportRowsProcessed, ContactImportFinished];
export const contactImportStream = (importId: string) => `contactimport-${importId}`;

export const ContactImportIdParams = z.object({ importId: z.uuid() });

/** GET /contacts/export: the same filters as the list. */
export const ExportContactsQuery = z.object({
  searchParam: safeText().max(200).optional(),
  channel: Channel.optional(),
});

/** Name of the exported file and of its sheet. */
export const CONTACTS_EXPORT_FILE = 'contatos.xlsx';
export const CONTACTS_EXPORT_SHEET = 'Contatos';
