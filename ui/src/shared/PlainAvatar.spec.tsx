import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/renderUi';
import { initials, PlainAvatar } from './PlainAvatar';

describe('the plain avatar', () => {
  it('shows the initials as Chakra did: first and last words, or the only one', () => {
    expect(initials('Ana Maria Souza')).toBe('AS');
    expect(initials(' Ana ')).toBe('A');
    renderUi(<PlainAvatar name="ana souza" data-testid="avatar" />);
    expect(screen.getByTestId('avatar')).toHaveTextContent('as');
    expect(screen.getByTestId('avatar').querySelector('img')).toBeNull();
  });

  it('swaps the initials for the picture once it loads, and back if a new one fails', () => {
    const { rerender } = renderUi(<PlainAvatar name="Ana Souza" src="/a.png" data-testid="avatar" />);
    const initialsEl = screen.getByText('AS');
    const image = screen.getByTestId('avatar').querySelector('img')!;
    expect(image).not.toBeVisible();
    expect(initialsEl).toBeVisible();
    fireEvent.load(image);
    expect(image).toBeVisible();
    expect(initialsEl).not.toBeVisible();
    rerender(<PlainAvatar name="Ana Souza" src="/b.png" data-testid="avatar" />);
    const next = screen.getByTestId('avatar').querySelector('img')!;
    expect(next).not.toBeVisible();
    fireEvent.error(next);
    expect(screen.getByText('AS')).toBeVisible();
  });
});
