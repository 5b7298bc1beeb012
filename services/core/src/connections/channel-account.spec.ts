import type { ChannelAccountEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { channelAccount } from './channel-account';

const id = { channel: 'whatsappapi', accountId: '106540352242922' } as const;
const claimed = (connectionId: number): ChannelAccountEvent => ({ type: 'ChannelAccountClaimed', data: { ...id, connectionId } });
const released = (connectionId: number): ChannelAccountEvent => ({ type: 'ChannelAccountReleased', data: { ...id, connectionId } });

describe('channel account claim', () => {
  it('goes to the first connection that claims it; its own claim again changes nothing', () => {
    spec(channelAccount)
      .given([])
      .when({ type: 'ClaimChannelAccount', ...id, connectionId: 7 })
      .then([claimed(7)]);
    spec(channelAccount)
      .given([claimed(7)])
      .when({ type: 'ClaimChannelAccount', ...id, connectionId: 7 })
      .then([]);
  });

  it('refuses another connection while the owner holds it, unless the caller saw that owner deleted', () => {
    spec(channelAccount)
      .given([claimed(7)])
      .when({ type: 'ClaimChannelAccount', ...id, connectionId: 8 })
      .thenThrows('ERR_CHANNEL_ALREADY_CONNECTED');
    // A stale sighting (another owner since) takes nothing over.
    spec(channelAccount)
      .given([claimed(7)])
      .when({ type: 'ClaimChannelAccount', ...id, connectionId: 8, goneOwnerId: 6 })
      .thenThrows('ERR_CHANNEL_ALREADY_CONNECTED');
    spec(channelAccount)
      .given([claimed(7)])
      .when({ type: 'ClaimChannelAccount', ...id, connectionId: 8, goneOwnerId: 7 })
      .then([released(7), claimed(8)]);
  });

  it('is released only by its owner, then free for another', () => {
    spec(channelAccount)
      .given([claimed(7)])
      .when({ type: 'ReleaseChannelAccount', ...id, connectionId: 8 })
      .then([]);
    spec(channelAccount)
      .given([claimed(7)])
      .when({ type: 'ReleaseChannelAccount', ...id, connectionId: 7 })
      .then([released(7)]);
    spec(channelAccount)
      .given([claimed(7), released(7)])
      .when({ type: 'ClaimChannelAccount', ...id, connectionId: 8 })
      .then([claimed(8)]);
  });
});
