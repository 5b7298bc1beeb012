import { describe, expect, it, vi } from 'vitest';
import { AUDIO_RATE_STORAGE_KEY, nextAudioRate, rememberAudioRate, storedAudioRate } from './audioRate';
import { formatMessageText } from '../../shared/whatsappText';
import { FORWARD_PAUSE_MS, forwardInTurn } from './forward';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, pinchZoom, rotate, zoomIn, zoomOut } from './gallery';
import { estimateRowSize } from './MessageList';
import { message } from './fixtures';
import { parseVCard } from './vcard';

describe('image gallery', () => {
  it('zooms in steps of 0.2 within 1 to 3', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomIn(zoomIn(1))).toBe(1.4);
    expect(zoomOut(1.4)).toBe(1.2);
    expect(zoomOut(1)).toBe(MIN_ZOOM);
    let zoom = 1;
    for (let i = 0; i < 20; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(MAX_ZOOM);
    expect(clampZoom(0.3)).toBe(1);
  });

  it('pinches proportionally to the fingers distance, limited to 1 to 3', () => {
    expect(pinchZoom(1, 100, 150)).toBe(1.5);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1, 100, 900)).toBe(3);
    expect(pinchZoom(1.5, 0, 80)).toBe(1.5);
  });

  it('rotates in quarter turns', () => {
    expect(rotate(0)).toBe(90);
    expect(rotate(90)).toBe(180);
    expect(rotate(270)).toBe(0);
  });
});

describe('audio speed', () => {
  it('cycles 0.5, 1, 1.5, 2 and remembers the choice in browser storage', () => {
    expect(storedAudioRate()).toBe(1);
    expect(nextAudioRate(1)).toBe(1.5);
    expect(nextAudioRate(1.5)).toBe(2);
    expect(nextAudioRate(2)).toBe(0.5);
    expect(nextAudioRate(0.5)).toBe(1);
    rememberAudioRate(2);
    expect(localStorage.getItem(AUDIO_RATE_STORAGE_KEY)).toBe('2');
    expect(storedAudioRate()).toBe(2);
    localStorage.setItem(AUDIO_RATE_STORAGE_KEY, '7');
    expect(storedAudioRate()).toBe(1);
  });
});

describe('forwarding', () => {
  it('waits 900 ms between messages and carries on after a failure', async () => {
    vi.useFakeTimers();
    const sent: Array<{ id: string; at: number }> = [];
    const start = Date.now();
    const run = forwardInTurn(['a', 'b', 'c'], async (id) => {
      sent.push({ id, at: Date.now() - start });
      if (id === 'b') throw new Error('refused');
    });
    await vi.runAllTimersAsync();
    const result = await run;
    expect(result).toEqual({ sent: ['a', 'c'], failed: ['b'] });
    expect(sent.map((entry) => entry.at)).toEqual([0, FORWARD_PAUSE_MS, 2 * FORWARD_PAUSE_MS]);
  });
});

describe('contact cards', () => {
  it('reads the name and the WhatsApp id of a vCard', () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nN:;Maria Souza;;;\nFN:Maria Souza\nTEL;type=CELL;waid=5511987654321:+55 11 98765-4321\nEND:VCARD';
    expect(parseVCard(card)).toEqual({ name: 'Maria Souza', number: '5511987654321' });
  });

  it('falls back to N and the shown number, and refuses what is not a vCard', () => {
    expect(parseVCard('BEGIN:VCARD\r\nN:Souza;João\r\nTEL:+55 (21) 3456-7890\r\nEND:VCARD')).toEqual({ name: 'João Souza', number: '552134567890' });
    expect(parseVCard('olá')).toBeNull();
  });
});

describe('row size estimates', () => {
  it('grow with the text, reserve a picture box for images and room for a day separator', () => {
    const row = (overrides: Parameters<typeof message>[0], day: string | null = null) => ({
      key: 'a',
      item: { message: message(overrides), reactions: [] },
      day,
    });
    const short = estimateRowSize(row({ body: 'oi' }));
    expect(estimateRowSize(row({ body: 'x'.repeat(600) }))).toBeGreaterThan(short);
    expect(estimateRowSize(row({ mediaType: 'image', body: '' }))).toBeGreaterThan(200);
    // The day separator above the first message of a day.
    expect(estimateRowSize(row({ body: 'oi' }, '2026-11-21'))).toBe(short + 40);
  });
});

describe('message text', () => {
  it('makes links clickable and applies WhatsApp marks', () => {
    expect(formatMessageText('*Ana Souza*:\nVeja https://loja.test/p?id=1 _hoje_ ~não~ ```code```')).toEqual([
      { kind: 'bold', text: 'Ana Souza' },
      { kind: 'text', text: ':\nVeja ' },
      { kind: 'link', text: 'https://loja.test/p?id=1' },
      { kind: 'text', text: ' ' },
      { kind: 'italic', text: 'hoje' },
      { kind: 'text', text: ' ' },
      { kind: 'strike', text: 'não' },
      { kind: 'text', text: ' ' },
      { kind: 'mono', text: 'code' },
    ]);
  });

  it('leaves marks inside words and unclosed marks as they are', () => {
    expect(formatMessageText('2*3*4 e snake_case_name e *aberto')).toEqual([{ kind: 'text', text: '2*3*4 e snake_case_name e *aberto' }]);
  });
});
