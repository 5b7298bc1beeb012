import type { QuickMessageEvent, QuickMessageFields, StoredMedia } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { quickMessage } from './quick-message';

const fields: QuickMessageFields = { shortcode: 'oi', message: 'Olá! Como posso ajudar?', geral: false, status: true, isCategory: false, categoryId: null };
const author = { userId: 3, managesAll: false };
const otherUser = { userId: 4, managesAll: false };
const admin = { userId: 1, managesAll: true };
const created: QuickMessageEvent = { type: 'QuickMessageCreated', data: { quickMessageId: 8, userId: 3, ...fields } };
const general: QuickMessageEvent = { type: 'QuickMessageCreated', data: { quickMessageId: 8, userId: 1, ...fields, geral: true } };
const media: StoredMedia = { url: '/media/1/abc.png', name: 'abc.png', mime: 'image/png', size: 10 };

describe('quick message decider', () => {
  it('creates a private quick message for its author, shortcode trimmed', () => {
    spec(quickMessage)
      .given([])
      .when({ type: 'CreateQuickMessage', quickMessageId: 8, by: author, fields: { ...fields, shortcode: ' oi ' } })
      .then([created]);
  });

  it('refuses a blank shortcode', () => {
    spec(quickMessage)
      .given([])
      .when({ type: 'CreateQuickMessage', quickMessageId: 8, by: author, fields: { ...fields, shortcode: '  ' } })
      .thenThrows('ERR_VALIDATION');
  });

  it('lets only admins and supervisors create general ones', () => {
    spec(quickMessage)
      .given([])
      .when({ type: 'CreateQuickMessage', quickMessageId: 8, by: author, fields: { ...fields, geral: true } })
      .thenThrows('ERR_NO_PERMISSION');
    spec(quickMessage)
      .given([])
      .when({ type: 'CreateQuickMessage', quickMessageId: 8, by: admin, fields: { ...fields, geral: true } })
      .then([general]);
  });

  it('lets the author change their private one, recording only what changed', () => {
    spec(quickMessage)
      .given([created])
      .when({ type: 'ChangeQuickMessage', by: author, changes: { shortcode: 'oi', message: 'Bom dia!' } })
      .then([{ type: 'QuickMessageChanged', data: { quickMessageId: 8, changes: { message: 'Bom dia!' } } }]);
  });

  it('refuses a plain user who would make it general', () => {
    spec(quickMessage)
      .given([created])
      .when({ type: 'ChangeQuickMessage', by: author, changes: { geral: true } })
      .thenThrows('ERR_NO_PERMISSION');
  });

  it('refuses a plain user on a general one and on another user’s private one', () => {
    spec(quickMessage)
      .given([general])
      .when({ type: 'ChangeQuickMessage', by: author, changes: { message: 'x' } })
      .thenThrows('ERR_NO_PERMISSION');
    spec(quickMessage).given([general]).when({ type: 'DeleteQuickMessage', by: author }).thenThrows('ERR_NO_PERMISSION');
    spec(quickMessage).given([created]).when({ type: 'DeleteQuickMessage', by: otherUser }).thenThrows('ERR_NO_PERMISSION');
  });

  it('lets an admin change and delete anyone’s', () => {
    spec(quickMessage)
      .given([created])
      .when({ type: 'ChangeQuickMessage', by: admin, changes: { geral: true } })
      .then([{ type: 'QuickMessageChanged', data: { quickMessageId: 8, changes: { geral: true } } }]);
    spec(quickMessage)
      .given([general])
      .when({ type: 'DeleteQuickMessage', by: admin })
      .then([{ type: 'QuickMessageDeleted', data: { quickMessageId: 8 } }]);
  });

  it('refuses to make a quick message its own category', () => {
    spec(quickMessage)
      .given([created])
      .when({ type: 'ChangeQuickMessage', by: author, changes: { categoryId: 8 } })
      .thenThrows('ERR_VALIDATION');
  });

  it('answers not found once deleted', () => {
    spec(quickMessage)
      .given([created, { type: 'QuickMessageDeleted', data: { quickMessageId: 8 } }])
      .when({ type: 'ChangeQuickMessage', by: admin, changes: { message: 'x' } })
      .thenThrows('ERR_NO_QUICKMESSAGE_FOUND');
  });

  it('attaches media and removes it once; removing nothing records nothing', () => {
    const attached: QuickMessageEvent = { type: 'QuickMessageMediaAttached', data: { quickMessageId: 8, media, originalName: 'menu.png' } };
    spec(quickMessage).given([created]).when({ type: 'AttachQuickMessageMedia', by: author, media, originalName: 'menu.png' }).then([attached]);
    spec(quickMessage)
      .given([created, attached])
      .when({ type: 'RemoveQuickMessageMedia', by: author })
      .then([{ type: 'QuickMessageMediaRemoved', data: { quickMessageId: 8, media } }]);
    spec(quickMessage).given([created]).when({ type: 'RemoveQuickMessageMedia', by: author }).then([]);
    spec(quickMessage)
      .given([created])
      .when({ type: 'AttachQuickMessageMedia', by: author, media, originalName: 'menu.png' })
      .thenState((state) => expect(state.status === 'active' && state.media).toEqual(media));
  });

  it('refuses another plain user’s media upload', () => {
    spec(quickMessage).given([created]).when({ type: 'AttachQuickMessageMedia', by: otherUser, media, originalName: 'x.png' }).thenThrows('ERR_NO_PERMISSION');
  });
});
