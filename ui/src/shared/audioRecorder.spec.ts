import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_KBPS, isRecordingKept, MIN_AUDIO_BYTES, Mp3Chunks } from './audioRecorder';

const SAMPLE_RATE = 44_100;

/** A 440 Hz tone: lame cannot squeeze it below the constant bit rate. */
function tone(seconds: number): Float32Array {
  const samples = new Float32Array(Math.round(SAMPLE_RATE * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE);
  return samples;
}

async function encode(seconds: number): Promise<Blob> {
  const chunks = await Mp3Chunks.create(SAMPLE_RATE);
  const samples = tone(seconds);
  // The recorder hands over 4096-frame buffers.
  for (let at = 0; at < samples.length; at += 4096) chunks.push(samples.subarray(at, at + 4096));
  return chunks.finish();
}

describe('voice notes', () => {
  let oneSecond: Blob;
  beforeAll(async () => {
    oneSecond = await encode(1);
  });

  it('are MP3 at 128 kbps', async () => {
    const mp3 = new Uint8Array(await oneSecond.arrayBuffer());
    const frame = mp3.findIndex((byte, index) => byte === 0xff && ((mp3[index + 1] ?? 0) & 0xe0) === 0xe0);
    expect(frame).toBeGreaterThanOrEqual(0);
    const header = mp3.subarray(frame, frame + 4);
    // MPEG-1 (bits 11) Layer III (bits 01).
    expect((header[1]! >> 3) & 0b11).toBe(0b11);
    expect((header[1]! >> 1) & 0b11).toBe(0b01);
    // MPEG-1 Layer III bit-rate index 9 is 128 kbps.
    expect(header[2]! >> 4).toBe(9);
    expect(AUDIO_KBPS).toBe(128);
  });

  it('under 10000 bytes are discarded, longer ones kept', async () => {
    const short = await encode(0.3);
    const long = oneSecond;
    expect(MIN_AUDIO_BYTES).toBe(10_000);
    expect(short.size).toBeLessThan(MIN_AUDIO_BYTES);
    expect(isRecordingKept(short)).toBe(false);
    expect(long.size).toBeGreaterThan(MIN_AUDIO_BYTES);
    expect(isRecordingKept(long)).toBe(true);
    expect(long.type).toBe('audio/mpeg');
    expect(isRecordingKept(new Blob([new Uint8Array(9_999)]))).toBe(false);
    expect(isRecordingKept(new Blob([new Uint8Array(10_000)]))).toBe(true);
  });
});
