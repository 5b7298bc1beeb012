import type { OptOutEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { phoneKey } from '../contacts/number';

/** The numbers a company's campaigns no longer reach (stream `campaignoptouts-<companyId>`), by phone key. */
export type OptOuts = Set<string>;

/** `digest`: the number's (NumberDigest of its phone key), what an erasure of the number finds the opt-out by. */
export type OptOutCommand = { type: 'OptOutContact'; number: string; word: string; digest?: string };

/**
 * A company's campaign opt-outs: a contact's opt-out word records its number once, for good. A number
 * already out (the same reply handled again, or a second word) records nothing. `evolve` adds to the
 * set it is given, as the shippings' does.
 */
export const campaignOptOuts: Decider<OptOuts, OptOutCommand, OptOutEvent> = {
  initialState: () => new Set(),
  evolve(state, event) {
    state.add(phoneKey(event.data.number));
    return state;
  },
  decide(state, command) {
    if (state.has(phoneKey(command.number))) return [];
    const digest = command.digest ? { digest: command.digest } : {};
    return [{ type: 'CampaignContactOptedOut', data: { number: command.number, word: command.word, ...digest } }];
  },
};
