import { useNavigate } from 'react-router';
import { useErrorToast } from '../../app/notify';
import { useCreateTicketMutation } from './api';
import type { NewTicketChoice } from './dialogs';
import { otherOpenTicketHolder, type TicketHolder } from './holder';

/**
 * The new-ticket dialog's confirm, wherever it opens (the tickets list, a contact's row): opens the ticket and goes to
 * it. When the contact's open ticket is held (ERR_OTHER_OPEN_TICKET) `held` says by whom; any other failure is a toast.
 * `closed` runs first in both endings (the dialog closes).
 */
export function useNewTicket(closed: () => void, held: (holder: TicketHolder) => void) {
  const navigate = useNavigate();
  const showError = useErrorToast();
  const [createTicket, creating] = useCreateTicketMutation();
  const start = async (choice: NewTicketChoice) => {
    try {
      const { contact, queueId, whatsappId, userId } = choice;
      const ticket = await createTicket({ contactId: contact.id, queueId, whatsappId, userId, status: 'open' }).unwrap();
      closed();
      void navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      const holder = otherOpenTicketHolder(error);
      if (!holder) return showError(error);
      closed();
      held(holder);
    }
  };
  return { start, creating };
}
