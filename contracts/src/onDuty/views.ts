import type { OnDutyDay } from './events';

/** An on-duty entry as GET /plantao answers it and the `onDuty` frames carry it. */
export interface OnDutyView {
  id: number;
  companyId: number;
  userId: number;
  /** The attendant's name ('' when the user was deleted). */
  userName: string;
  user: { id: number; name: string } | null;
  phone: string;
  interval: number;
  days: OnDutyDay[];
  createdAt: string;
  updatedAt: string;
}

/** The `onDuty` frame: an entry created or changed, or the id of one deleted. */
export type OnDutyFrame = { action: 'create' | 'update'; onDuty: OnDutyView } | { action: 'delete'; onDutyId: number };
