import { describe, expect, it } from 'vitest';
import { helpVideoSource } from './video';

describe('help video sources', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [' dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('plays %s from YouTube', (video, id) => {
    expect(helpVideoSource(video)).toEqual({
      kind: 'youtube',
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`,
    });
  });

  it('plays Vimeo links in its player', () => {
    expect(helpVideoSource('https://vimeo.com/76979871')).toMatchObject({ kind: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871' });
    expect(helpVideoSource('https://player.vimeo.com/video/76979871?h=1')).toMatchObject({ kind: 'vimeo', id: '76979871' });
  });

  it('plays https video files directly', () => {
    expect(helpVideoSource('https://cdn.example.com/help/filas.MP4?v=2')).toEqual({
      kind: 'file',
      url: 'https://cdn.example.com/help/filas.MP4?v=2',
      embedUrl: null,
      thumbnailUrl: null,
    });
  });

  it.each([
    '',
    'abc',
    'dQw4w9WgXc!',
    'http://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://vimeo.com/about',
    'https://example.com/page',
    'javascript:alert(1)',
    'ftp://example.com/a.mp4',
  ])('names no playable video in %j', (video) => {
    expect(helpVideoSource(video)).toBeNull();
  });
});
