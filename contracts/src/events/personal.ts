/**
 * Which fields of an event are a contact's personal data (LGPD), declared beside the event
 * (`defineEvent(…, { personal })`). The event store's codec writes them sealed with that contact's
 * data key (docs/lgpd.md "What is encrypted"); everything else stays in clear.
 */
export interface PersonalFields {
  /**
   * Whose data it is: the data path of the contact's id (`'contactId'`), or `'stream'` for an event
   * that does not carry it (a message's edit): the contact of the stream's first event.
   */
  contact: string;
  /** Who the contact is (name, number, e-mail, picture, extra fields): sealed with the contact's identity key. */
  identity?: readonly string[];
  /**
   * What the contact said or was told (bodies, captions, file names, places, vCards): sealed with the
   * contact's key of the day the event occurred, so retention can erase a period and keep the name.
   */
  content?: readonly string[];
}

/**
 * What a sealed text field reads as once its key is destroyed: a fixed text that still meets the
 * schemas (non-empty, short). Arrays read as [], objects as null, numbers as 0, booleans as false.
 */
export const ERASED_TEXT = '[erased]';
