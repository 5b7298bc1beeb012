import type { CampaignFrame, CampaignPage } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { campaignsApi } from './api';

/** The loaded campaigns (newest first) after a `campaign` frame: deleted ones leave, others are replaced or, when new, put first. */
export function applyCampaignFrame(page: CampaignPage, event: CampaignFrame, searchParam: string): CampaignPage {
  if (event.action === 'delete') return { ...page, records: page.records.filter((row) => row.id !== event.id) };
  const record = 'record' in event ? event.record : undefined;
  if (!record || typeof record.id !== 'number') return page;
  const matches = record.name.toLowerCase().includes(searchParam.trim().toLowerCase());
  const others = page.records.filter((row) => row.id !== record.id);
  if (!matches) return { ...page, records: others };
  if (others.length === page.records.length) return { ...page, records: [record, ...others].sort((a, b) => b.id - a.id) };
  return { ...page, records: page.records.map((row) => (row.id === record.id ? record : row)) };
}

/** Keeps the campaigns table and each open report current with the company's `campaign` frames (status and counts move as messages go out). */
export function useCampaignFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('campaign', (frame) => {
    const state = store.getState() as unknown as Parameters<typeof campaignsApi.util.selectCachedArgsForQuery>[0];
    for (const args of campaignsApi.util.selectCachedArgsForQuery(state, 'campaignPage')) {
      store.dispatch(campaignsApi.util.updateQueryData('campaignPage', args, (draft) => applyCampaignFrame(draft, frame, args.searchParam)));
    }
    if (frame.action !== 'delete') store.dispatch(campaignsApi.util.updateQueryData('campaign', frame.record.id, () => frame.record));
  });
  useSocketReconnect(() => store.dispatch(campaignsApi.util.invalidateTags(['Campaigns'])));
}
