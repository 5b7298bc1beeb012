import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import ProfileDialog from './ProfileDialog';

describe('profile dialog', () => {
  it('saves the fields, then uploads the chosen picture and puts it in the session', async () => {
    // jsdom's File is not Node's Blob: the preview URL is stood in for.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const signedIn = session();
    const me = signedIn.user;
    const { calls } = fakeServer({
      [`PUT /users/${me.id}`]: { status: 200, body: { ...me, name: 'Novo Nome' } },
      [`POST /users/${me.id}/media-upload`]: { status: 200, body: { ...me, profileImage: '/media/1/foto.png' } },
    });
    const Screen = () => <ProfileDialog open onClose={() => undefined} />;
    const routes: AppRoute[] = [{ id: 'profile', path: '/', access: 'private', frame: 'bare', component: Screen }];
    const { store } = renderApp({ routes, signedIn });
    const dialog = await screen.findByTestId('profile-dialog', {}, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByTestId('profile-image-input'), { target: { files: [new File(['png'], 'foto.png', { type: 'image/png' })] } });
    expect(await within(dialog).findByTestId('profile-image-preview')).toHaveAttribute('src', 'blob:preview');
    fireEvent.click(within(dialog).getByTestId('profile-save'));

    await waitFor(() => expect(store.getState().session.user?.profileImage).toBe('/media/1/foto.png'), { timeout: 5000 });
    const order = calls.filter((call) => call.path.startsWith(`/users/${me.id}`)).map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual([`PUT /users/${me.id}`, `POST /users/${me.id}/media-upload`]);
  });
});
