import { describe, expect, it } from 'vitest';
import { announcementRequestOf, emptyAnnouncementForm, isAcceptedImage, priorityPalette, validateAnnouncementForm } from './announcementForm';

describe('announcement form', () => {
  it('starts at priority 3, active, and requires title and text', () => {
    expect(emptyAnnouncementForm()).toMatchObject({ priority: '3', status: true });
    expect(validateAnnouncementForm(emptyAnnouncementForm())).toEqual({
      title: 'announcements.validation.required',
      text: 'announcements.validation.required',
    });
    expect(announcementRequestOf({ title: ' A ', text: ' B ', priority: '1', status: false })).toEqual({ title: 'A', text: 'B', priority: 1, status: false });
  });

  it('accepts png, jpg and jpeg only, and paints priorities red, orange, grey', () => {
    expect(isAcceptedImage(new File(['x'], 'a.png', { type: 'image/png' }))).toBe(true);
    expect(isAcceptedImage(new File(['x'], 'a.JPG', { type: 'image/jpeg' }))).toBe(true);
    expect(isAcceptedImage(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(false);
    expect([1, 2, 3].map(priorityPalette)).toEqual(['red', 'orange', 'gray']);
  });
});
