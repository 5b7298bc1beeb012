import { readStorage, writeStorage } from '../../app/storage';

/** Playback speeds, remembered in browser storage (audioMessageRate). */
export const AUDIO_RATES = [0.5, 1, 1.5, 2] as const;
export const AUDIO_RATE_STORAGE_KEY = 'audioMessageRate';

export function storedAudioRate(): number {
  const stored = Number(readStorage(AUDIO_RATE_STORAGE_KEY));
  return (AUDIO_RATES as readonly number[]).includes(stored) ? stored : 1;
}

/** The speed after `current` in the cycle 0.5 → 1 → 1.5 → 2 → 0.5. */
export function nextAudioRate(current: number): number {
  const index = (AUDIO_RATES as readonly number[]).indexOf(current);
  return AUDIO_RATES[(index + 1) % AUDIO_RATES.length]!;
}

export function rememberAudioRate(rate: number): void {
  writeStorage(AUDIO_RATE_STORAGE_KEY, String(rate));
}
