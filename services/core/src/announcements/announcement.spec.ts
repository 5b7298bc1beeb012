import type { AnnouncementEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { announcement, announcementRead, type Announcement } from './announcement';

const details = { title: 'Manutenção', text: 'Sábado às 22h', priority: 1 as const, status: true };
const created: AnnouncementEvent = { type: 'AnnouncementCreated', data: { announcementId: 4, ...details } };
const png = { url: '/media/1/9b1d2c3e-4f50-4a6b-8c7d-0e1f2a3b4c5d.png', name: 'aviso.png', mime: 'image/png', size: 500 };
const live: Announcement = { status: 'live', announcementId: 4, details, media: null };

describe('announcement decider', () => {
  it('creates once and records only what changed', () => {
    spec(announcement).given([]).when({ type: 'CreateAnnouncement', announcementId: 4, details }).then([created]);
    spec(announcement).given([created]).when({ type: 'CreateAnnouncement', announcementId: 4, details }).thenThrows('ERR_VALIDATION');
    spec(announcement)
      .given([created])
      .when({ type: 'ChangeAnnouncement', changes: { title: 'Manutenção', priority: 3 } })
      .then([{ type: 'AnnouncementChanged', data: { announcementId: 4, changes: { priority: 3 } } }]);
  });

  it('attaches a png or jpeg only, and removes it', () => {
    spec(announcement)
      .given([created])
      .when({ type: 'AttachAnnouncementMedia', media: png })
      .then([{ type: 'AnnouncementMediaAttached', data: { announcementId: 4, media: png } }]);
    spec(announcement)
      .given([created])
      .when({ type: 'AttachAnnouncementMedia', media: { ...png, mime: 'application/pdf' } })
      .thenThrows('ERR_VALIDATION');
    spec(announcement).given([created]).when({ type: 'RemoveAnnouncementMedia' }).then([]);
    spec(announcement)
      .given([created, { type: 'AnnouncementMediaAttached', data: { announcementId: 4, media: png } }])
      .when({ type: 'RemoveAnnouncementMedia' })
      .then([{ type: 'AnnouncementMediaRemoved', data: { announcementId: 4, media: png } }]);
  });

  it('is gone once deleted', () => {
    spec(announcement)
      .given([created])
      .when({ type: 'DeleteAnnouncement' })
      .then([{ type: 'AnnouncementDeleted', data: { announcementId: 4 } }]);
    spec(announcement)
      .given([created, { type: 'AnnouncementDeleted', data: { announcementId: 4 } }])
      .when({ type: 'ChangeAnnouncement', changes: { title: 'x' } })
      .thenThrows('ERR_NO_ANNOUNCEMENT_FOUND');
    spec(announcement).given([]).when({ type: 'DeleteAnnouncement' }).thenThrows('ERR_NO_ANNOUNCEMENT_FOUND');
  });
});

describe('announcement read marks', () => {
  it("records a user's read of an active announcement once", () => {
    spec(announcementRead)
      .given([])
      .when({ type: 'MarkAnnouncementRead', announcement: live, userId: 7 })
      .then([{ type: 'AnnouncementRead', data: { announcementId: 4, userId: 7 } }]);
    spec(announcementRead)
      .given([{ type: 'AnnouncementRead', data: { announcementId: 4, userId: 7 } }])
      .when({ type: 'MarkAnnouncementRead', announcement: live, userId: 7 })
      .then([]);
  });

  it('refuses an inactive or missing announcement', () => {
    spec(announcementRead)
      .given([])
      .when({ type: 'MarkAnnouncementRead', announcement: { ...live, details: { ...details, status: false } }, userId: 7 })
      .thenThrows('ERR_NO_ANNOUNCEMENT_FOUND');
    spec(announcementRead)
      .given([])
      .when({ type: 'MarkAnnouncementRead', announcement: { status: 'none' }, userId: 7 })
      .thenThrows('ERR_NO_ANNOUNCEMENT_FOUND');
  });
});
