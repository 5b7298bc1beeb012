import { readVolume } from '../../app/volume';

/**
 * The notification sound (the bell): a short two-note chime synthesised with Web Audio, so no audio
 * file ships, played at the volume chosen in the top bar (0 to 1, kept in this browser).
 */
let context: AudioContext | null = null;

export function playNotificationSound(volume = readVolume()): void {
  if (volume <= 0 || typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
  try {
    context ??= new window.AudioContext();
    const audio = context;
    const start = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.4 * volume), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    for (const [frequency, offset] of [
      [880, 0],
      [1318.5, 0.12],
    ] as const) {
      const tone = audio.createOscillator();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(frequency, start + offset);
      tone.connect(gain);
      tone.start(start + offset);
      tone.stop(start + 0.45);
    }
  } catch {
    // A browser that refuses audio before the first user gesture just stays silent.
  }
}
