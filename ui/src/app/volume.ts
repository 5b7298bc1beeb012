import { readStorage, storageKeys, writeStorage } from './storage';

/** Notification sound volume, 0 to 1 in steps of 0.1, kept in this browser. */
export const VOLUME_STEP = 0.1;

export const readVolume = (): number => {
  const stored = Number(readStorage(storageKeys.volume));
  if (readStorage(storageKeys.volume) === null || !Number.isFinite(stored)) return 1;
  return Math.min(1, Math.max(0, Math.round(stored * 10) / 10));
};

export const writeVolume = (volume: number): void => writeStorage(storageKeys.volume, String(Math.round(volume * 10) / 10));
