/** `ScheduleDialog` ({ open, onClose, contactId, ticketId }): a scheduled message to the ticket's contact. */
export { ScheduleDialog, type ScheduleDialogProps } from './ScheduleDialog';
export { schedulesApi, type Schedule } from './api';
export { canSaveSchedule, defaultSendAt, validateSchedule } from './rules';
