import { ATTENTION_STATUSES, IMPORT_CLOSE_BUTTON, IMPORT_PREPARING_WINDOW_MS, type ConnectionChannel, type PlanFlags } from '@conversa/contracts';
import type { MessageKey } from '../../i18n';
import type { Connection } from './api';

/** The warning about connections needing attention shows after 2 s. */
export const ATTENTION_WARNING_DELAY_MS = 2000;

/** The new-connection menu: each channel needs its plan flag; the sandbox is on every plan. */
export const NEW_CONNECTION_CHANNELS: ReadonlyArray<{ channel: ConnectionChannel; flag: keyof PlanFlags | null; label: MessageKey }> = [
  { channel: 'whatsapp', flag: 'useWhatsapp', label: 'connections.channel.whatsapp' },
  { channel: 'whatsappapi', flag: 'useWhatsapp', label: 'connections.channel.whatsappapi' },
  { channel: 'facebook', flag: 'useFacebook', label: 'connections.channel.facebook' },
  { channel: 'instagram', flag: 'useInstagram', label: 'connections.channel.instagram' },
  { channel: 'sandbox', flag: null, label: 'connections.channel.sandbox' },
];

export const statusPalette: Record<Connection['status'], string> = {
  CONNECTED: 'green',
  qrcode: 'blue',
  OPENING: 'gray',
  PAIRING: 'orange',
  TIMEOUT: 'orange',
  DISCONNECTED: 'red',
};

export const needsAttention = (connection: Pick<Connection, 'status'>) => ATTENTION_STATUSES.includes(connection.status);

/** The import's 'preparing' window, the close button, or live progress. */
export function importState(connection: Pick<Connection, 'statusImportMessages' | 'importProgress'>, now: number) {
  const status = connection.statusImportMessages;
  if (status === IMPORT_CLOSE_BUTTON) return { kind: 'finished' as const };
  if (status && /^\d+$/.test(status)) {
    const progress = connection.importProgress;
    if (progress && progress.all > 0)
      return { kind: 'progress' as const, ...progress, percent: Math.min(100, Math.floor((progress.this / progress.all) * 100)) };
    if (now - Number(status) < IMPORT_PREPARING_WINDOW_MS || !progress || progress.all === -1) return { kind: 'preparing' as const };
  }
  return { kind: 'none' as const };
}

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
