import { z } from 'zod';
import { ContactView } from './views';
import { Count32, RecordId, safeText } from '../common/bounds';
import { SearchParam } from '../common/inputs';
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
/**
 * An .xlsx is a zip archive: what it may hold, read from its directory before anything is unpacked
 * (a 750 KB file can unpack to gigabytes). A real sheet of CONTACT_IMPORT_MAX_ROWS rows unpacks to
 * some 10 MB and packs 5 to 20 times; a bomb is refused at once (ERR_SPREADSHEET_TOO_LARGE_UNPACKED).
 */
export const CONTACT_IMPORT_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Parts an .xlsx may hold (a workbook of a few sheets has some 10 to 30). */
export const CONTACT_IMPORT_MAX_ENTRIES = 500;
/** How much tighter than this one part may be packed (unpacked / packed), for parts above 1 MB unpacked. */
export const CONTACT_IMPORT_MAX_RATIO = 100;
/**
 * A company imports one spreadsheet at a time: an upload while one of its imports started within
 * this long is still running answers 409 ERR_CONTACT_IMPORT_IN_PROGRESS (an older one whose worker
 * is gone no longer holds the company back). A 50,000-row import takes well under a minute.
 */
export const CONTACT_IMPORT_ONE_AT_A_TIME_MS = 15 * 60_000;
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

/**
 * A contact row as read from a sheet: `line` is the sheet's own row number (the header is line 1, so
 * the first contact is line 2, blank lines counted), and `formula` says a cell the import reads
 * (name, number, e-mail) holds a formula: such a row is refused, never imported by the formula's result.
 */
export interface SheetRow {
  line: number;
  input: ContactImportRow;
  formula?: boolean;
}

/** Why a row was not imported. */
export const ContactImportRefusalReason = z.enum([
  /** No number, or one that is not a phone number. */
  'invalidNumber',
  /** The same number (once normalised) came earlier in the file. */
  'duplicateInFile',
  'invalidEmail',
  /** A cell the import reads is a formula: its value would be a guess, the row is not imported. */
  'formula',
  /** Too many people changed the contact at once; importing the row again will do. */
  'failed',
]);
export type ContactImportRefusalReason = z.infer<typeof ContactImportRefusalReason>;

/** One row's outcome; `row` is the sheet's row number (the header is row 1, the first contact row 2). */
export const ContactImportRowResult = z.object({
  row: Count32,
  number: z.string(),
  outcome: z.enum(['created', 'updated', 'refused']),
  contactId: RecordId.optional(),
  reason: ContactImportRefusalReason.optional(),
});
export type ContactImportRowResult = z.infer<typeof ContactImportRowResult>;

/** POST /contactsImport's answer: the row's outcome and the contact it made or changed (201 created, 200 updated, 422 refused). */
export const ContactImportRowAnswer = ContactImportRowResult.omit({ row: true }).extend({ row: Count32.optional(), contact: ContactView.nullable() });

/** GET /contacts/import/{importId} and the answer of POST /contacts/upload. */
export const ContactImportStatus = z.object({
  importId: z.uuid(),
  fileName: z.string(),
  state: z.enum(['running', 'done']),
  /** Contact rows in the file: 0 until the contact-import worker has read it. */
  total: Count32,
  processed: Count32,
  created: Count32,
  updated: Count32,
  refused: Count32,
  /** The refused rows, in row order, the first CONTACT_IMPORT_REFUSALS_KEPT of them. */
  refusals: z.array(ContactImportRowResult),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why the file was refused whole once read (no number column, too many rows, damaged): an error code. */
  error: z.string().nullable(),
});
export type ContactImportStatus = z.infer<typeof ContactImportStatus>;

/**
 * The import as recorded, on its stream `contactimport-<importId>`: asked for (the file kept in the
 * media store), read (how many contact rows it holds), its rows' outcomes batch by batch (written in
 * the same transaction as the contacts they created or updated, so a row is never done twice), and its
 * end. The contact-import worker (automation role) reads the file and does the work, off the request;
 * the contactImports read model answers the progress. `total` on the request is what older uploads,
 * read in the request, recorded; an upload now leaves it out and the worker records ContactImportRead.
 * A list's upload rides the same job (`contactListId`), so every spreadsheet is parsed in one place.
 */
export const ContactImportRequested = defineEvent(
  'ContactImportRequested',
  z.object({
    importId: z.uuid(),
    fileName: safeText().max(200),
    fileUrl: safeText().max(2000),
    total: Count32.optional(),
    /** A contact list's upload (POST /contact-lists/{id}/upload): the rows become the list's items, not contacts. */
    contactListId: RecordId.optional(),
  }),
);
export const ContactImportRead = defineEvent('ContactImportRead', z.object({ importId: z.uuid(), total: Count32 }));
/** Rows written per batch (one transaction each) and so the most a ContactImportRowsProcessed holds. */
export const CONTACT_IMPORT_BATCH = 500;
export const ContactImportRowsProcessed = defineEvent(
  'ContactImportRowsProcessed',
  z.object({ importId: z.uuid(), results: z.array(ContactImportRowResult.extend({ number: safeText().max(100) })).max(CONTACT_IMPORT_BATCH) }),
);
/**
 * `unreadable`: the kept file could no longer be read (removed, damaged); the rows not done count as
 * refused. `error`: the file was refused whole when the worker read it (its code: no number column, too
 * many rows, packed like a bomb), nothing imported.
 */
export const ContactImportFinished = defineEvent(
  'ContactImportFinished',
  z.object({
    importId: z.uuid(),
    unreadable: z.boolean().optional(),
    error: z
      .string()
      .regex(/^ERR_[A-Z0-9_]{1,60}$/)
      .optional(),
  }),
);
export const contactImportEvents = [ContactImportRequested, ContactImportRead, ContactImportRowsProcessed, ContactImportFinished];
export const contactImportStream = (importId: string) => `contactimport-${importId}`;

export const ContactImportIdParams = z.object({ importId: z.uuid() });

/** GET /contacts/export: the same filters as the list. */
export const ExportContactsQuery = z.object({
  searchParam: SearchParam,
  channel: Channel.optional(),
});

/** Name of the exported file and of its sheet. */
export const CONTACTS_EXPORT_FILE = 'contatos.xlsx';
export const CONTACTS_EXPORT_SHEET = 'Contatos';
