import { channelAccountStream, connectionRosterStream, connectionStream } from '../connections/events';
import { contactNumberStream, contactStream } from '../contacts/events';
import { contactImportStream } from '../contacts/import';
import { helpStream } from '../helps/events';
import { contactListStream } from '../contactLists/events';
import { fileListStream } from '../files/events';
import { campaignOptOutStream, campaignSettingsStream, campaignShippingsStream, campaignStream } from '../campaigns/events';
import { invoiceStream } from '../invoices/events';
import { apiIdempotencyStream } from '../messagesApi/events';
import { chatMessageStream, chatReadStream, chatStream } from '../chats/events';
import { announcementReadStream, announcementStream } from '../announcements/events';
import { passwordResetStream } from '../passwordReset/events';
import { messageStream } from '../messages/events';
import { ticketNoteStream } from '../notes/events';
import { queueColorStream, queueStream } from '../queues/events';
import { quickMessageStream } from '../quickMessages/events';
import { contactBotStream, queueRotationStream, ticketBotStream } from '../routing/events';
import { scheduleStream } from '../schedules/events';
import { tagStream } from '../tags/events';
import { onDutyStream } from '../onDuty/events';
import { queueIntegrationStream } from '../queueIntegrations/events';
import { promptStream } from '../prompts/events';
import { ticketSlotStream, ticketStream } from '../tickets/events';
import { webhookStream } from '../webhooks/events';
import { queueWorkStream, ticketLineStream, userStatusStream } from '../assignment/events';
import { ticketSlaStream } from '../sla/events';

/**
 * Every stream id of the event log, one helper per category: a stream's name is spelled once, so a
 * writer and a reader (or a test) cannot disagree on it. Category prefixes are part of the stored
 * log: never rename one.
 */
export const streams = {
  plan: (planId: number) => `plan-${planId}`,
  company: (companyId: number) => `company-${companyId}`,
  user: (userId: number) => `user-${userId}`,
  /** Guard: its expected revision makes an e-mail belong to one user at a time. */
  userEmail: (email: string) => `useremail-${email.trim().toLowerCase()}`,
  /** Guard: its expected revision makes the plan's user limit hold under concurrent creations. */
  userSeats: (companyId: number) => `userseats-${companyId}`,
  userPresence: (userId: number) => `userpresence-${userId}`,
  session: (sessionId: string) => `session-${sessionId}`,
  ticket: ticketStream,
  ticketSlot: ticketSlotStream,
  ticketNote: ticketNoteStream,
  ticketBot: ticketBotStream,
  contactBot: contactBotStream,
  queueRotation: queueRotationStream,
  message: messageStream,
  contact: contactStream,
  contactNumber: contactNumberStream,
  contactImport: contactImportStream,
  connection: connectionStream,
  /** Guard: its expected revision makes a Meta account id belong to one live connection. */
  channelAccount: channelAccountStream,
  connectionRoster: connectionRosterStream,
  queue: queueStream,
  queueColor: queueColorStream,
  quickMessage: quickMessageStream,
  schedule: scheduleStream,
  tag: tagStream,
  help: helpStream,
  onDuty: onDutyStream,
  webhook: webhookStream,
  queueIntegration: queueIntegrationStream,
  prompt: promptStream,
  contactList: contactListStream,
  campaign: campaignStream,
  campaignShippings: campaignShippingsStream,
  campaignOptOuts: campaignOptOutStream,
  campaignSettings: campaignSettingsStream,
  fileList: fileListStream,
  invoice: invoiceStream,
  apiIdempotency: apiIdempotencyStream,
  chat: chatStream,
  chatMessage: chatMessageStream,
  chatRead: chatReadStream,
  announcement: announcementStream,
  announcementRead: announcementReadStream,
  passwordReset: passwordResetStream,
  userStatus: userStatusStream,
  queueWork: queueWorkStream,
  ticketLine: ticketLineStream,
  ticketSla: ticketSlaStream,
} as const;
