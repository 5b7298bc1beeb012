import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTicketActions } from '../actions';
import { inboxTargets } from './registry';
import { shortcutOf, stepTicket, type ShortcutId } from './keymap';

type Tab = 'open' | 'pending' | 'group';
const tabOf: Partial<Record<ShortcutId, Tab>> = { tabOpen: 'open', tabPending: 'pending', tabGroup: 'group' };

/**
 * The ticket open now, read from the address at the key press: the render after a navigation can trail its URL (the
 * router renders it as a transition), and J pressed right after a move must step from where the address already is.
 */
const openTicketUuid = (): string | undefined => /^\/tickets\/([^/?#]+)/.exec(window.location.pathname)?.[1];

export interface InboxShortcutHandlers {
  enabled: boolean;
  showTab(tab: Tab): void;
  focusSearch(): void;
  openHelp(): void;
}

/**
 * The inbox's shortcuts on the document (keymap.ts says which keys): each does what the matching button does, on the
 * ticket open in the conversation pane. Keys pressed inside a dialog or a menu are theirs.
 */
export function useInboxShortcuts(handlers: InboxShortcutHandlers): void {
  const navigate = useNavigate();
  const actions = useTicketActions();
  // The listener stays put; what it calls is always the latest render's.
  const latest = useRef({ handlers, navigate, actions });
  latest.current = { handlers, navigate, actions };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { handlers, navigate, actions } = latest.current;
      if (!handlers.enabled) return;
      const id = shortcutOf(event);
      if (!id) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return;
      if (run(id, event, target)) event.preventDefault();

      function run(id: ShortcutId, _event: KeyboardEvent, target: Element | null): boolean {
        const ticket = inboxTargets.ticket;
        const tab = tabOf[id];
        if (tab) {
          handlers.showTab(tab);
          return true;
        }
        switch (id) {
          case 'next':
          case 'previous': {
            const list = inboxTargets.list;
            if (!list) return false;
            const next = stepTicket(list.rows, openTicketUuid(), id === 'next' ? 1 : -1);
            if (!next) return false;
            list.scrollTo(list.rows.indexOf(next));
            void navigate(`/tickets/${next.uuid}`);
            return true;
          }
          case 'accept':
            if (ticket?.status === 'pending') actions.accept(ticket);
            else if (ticket?.status === 'closed') actions.reopen(ticket);
            else return false;
            return true;
          case 'resolve':
            if (ticket?.status !== 'open' && ticket?.status !== 'group') return false;
            inboxTargets.resolveMenu?.();
            return true;
          case 'transfer':
            if (!ticket || ticket.status === 'closed') return false;
            actions.transfer(ticket);
            return true;
          case 'reply':
          case 'note':
          case 'quickReply':
            if (!inboxTargets.composer) return false;
            inboxTargets.composer(id);
            return true;
          case 'search':
            handlers.focusSearch();
            return true;
          case 'help':
            handlers.openHelp();
            return true;
          case 'leaveField':
            // Out of the field the plain keys work again; Tab and the shortcuts take it from there.
            if (!(target instanceof HTMLElement) || !target.closest('[data-testid="tickets-page"]')) return false;
            target.blur();
            return true;
          default:
            return false;
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
