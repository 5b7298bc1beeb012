import { useEffect, useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { dashboardApi } from './api';
import { throttle } from './period';

/** Figures are read again at most this often while frames pour in. */
export const DASHBOARD_REFETCH_MS = 1500;

/**
 * Keeps the open dashboard (and the moments board) live: a `dashboard` frame says the company's
 * figures moved, a `ticket` frame that a ticket did; the figures are read again, throttled.
 */
export function useDashboardLive(): void {
  const dispatch = useDispatch();
  const refetch = useMemo(() => throttle(() => dispatch(dashboardApi.util.invalidateTags(['Dashboard'])), DASHBOARD_REFETCH_MS), [dispatch]);
  useEffect(() => () => refetch.cancel(), [refetch]);
  useSocketEvent('dashboard', refetch);
  useSocketReconnect(refetch);
}

export function useMomentsLive(): void {
  const dispatch = useDispatch();
  const refetch = useMemo(() => throttle(() => dispatch(dashboardApi.util.invalidateTags(['Moments'])), 500), [dispatch]);
  useEffect(() => () => refetch.cancel(), [refetch]);
  useSocketEvent('ticket', refetch);
  useSocketReconnect(refetch);
}
