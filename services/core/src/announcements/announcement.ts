import {
  ANNOUNCEMENT_MEDIA_TYPES,
  DomainError,
  type AnnouncementDetails,
  type AnnouncementEvent,
  type AnnouncementReadEvent,
  type StoredMedia,
} from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type Announcement = { status: 'none' } | { status: 'live' | 'deleted'; announcementId: number; details: AnnouncementDetails; media: StoredMedia | null };

export type AnnouncementCommand =
  | { type: 'CreateAnnouncement'; announcementId: number; details: AnnouncementDetails }
  | { type: 'ChangeAnnouncement'; changes: Partial<AnnouncementDetails> }
  | { type: 'DeleteAnnouncement' }
  | { type: 'AttachAnnouncementMedia'; media: StoredMedia }
  | { type: 'RemoveAnnouncementMedia' };

const isImage = (mime: string) => (ANNOUNCEMENT_MEDIA_TYPES as readonly string[]).includes(mime);

/** A platform announcement (the super user's): its details and one image attachment (png, jpg, jpeg). */
export const announcement: Decider<Announcement, AnnouncementCommand, AnnouncementEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'AnnouncementCreated') {
      const { announcementId, ...details } = event.data;
      return { status: 'live', announcementId, details, media: null };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'AnnouncementChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'AnnouncementDeleted':
        return { ...state, status: 'deleted' };
      case 'AnnouncementMediaAttached':
        return { ...state, media: event.data.media };
      case 'AnnouncementMediaRemoved':
        return { ...state, media: null };
    }
  },
  decide(state, command) {
    if (command.type === 'CreateAnnouncement') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Announcement already exists');
      return [{ type: 'AnnouncementCreated', data: { announcementId: command.announcementId, ...command.details } }];
    }
    if (state.status !== 'live') throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND');
    const announcementId = state.announcementId;
    switch (command.type) {
      case 'ChangeAnnouncement': {
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'AnnouncementChanged', data: { announcementId, changes } }];
      }
      case 'DeleteAnnouncement':
        return [{ type: 'AnnouncementDeleted', data: { announcementId } }];
      case 'AttachAnnouncementMedia':
        if (!isImage(command.media.mime)) throw new DomainError('ERR_VALIDATION', 'file: apenas png, jpg ou jpeg');
        return [{ type: 'AnnouncementMediaAttached', data: { announcementId, media: command.media } }];
      case 'RemoveAnnouncementMedia':
        return state.media ? [{ type: 'AnnouncementMediaRemoved', data: { announcementId, media: state.media } }] : [];
    }
  },
};

export type AnnouncementReadState = { read: boolean };
export type MarkAnnouncementRead = { type: 'MarkAnnouncementRead'; announcement: Announcement; userId: number };

/** A user's read mark of an announcement: recorded once, for an active one. */
export const announcementRead: Decider<AnnouncementReadState, MarkAnnouncementRead, AnnouncementReadEvent> = {
  initialState: () => ({ read: false }),
  evolve: () => ({ read: true }),
  decide(state, command) {
    const target = command.announcement;
    if (target.status !== 'live' || !target.details.status) throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND');
    if (state.read) return [];
    return [{ type: 'AnnouncementRead', data: { announcementId: target.announcementId, userId: command.userId } }];
  },
};
