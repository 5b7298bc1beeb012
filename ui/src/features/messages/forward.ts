/** Forwarding pauses 900 ms between messages and carries on with the next after a failure. */
export const FORWARD_PAUSE_MS = 900;

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function forwardInTurn(
  messageIds: readonly string[],
  forwardOne: (messageId: string) => Promise<unknown>,
  pause: (ms: number) => Promise<void> = wait,
): Promise<{ sent: string[]; failed: string[] }> {
  const sent: string[] = [];
  const failed: string[] = [];
  for (const [index, messageId] of messageIds.entries()) {
    if (index > 0) await pause(FORWARD_PAUSE_MS);
    try {
      await forwardOne(messageId);
      sent.push(messageId);
    } catch {
      failed.push(messageId);
    }
  }
  return { sent, failed };
}
