import type { AnnouncementFrame } from './announcements/views';
import type { UserStatusFrame } from './assignment/views';
import type { CampaignFrame } from './campaigns/views';
import type { ChatDeleteFrame, ChatRoomFrame, ChatUserFrame } from './chats/views';
import type { SettingFrame } from './companies/views';
import type { ConnectionFrame, ConnectionSessionFrame, ImportFrame } from './connections/api';
import type { ContactListFrame, ContactListItemFrame } from './contactLists/views';
import type { ContactImportStatus } from './contacts/import';
import type { ContactFrame } from './contacts/views';
import type { FileListFrame } from './files/views';
import type { InvoiceFrame, PaymentFrame } from './invoices/views';
import type { AppMessageFrame } from './messages/views';
import type { OnDutyFrame } from './onDuty/views';
import type { PromptView } from './prompts/views';
import type { QueueIntegrationView } from './queueIntegrations/views';
import type { QueueFrame } from './queues/views';
import type { QuickMessageView } from './quickMessages/api';
import type { ScheduleView } from './schedules/api';
import type { UserAccessChange } from './session/access';
import type { TagFrame } from './tags/kanban';
import type { PresenceFrame, TicketFrame } from './tickets/views';
import type { UserFrame } from './users/views';
import type { WebhookFrame } from './webhooks/views';

/**
 * What `entityFrames` (projections/frames.ts) publishes for one kind of record: the record as it now stands under
 * `ViewKey`, or the id of the one deleted under `IdKey` (the other key absent, so both destructure).
 */
export type EntityFrame<IdKey extends string, ViewKey extends string, View> =
  | ({ action: 'create' | 'update' } & { [K in ViewKey]: View } & { [K in IdKey]?: never })
  | ({ action: 'delete' } & { [K in IdKey]: number } & { [K in ViewKey]?: never });

/** `schedule` frame body: a scheduled message as it now stands, or the id of the one deleted. */
export type ScheduleFrame = EntityFrame<'scheduleId', 'schedule', ScheduleView>;
/** `quickmessage` frame body (the edge passes a private one to its author and managers only). */
export type QuickMessageFrame = EntityFrame<'id', 'record', QuickMessageView>;
export type PromptFrame = EntityFrame<'promptId', 'prompt', PromptView>;
export type QueueIntegrationFrame = EntityFrame<'integrationId', 'queueIntegration', QueueIntegrationView>;
/** `contactImport` frame body: an import's progress (the refused rows' numbers masked, as every socket of the company gets it). */
export interface ContactImportFrame {
  action: 'update';
  contactImport: ContactImportStatus;
}
/** `company` frame body: a company changed or was deleted (the super user's list reads it again). */
export interface CompanyChangeFrame {
  action: 'update' | 'delete';
  companyId: number;
}
/** `auth` frame body: the user logged in elsewhere; the edge passes it to that user's other sessions (the session rules). */
export interface AuthFrame {
  action: 'update';
  user: { id: number };
  sessionId: string;
}
/** `dashboard` frame body: the company's figures moved; the dashboard reads them again. */
export interface DashboardFrame {
  action: 'update';
}

/**
 * Every frame a company's sockets (and the bus's `company.<id>.<entity>` subjects) carry: entity → body. The
 * projectors' frames are typed by it (defineProjector), the edge's filters read it, and the browser's
 * `useSocketEvent(entity, handler)` hands the handler the entity's body. An entity is added here first.
 */
export interface FrameCatalogue {
  ticket: TicketFrame;
  appMessage: AppMessageFrame;
  presence: PresenceFrame;
  contact: ContactFrame;
  contactImport: ContactImportFrame;
  user: UserFrame;
  auth: AuthFrame;
  /** Never relayed to browsers: edges and API processes act on it (session/access.ts). */
  'user-access': UserAccessChange;
  assignmentStatus: UserStatusFrame;
  company: CompanyChangeFrame;
  settings: SettingFrame;
  queue: QueueFrame;
  tag: TagFrame;
  whatsapp: ConnectionFrame;
  whatsappSession: ConnectionSessionFrame;
  importMessages: ImportFrame;
  schedule: ScheduleFrame;
  quickmessage: QuickMessageFrame;
  prompt: PromptFrame;
  queueIntegration: QueueIntegrationFrame;
  files: FileListFrame;
  onDuty: OnDutyFrame;
  webhook: WebhookFrame;
  invoice: InvoiceFrame;
  payment: PaymentFrame;
  announcement: AnnouncementFrame;
  campaign: CampaignFrame;
  ContactList: ContactListFrame;
  ContactListItem: ContactListItemFrame;
  dashboard: DashboardFrame;
  /** A chat deleted, or left: to the members it had (`audience`). */
  chat: ChatDeleteFrame;
  /** One user's chat list: a chat created or changed. */
  [userChats: `chat-user-${number}`]: ChatUserFrame;
  /** One chat's room: a new message, or the chat changed. */
  [chatRoom: `chat-${number}`]: ChatRoomFrame;
}

export type FrameEntity = keyof FrameCatalogue;
export type FrameData<E extends FrameEntity> = FrameCatalogue[E];

/** A frame as a projector publishes it: its company, its entity and that entity's body. */
export type PublishedFrame<E extends FrameEntity = FrameEntity> = E extends FrameEntity ? { companyId: number; entity: E; data: FrameData<E> } : never;
