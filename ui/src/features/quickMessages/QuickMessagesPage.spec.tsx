import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import type { QuickMessage } from './api';

const record = (id: number, overrides: Partial<QuickMessage> = {}): QuickMessage => ({
  id,
  companyId: 1,
  userId: 1,
  shortcode: `atalho${id}`,
  message: 'Olá, tudo bem?',
  geral: false,
  status: true,
  isCategory: false,
  categoryId: null,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

describe('quick replies screen', () => {
  it('shows file names and the general check, and offers a plain user changes only to their own non-general replies', async () => {
    const me = session({ profile: 'user' });
    fakeServer({
      'GET /quick-messages': {
        status: 200,
        body: {
          records: [
            record(1, { userId: me.user.id }),
            record(2, { geral: true, userId: 99 }),
            record(3, { userId: me.user.id, message: '', mediaName: 'catalogo.pdf', mediaPath: '/media/x' }),
          ],
          count: 3,
          hasMore: false,
        },
      },
    });
    renderApp({ path: '/quick-messages', signedIn: me });
    expect(await screen.findByTestId('quick-message-row-1', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('quick-message-label-3')).toHaveTextContent('catalogo.pdf');
    expect(screen.getByTestId('quick-message-geral-2')).toBeInTheDocument();
    expect(screen.queryByTestId('quick-message-geral-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('quick-message-edit-1')).toBeInTheDocument();
    expect(screen.queryByTestId('quick-message-edit-2')).not.toBeInTheDocument();
    expect(screen.queryByTestId('quick-message-delete-2')).not.toBeInTheDocument();
  });

  it('refuses a blank shortcode, then saves the reply in its category and uploads the chosen file', async () => {
    const created = record(7, { shortcode: 'catalogo', categoryId: 4 });
    const { calls, fetchMock } = fakeServer({
      'GET /quick-messages': { status: 200, body: { records: [], count: 0, hasMore: false } },
      'GET /quick-messages/categoriesMessages': { status: 200, body: [record(4, { shortcode: 'Vendas', isCategory: true })] },
      'POST /quick-messages': { status: 200, body: created },
      'POST /quick-messages/7/media-upload': { status: 200, body: { ...created, mediaName: 'catalogo.pdf', mediaPath: '/media/c' } },
    });
    renderApp({ path: '/quick-messages', signedIn: session() });
    fireEvent.click(await screen.findByTestId('quick-message-add', {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId('quick-message-dialog', {}, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByTestId('quick-message-save'));
    expect(await within(dialog).findByText('Obrigatório')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByTestId('quick-message-shortcode'), { target: { value: ' catalogo ' } });
    fireEvent.change(within(dialog).getByTestId('quick-message-message'), { target: { value: 'Segue o catálogo' } });
    const category = within(dialog).getByTestId('quick-message-category');
    await waitFor(() => expect(category.querySelectorAll('option')).toHaveLength(2));
    fireEvent.change(category, { target: { value: '4' } });
    const file = new File(['%PDF-1.4'], 'catalogo.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByTestId('quick-message-file'), { target: { files: [file] } });
    expect(within(dialog).getByTestId('quick-message-media-name')).toHaveTextContent('catalogo.pdf');
    fireEvent.click(within(dialog).getByTestId('quick-message-save'));

    // The fake server reads JSON bodies only; the multipart request is checked as fetch received it.
    const upload = async () => {
      for (const [input, init] of fetchMock.mock.calls) {
        const request = input instanceof Request ? input : new Request(input, init);
        if (request.url.endsWith('/quick-messages/7/media-upload')) return request.formData();
      }
      throw new Error('no upload yet');
    };
    const form = await waitFor(upload, { timeout: 5000 });
    // jsdom's File does not survive Node's FormData (it arrives as text): the browser flow checks the bytes.
    expect(form.has('file')).toBe(true);
    expect(form.get('typeArch')).toBe('quickMessage');
    expect(calls.find((call) => call.method === 'POST' && call.path === '/quick-messages')?.body).toEqual({
      shortcode: 'catalogo',
      message: 'Segue o catálogo',
      isCategory: false,
      categoryId: 4,
      geral: false,
    });
  });
});
