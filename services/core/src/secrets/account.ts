import type { ChannelAccount } from '@conversa/contracts';
import { isSealed, type SecretBox } from './box';

/**
 * A Meta account's tokens (the user token, the page or system-user access token) are credentials for
 * Meta's Graph API: sealed before they are recorded, like the AI and Dialogflow keys, and opened only
 * where the Graph API is called. The ids stay readable (webhooks are routed by them).
 */
export const sealAccount = (box: SecretBox, account: ChannelAccount): ChannelAccount => ({
  ...account,
  facebookUserToken: account.facebookUserToken && box.seal(account.facebookUserToken),
  tokenMeta: account.tokenMeta && box.seal(account.tokenMeta),
});

/** The account with its tokens in clear; a token recorded before sealing existed is answered as it is. */
export const openAccount = (box: SecretBox, account: ChannelAccount): ChannelAccount => ({
  ...account,
  facebookUserToken: account.facebookUserToken && box.open(account.facebookUserToken),
  tokenMeta: account.tokenMeta && box.open(account.tokenMeta),
});

/** Whether a token of the account was recorded in clear (before tokens were sealed). */
export const holdsClearToken = (account: ChannelAccount | null): boolean =>
  [account?.facebookUserToken, account?.tokenMeta].some((token) => typeof token === 'string' && token !== '' && !isSealed(token));
