import type { OnDutyFrame, OnDutyView } from '@conversa/contracts';
import { useStore } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { AppStore } from '../../app/store';
import { onDutyApi } from './api';

/** The list after an `onDuty` frame: a deleted entry leaves; a created or changed one takes its place, in id order. */
export function applyOnDutyFrame(list: readonly OnDutyView[], frame: OnDutyFrame): OnDutyView[] {
  if (frame.action === 'delete') return list.filter((entry) => entry.id !== frame.onDutyId);
  const entry = frame.onDuty;
  if (!entry || typeof entry.id !== 'number') return [...list];
  return [...list.filter((row) => row.id !== entry.id), entry].sort((a, b) => a.id - b.id);
}

/** Keeps the on-duty list current with `onDuty` frames; after a lost connection it is read again. */
export function useOnDutyFrames(): void {
  const store = useStore() as AppStore;
  useSocketEvent('onDuty', (frame) => {
    store.dispatch(onDutyApi.util.updateQueryData('onDutyList', undefined, (draft) => applyOnDutyFrame(draft, frame)));
  });
  useSocketReconnect(() => store.dispatch(onDutyApi.util.invalidateTags(['OnDuty'])));
}
