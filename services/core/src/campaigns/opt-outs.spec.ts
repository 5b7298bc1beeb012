import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { campaignOptOuts } from './opt-outs';

describe('campaign opt-outs decider', () => {
  it('records a number once, whatever form it was written in', () => {
    spec(campaignOptOuts)
      .given([])
      .when({ type: 'OptOutContact', number: '5511987654321', word: 'SAIR' })
      .then([{ type: 'CampaignContactOptedOut', data: { number: '5511987654321', word: 'SAIR' } }]);
    spec(campaignOptOuts)
      .given([{ type: 'CampaignContactOptedOut', data: { number: '5511987654321', word: 'SAIR' } }])
      .when({ type: 'OptOutContact', number: '5511987654321', word: 'STOP' })
      .then([]);
    // A Brazilian mobile without its 9th digit is the same phone.
    spec(campaignOptOuts)
      .given([{ type: 'CampaignContactOptedOut', data: { number: '5511987654321', word: 'SAIR' } }])
      .when({ type: 'OptOutContact', number: '551187654321', word: 'SAIR' })
      .then([]);
  });
});
