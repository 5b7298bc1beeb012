import { createHmac } from 'node:crypto';

/**
 * Reset codes without storing them: the code is derived from the reset's id with the server's secret (so the
 * sender reactor can compute it again after a crash), and the log keeps only another keyed hash of it.
 */
export interface ResetCodes {
  codeOf(resetId: string): string;
  hashOf(resetId: string, code: string): string;
}

export function createResetCodes(secret: string): ResetCodes {
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest();
  return {
    codeOf(resetId) {
      // 6 digits from the first 4 bytes; the modulo bias over 2^32 is negligible.
      return String(mac(`code:${resetId}`).readUInt32BE(0) % 1_000_000).padStart(6, '0');
    },
    hashOf(resetId, code) {
      return mac(`hash:${resetId}:${code}`).toString('hex');
    },
  };
}
