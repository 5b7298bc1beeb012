import { DomainError, type QuickMessageEvent, type QuickMessageFields, type StoredMedia } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type QuickMessage =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      quickMessageId: number;
      /** The author. */
      userId: number;
      fields: QuickMessageFields;
      media: StoredMedia | null;
    };

/**
 * Who acts on a quick message. Admin and supervisor (and the super user) manage every
 * quick message of the company and alone may set the general flag; a plain user manages only
 * non-general ones, and only their own: a user never sees another user's private quick messages,
 * so it cannot change them either.
 */
export interface QuickMessageEditor {
  userId: number;
  managesAll: boolean;
}

export type QuickMessageCommand =
  | { type: 'CreateQuickMessage'; quickMessageId: number; by: QuickMessageEditor; fields: QuickMessageFields }
  | { type: 'ChangeQuickMessage'; by: QuickMessageEditor; changes: Partial<QuickMessageFields> }
  | { type: 'DeleteQuickMessage'; by: QuickMessageEditor }
  | { type: 'AttachQuickMessageMedia'; by: QuickMessageEditor; media: StoredMedia; originalName: string }
  | { type: 'RemoveQuickMessageMedia'; by: QuickMessageEditor };

type Active = Extract<QuickMessage, { status: 'active' | 'deleted' }>;

/** The quick message if `by` may change it (its media too); throws not found or no permission. */
export function assertCanEditQuickMessage(state: QuickMessage, by: QuickMessageEditor): Active {
  if (state.status !== 'active') throw new DomainError('ERR_NO_QUICKMESSAGE_FOUND');
  if (!by.managesAll && (state.fields.geral || state.userId !== by.userId)) throw new DomainError('ERR_NO_PERMISSION');
  return state;
}

function checkFields(quickMessageId: number, fields: Partial<QuickMessageFields>): void {
  if (fields.shortcode !== undefined && fields.shortcode.trim() === '') throw new DomainError('ERR_VALIDATION', 'shortcode: Obrigatório');
  if (fields.categoryId === quickMessageId) throw new DomainError('ERR_VALIDATION', 'categoryId: a quick message cannot be its own category');
}

export const quickMessage: Decider<QuickMessage, QuickMessageCommand, QuickMessageEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'QuickMessageCreated') {
      const { quickMessageId, userId, ...fields } = event.data;
      return { status: 'active', quickMessageId, userId, fields, media: null };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'QuickMessageChanged':
        return { ...state, fields: { ...state.fields, ...event.data.changes } };
      case 'QuickMessageDeleted':
        return { ...state, status: 'deleted' };
      case 'QuickMessageMediaAttached':
        return { ...state, media: event.data.media };
      case 'QuickMessageMediaRemoved':
        return { ...state, media: null };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'CreateQuickMessage': {
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Quick message already exists');
        if (command.fields.geral && !command.by.managesAll) throw new DomainError('ERR_NO_PERMISSION');
        checkFields(command.quickMessageId, command.fields);
        const fields = { ...command.fields, shortcode: command.fields.shortcode.trim() };
        return [{ type: 'QuickMessageCreated', data: { quickMessageId: command.quickMessageId, userId: command.by.userId, ...fields } }];
      }
      case 'ChangeQuickMessage': {
        const current = assertCanEditQuickMessage(state, command.by);
        if (command.changes.geral === true && !command.by.managesAll) throw new DomainError('ERR_NO_PERMISSION');
        checkFields(current.quickMessageId, command.changes);
        const proposed = command.changes.shortcode === undefined ? command.changes : { ...command.changes, shortcode: command.changes.shortcode.trim() };
        const changes = changedFields(current.fields, proposed);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'QuickMessageChanged', data: { quickMessageId: current.quickMessageId, changes } }];
      }
      case 'DeleteQuickMessage': {
        const current = assertCanEditQuickMessage(state, command.by);
        return [{ type: 'QuickMessageDeleted', data: { quickMessageId: current.quickMessageId } }];
      }
      case 'AttachQuickMessageMedia': {
        const current = assertCanEditQuickMessage(state, command.by);
        return [
          { type: 'QuickMessageMediaAttached', data: { quickMessageId: current.quickMessageId, media: command.media, originalName: command.originalName } },
        ];
      }
      case 'RemoveQuickMessageMedia': {
        const current = assertCanEditQuickMessage(state, command.by);
        return current.media === null ? [] : [{ type: 'QuickMessageMediaRemoved', data: { quickMessageId: current.quickMessageId, media: current.media } }];
      }
    }
  },
};
