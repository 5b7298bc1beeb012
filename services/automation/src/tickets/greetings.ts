import { ATTENDANT_MESSAGE_EVENTS, postAttendantMessage, type CommandContext } from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/platform';

/**
 * The attendant's greeting on accept and farewell on close, as side effects of the ticket events
 * (requests only record the change). One reactor for both, in log order, so a ticket accepted and
 * closed in quick succession greets before it says goodbye. Each message's id derives from its
 * event: a batch handled again after a crash queues nothing twice.
 */
export function createAttendantGreetingsReactor(ctx: CommandContext): Projector {
  return defineReactor({
    name: 'attendant-greetings',
    eventTypes: [...ATTENDANT_MESSAGE_EVENTS],
    // Greetings were posted by the ticket route until this reactor took them over: deployed on a
    // database with history, it must not greet the accepts (nor say the farewells) already answered.
    startFrom: 'now',
    async react(events) {
      for (const event of events) await postAttendantMessage(ctx, event);
    },
  });
}
