import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultCompanySettings, type HelpView } from '@conversa/contracts';
import { fakeServer, renderApp } from '../../test/harness';
import { session } from '../../test/fixtures';

const helpRow = (id: number, title: string, video: string, description = ''): HelpView => ({
  id,
  title,
  description,
  video,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const settingsList = Object.entries(defaultCompanySettings).map(([key, value]) => ({ key, value }));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('help videos grid (/helps)', { timeout: 60_000 }, () => {
  it('shows every user the cards; a card opens the video, Escape closes it', async () => {
    fakeServer({
      'GET /helps': {
        status: 200,
        body: [helpRow(1, 'Primeiros passos', 'dQw4w9WgXcQ', 'Como atender'), helpRow(2, 'Filas', 'https://cdn.example.com/filas.mp4')],
      },
    });
    renderApp({ path: '/helps', signedIn: session({ profile: 'user' }) });
    expect(await screen.findByTestId('help-card-1', {}, { timeout: 30_000 })).toHaveTextContent('Primeiros passos');
    expect(screen.getByTestId('help-card-1')).toHaveTextContent('Como atender');
    expect(screen.getByRole('img', { name: 'Primeiros passos' })).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg');
    expect(screen.getByTestId('menu-item-helps')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('help-card-open-1'));
    const player = await screen.findByTestId('help-video-player');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    fireEvent.keyDown(player, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('help-video-player')).not.toBeInTheDocument());

    fireEvent.click(screen.getByTestId('help-card-open-2'));
    const file = await screen.findByTestId('help-video-player');
    expect(file.tagName).toBe('VIDEO');
    expect(file).toHaveAttribute('src', 'https://cdn.example.com/filas.mp4');
  });

  it('says so when there are no videos', async () => {
    fakeServer({ 'GET /helps': { status: 200, body: [] } });
    renderApp({ path: '/helps', signedIn: session({ profile: 'user' }) });
    expect(await screen.findByTestId('helps-empty', {}, { timeout: 30_000 })).toHaveTextContent('Nenhum vídeo de ajuda disponível.');
  });
});

describe('helps tab of the settings (super user)', { timeout: 60_000 }, () => {
  it('is not offered to a company admin', async () => {
    fakeServer({ 'GET /settings': { status: 200, body: settingsList } });
    renderApp({ path: '/settings', signedIn: session({ profile: 'admin' }) });
    await screen.findByTestId('settings-tab-options', {}, { timeout: 30_000 });
    for (const tab of ['companies', 'plans', 'helps']) expect(screen.queryByTestId(`settings-tab-${tab}`)).not.toBeInTheDocument();
  });

  it('refuses an entry without a playable video, then saves it', async () => {
    const { calls } = fakeServer({
      'GET /settings': { status: 200, body: settingsList },
      'GET /helps/list': { status: 200, body: [] },
      'POST /helps': async (request) => ({ status: 201, body: { ...helpRow(9, '', ''), ...((await request.json()) as object) } }),
    });
    renderApp({ path: '/settings', signedIn: session({ profile: 'admin', super: true }) });
    fireEvent.click(await screen.findByTestId('settings-tab-helps', {}, { timeout: 30_000 }));
    fireEvent.click(await screen.findByTestId('help-add', {}, { timeout: 30_000 }));
    type('help-field-title', 'Campanhas');
    type('help-field-video', 'https://example.com/pagina');
    fireEvent.click(screen.getByTestId('help-save'));
    expect(await screen.findByTestId('help-field-video-error')).toHaveTextContent('Vídeo inválido');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    type('help-field-video', 'https://youtu.be/dQw4w9WgXcQ');
    type('help-field-description', 'Envio em massa');
    fireEvent.click(screen.getByTestId('help-save'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        title: 'Campanhas',
        description: 'Envio em massa',
        video: 'https://youtu.be/dQw4w9WgXcQ',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('help-dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Operação realizada com sucesso!')).toBeInTheDocument();
  });

  it('shows the spec 2 §8 helps text when the save fails, and keeps the dialog open', async () => {
    const saved = helpRow(4, 'Etiquetas', 'dQw4w9WgXcQ');
    const { calls } = fakeServer({
      'GET /settings': { status: 200, body: settingsList },
      'GET /helps/list': { status: 200, body: [saved] },
      'PUT /helps/4': { status: 400, body: { error: 'ERR_VALIDATION', message: 'title: Obrigatório' } },
    });
    renderApp({ path: '/settings', signedIn: session({ profile: 'admin', super: true }) });
    fireEvent.click(await screen.findByTestId('settings-tab-helps', {}, { timeout: 30_000 }));
    fireEvent.click(await screen.findByTestId('help-edit-4', {}, { timeout: 30_000 }));
    expect(screen.getByTestId('help-field-title')).toHaveValue('Etiquetas');
    type('help-field-title', 'Etiquetas e tags');
    fireEvent.click(screen.getByTestId('help-save'));
    expect(
      await screen.findByText(
        'Não foi possível realizar a operação. Verifique se já existe uma helpo com o mesmo nome ou se os campos foram preenchidos corretamente',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ title: 'Etiquetas e tags', description: '', video: 'dQw4w9WgXcQ' });
    expect(screen.getByTestId('help-dialog')).toBeInTheDocument();
  });
});
