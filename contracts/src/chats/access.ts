/**
 * Who sees a chat: its members, and no one else (not even an admin of the company): every layer asks
 * this one rule — the HTTP reads (a chat or its media), and the edge for each `chat…` frame.
 */
export const isChatMember = (viewer: { userId: number }, members: readonly number[]): boolean => members.includes(viewer.userId);

/** Whether a socket entity is one of the internal chat's (`chat`, `chat-<id>`, `chat-user-<id>`). */
export const isChatEntity = (entity: string): boolean => entity === 'chat' || entity.startsWith('chat-');

/** A chat frame reaches a socket only when its user is in the frame's `audience` (the chat's members). */
export const chatFrameReaches = (viewer: { userId: number }, data: unknown): boolean => {
  const audience = (data as { audience?: unknown } | null)?.audience;
  return Array.isArray(audience) && audience.every((id) => typeof id === 'number') && isChatMember(viewer, audience as number[]);
};
