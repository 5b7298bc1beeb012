/**
 * What a message's text shows: links made clickable and WhatsApp's own marks (*bold*, _italic_, ~strike~,
 * ```monospace```) applied, as the contact sees them on the phone. Never HTML: the parts are rendered as text.
 */
export type TextPart = { kind: 'text' | 'bold' | 'italic' | 'strike' | 'mono'; text: string } | { kind: 'link'; text: string };

const LINK = /https?:\/\/[^\s<>"']+/gi;
/** A mark opens after a start or a non-word character and closes before an end or a non-word character. */
const MARK = /(^|[^\p{L}\p{N}])(```([^`]+)```|\*([^*\n]+)\*|_([^_\n]+)_|~([^~\n]+)~)(?=$|[^\p{L}\p{N}])/gu;

function marks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    if (match[3] !== undefined) parts.push({ kind: 'mono', text: match[3] });
    else if (match[4] !== undefined) parts.push({ kind: 'bold', text: match[4] });
    else if (match[5] !== undefined) parts.push({ kind: 'italic', text: match[5] });
    else parts.push({ kind: 'strike', text: match[6]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

export function formatMessageText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push(...marks(text.slice(last, match.index)));
    parts.push({ kind: 'link', text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(...marks(text.slice(last)));
  return parts;
}

/** The bot marks its messages with an invisible left-to-right mark (services/core routing texts). */
const INVISIBLE_MARKS = /[\u200e\u200f]/g;

/**
 * A message as a one-line preview (ticket rows, chats, notifications, kanban cards, reports): WhatsApp's
 * marks are dropped rather than shown as raw `*` `_` `~` and backticks, and line breaks become spaces.
 */
export function messagePreview(text: string): string {
  const plain = formatMessageText(text.replace(INVISIBLE_MARKS, ''))
    .map((part) => part.text)
    .join('');
  return plain.replace(/\s+/g, ' ').trim();
}
