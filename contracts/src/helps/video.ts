/**
 * A help entry's video: what the super user types, kept as typed, and what
 * the help-videos grid makes of it. Accepted: a YouTube video code ("dQw4w9WgXcQ", the classic form of the
 * field), a YouTube link (watch, youtu.be, embed, shorts), a Vimeo link, or an https link to a video file.
 */
export type HelpVideoSource =
  | { kind: 'youtube'; id: string; embedUrl: string; thumbnailUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string; thumbnailUrl: null }
  | { kind: 'file'; url: string; embedUrl: null; thumbnailUrl: null };

export const HELP_VIDEO_MAX_LENGTH = 500;

const YOUTUBE_CODE = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|mov|m4v)$/i;

const youtube = (id: string): HelpVideoSource => ({
  kind: 'youtube',
  id,
  embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
  thumbnailUrl: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`,
});

function youtubeIdOf(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  if (host === 'youtu.be') return url.pathname.split('/')[1] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' || kind === 'v' ? (id ?? null) : null;
}

/** Where the video plays from, or null when the text names no video this product can show. */
export function helpVideoSource(video: string): HelpVideoSource | null {
  const text = video.trim();
  if (YOUTUBE_CODE.test(text)) return youtube(text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // Plain http would be blocked as mixed content on an https deployment.
  if (url.protocol !== 'https:') return null;
  const youtubeId = youtubeIdOf(url);
  if (youtubeId !== null) return YOUTUBE_CODE.test(youtubeId) ? youtube(youtubeId) : null;
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.split('/').find((part) => /^\d+$/.test(part));
    return id ? { kind: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}`, thumbnailUrl: null } : null;
  }
  if (VIDEO_FILE.test(url.pathname)) return { kind: 'file', url: url.toString(), embedUrl: null, thumbnailUrl: null };
  return null;
}
