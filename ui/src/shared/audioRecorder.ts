/**
 * Voice notes: recorded from the microphone and encoded to MP3 at 128 kbps with lamejs in the
 * browser; a recording under 10000 bytes is discarded (a slip of the finger, not a message).
 */
export const AUDIO_KBPS = 128;
export const MIN_AUDIO_BYTES = 10_000;

export const isRecordingKept = (recording: Blob): boolean => recording.size >= MIN_AUDIO_BYTES;

type Encoder = { encodeBuffer(left: Int16Array): Uint8Array; flush(): Uint8Array };

/** PCM in (Web Audio floats, mono), MP3 frames out. */
export class Mp3Chunks {
  private readonly chunks: Uint8Array[] = [];

  constructor(private readonly encoder: Encoder) {}

  static async create(sampleRate: number): Promise<Mp3Chunks> {
    const { Mp3Encoder } = await import('@breezystack/lamejs');
    return new Mp3Chunks(new Mp3Encoder(1, sampleRate, AUDIO_KBPS));
  }

  push(samples: Float32Array): void {
    const pcm = new Int16Array(samples.length);
    for (let i = 0; i < samples.length; i++) {
      const sample = Math.max(-1, Math.min(1, samples[i]!));
      pcm[i] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
    }
    const frame = this.encoder.encodeBuffer(pcm);
    if (frame.length > 0) this.chunks.push(new Uint8Array(frame));
  }

  finish(): Blob {
    const tail = this.encoder.flush();
    if (tail.length > 0) this.chunks.push(new Uint8Array(tail));
    return new Blob(this.chunks as BlobPart[], { type: 'audio/mpeg' });
  }
}

export interface ActiveRecording {
  /** Stops the microphone and answers the MP3, or null when it is too short to keep. */
  stop(): Promise<Blob | null>;
  /** Stops the microphone and throws the recording away. */
  cancel(): void;
}

/** Opens the microphone (errors go to the caller, which sends them to the generic handler). */
export async function startRecording(): Promise<ActiveRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  const encoder = await Mp3Chunks.create(context.sampleRate);
  // ScriptProcessor is deprecated but runs everywhere without a separate worklet module; 4096 frames ≈ 90 ms.
  const processor = context.createScriptProcessor(4096, 1, 1);
  processor.onaudioprocess = (event) => encoder.push(event.inputBuffer.getChannelData(0));
  source.connect(processor);
  processor.connect(context.destination);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    for (const track of stream.getTracks()) track.stop();
    context.close().catch(() => undefined);
  };
  return {
    async stop() {
      release();
      const recording = encoder.finish();
      return isRecordingKept(recording) ? recording : null;
    },
    cancel: release,
  };
}
