import { defaultCampaignSettings, type CampaignSettingsValues } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

type SettingsEvent = { type: 'CampaignSettingsSaved'; data: CampaignSettingsValues };

/** A company's campaign settings (intervals, variables, opt-out words, send window); a save with nothing new writes nothing. */
export const campaignSettings: Decider<CampaignSettingsValues, { type: 'SaveCampaignSettings'; values: CampaignSettingsValues }, SettingsEvent> = {
  initialState: () => defaultCampaignSettings,
  evolve: (_state, event) => event.data,
  decide: (state, command) => (JSON.stringify(state) === JSON.stringify(command.values) ? [] : [{ type: 'CampaignSettingsSaved', data: command.values }]),
};
