import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { onEarlyRead } from '../../app/early';
import type { SocketClient } from '../../app/socket';
import { useSocket } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { ticketsApi } from './api';
import { applyContactFrame, applyNotificationFrame, type ContactChange, applyPlacement, countChange, locateTicket, placeTicket, rowsOfContact } from './cache';
import { normaliseListArgs } from './listArgs';
import { applyPresenceFrame, type PresenceFrame } from './presence';
import { playNotificationSound } from './sound';
import type { ContactFrame, TicketFrame } from '@conversa/contracts';
import { viewerOfUser } from './types';

/**
 * Live tickets: `ticket`, `contact` and `presence` frames patch every cached ticket
 * list, tab count, open ticket and the bell, in place; nothing is fetched again except the tab counts when a
 * ticket nobody had loaded appears (a count cannot tell a new ticket from an unloaded one). After a lost
 * connection everything the screen shows is fetched again, since frames sent meanwhile are gone.
 */

/** The ticket shown in the conversation pane, so its own new messages make no sound while it is in view. */
let ticketInView: number | null = null;
export const setTicketInView = (ticketId: number | null) => {
  ticketInView = ticketId;
};

/**
 * The store's state as the tickets endpoints type it: `enhanceEndpoints` adds their tag types, which the app's
 * RootState (typed from the base api) does not list. Same object at run time.
 */
type TicketsState = Parameters<typeof ticketsApi.util.selectCachedArgsForQuery>[0];
const ticketsState = (store: AppStore) => store.getState() as unknown as TicketsState;

/** Counts refresh at most this often when frames cannot settle them. */
export const COUNT_REFRESH_MS = 1000;

function knownTicket(state: TicketsState, ticketId: number): boolean {
  for (const args of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketList')) {
    const data = ticketsApi.endpoints.ticketList.select(args)(state).data;
    if (data && locateTicket(data, ticketId)) return true;
  }
  return false;
}

/**
 * A contact frame (or one's own tag edit, before its frame) renames, re-pictures or re-tags that contact's rows
 * in every list and the open ticket: the header's tags decide whether the requiredTag rule lets it close.
 */
export function applyContactToTickets(store: AppStore, frame: ContactChange): void {
  if (frame?.action === 'delete' || !frame?.contact) return;
  const contact = frame.contact;
  const state = ticketsState(store);
  for (const args of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketList')) {
    const data = ticketsApi.endpoints.ticketList.select(args)(state).data;
    const rows = data ? rowsOfContact(data, contact.id) : [];
    if (rows.length > 0) store.dispatch(ticketsApi.util.updateQueryData('ticketList', args, (draft) => applyContactFrame(draft, frame, rows)));
  }
  for (const uuid of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketByUuid')) {
    if (ticketsApi.endpoints.ticketByUuid.select(uuid)(state).data?.contactId !== contact.id) continue;
    store.dispatch(
      ticketsApi.util.updateQueryData('ticketByUuid', uuid, (ticket) => {
        const { tags, ...fields } = contact;
        if (ticket.contact) Object.assign(ticket.contact, fields);
        if (tags) ticket.tags = tags;
      }),
    );
  }
}

export function createTicketLive(store: AppStore) {
  let countRefresh: ReturnType<typeof setTimeout> | null = null;
  const refreshCounts = () => {
    if (countRefresh) return;
    countRefresh = setTimeout(() => {
      countRefresh = null;
      const state = ticketsState(store);
      for (const args of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketCount')) {
        void store.dispatch(ticketsApi.endpoints.ticketCount.initiate(args, { subscribe: false, forceRefetch: true }));
      }
    }, COUNT_REFRESH_MS);
  };

  const onTicket = (frame: TicketFrame) => {
    const ticketId = frame.ticket?.id ?? frame.ticketId;
    const user = store.getState().session.user;
    if (typeof ticketId !== 'number' || !user) return;
    const viewer = viewerOfUser(user);
    const state = ticketsState(store);
    const known = knownTicket(state, ticketId);

    for (const args of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketList')) {
      const data = ticketsApi.endpoints.ticketList.select(args)(state).data;
      // Worked out on the plain cache: walking thousands of rows through the draft would wrap each in a proxy.
      const placement = data && placeTicket(data, frame, normaliseListArgs(args), viewer);
      if (placement) store.dispatch(ticketsApi.util.updateQueryData('ticketList', args, (draft) => applyPlacement(draft, placement)));
    }
    for (const args of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketCount')) {
      const change = countChange(frame, normaliseListArgs(args), viewer, known);
      if (change === 'unknown') refreshCounts();
      else if (change !== 0) store.dispatch(ticketsApi.util.updateQueryData('ticketCount', args, (count) => Math.max(0, count + change)));
    }
    if (frame.ticket && frame.action !== 'delete') {
      const ticket = frame.ticket;
      for (const uuid of ticketsApi.util.selectCachedArgsForQuery(state, 'ticketByUuid')) {
        const held = ticketsApi.endpoints.ticketByUuid.select(uuid)(state).data;
        if (held?.id === ticket.id && Date.parse(ticket.updatedAt) >= Date.parse(held.updatedAt)) {
          store.dispatch(ticketsApi.util.updateQueryData('ticketByUuid', uuid, () => ticket));
        }
      }
    }
    const bell = ticketsApi.endpoints.unreadTickets.select()(state).data;
    if (bell) {
      const { tickets, newMessage } = applyNotificationFrame(bell, frame, viewer);
      if (tickets !== bell) store.dispatch(ticketsApi.util.updateQueryData('unreadTickets', undefined, () => tickets));
      if (newMessage && (ticketId !== ticketInView || document.hidden)) playNotificationSound();
    }
  };

  const onContact = (frame: ContactFrame) => applyContactToTickets(store, frame);

  return {
    onTicket,
    onContact,
    onPresence: (frame: PresenceFrame) => applyPresenceFrame(frame),
    /** Frames sent while the socket was down are lost: what the screen shows is read again. */
    onReconnect: () => store.dispatch(ticketsApi.util.invalidateTags(['Ticket'])),
    stop: () => {
      if (countRefresh) clearTimeout(countRefresh);
    },
  };
}

const ticketEndpoints = new Set(['ticketList', 'ticketCount', 'unreadTickets', 'ticketByUuid']);
const isTicketRead = (address: string) => new URL(address).pathname.startsWith('/tickets');

/** Whether the store holds (or is asking) anything the ticket frames keep live. */
function holdsTickets(store: AppStore): boolean {
  const queries = (store.getState() as unknown as { api: { queries: Record<string, { endpointName?: string } | undefined> } }).api.queries;
  return Object.values(queries).some((entry) => entry?.endpointName !== undefined && ticketEndpoints.has(entry.endpointName));
}

/**
 * Frames flow once the socket is authenticated (the edge sends ticket frames to every authenticated socket of the
 * company that may see the ticket). What was read before that moment may have missed some, as after a lost
 * connection: a list asked while the socket connected, or one the boot script asked as soon as the session came
 * back (app/early.ts), before the app ran. So at the socket's first authentication what is held is read again, and
 * so is an early read the app takes after it. Reconnects are `onReconnect`'s.
 */
export function readAgainWhenLive(socket: SocketClient, store: AppStore, readAgain: () => void): () => void {
  let live = socket.state === 'open';
  const offState = socket.onStateChange((state) => {
    if (state !== 'open' || live) return;
    live = true;
    if (holdsTickets(store)) readAgain();
  });
  const offEarly = onEarlyRead((address) => {
    // Taken during this dispatch: the refetch waits for that answer (RTK Query's delayed invalidation).
    if (live && isTicketRead(address)) queueMicrotask(readAgain);
  });
  return () => {
    offState();
    offEarly();
  };
}

/** One subscription per socket, however many components (the screen, the bell) ask for it. */
const running = new WeakMap<SocketClient, { users: number; stop: () => void }>();

function start(socket: SocketClient, store: AppStore): () => void {
  const live = createTicketLive(store);
  const offs = [
    socket.subscribe('ticket', live.onTicket),
    socket.subscribe('contact', live.onContact),
    socket.subscribe('presence', live.onPresence),
    socket.onReconnect(live.onReconnect),
    readAgainWhenLive(socket, store, live.onReconnect),
  ];
  return () => {
    for (const off of offs) off();
    live.stop();
  };
}

export function useTicketLive(): void {
  const socket = useSocket();
  const store = useStore() as AppStore;
  useEffect(() => {
    let entry = running.get(socket);
    if (!entry) {
      entry = { users: 0, stop: start(socket, store) };
      running.set(socket, entry);
    }
    entry.users += 1;
    const mine = entry;
    return () => {
      mine.users -= 1;
      if (mine.users === 0) {
        mine.stop();
        running.delete(socket);
      }
    };
  }, [socket, store]);
}
