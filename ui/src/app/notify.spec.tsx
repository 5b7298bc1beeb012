import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/renderUi';
import { showErrorToast } from './notify';
import { AppToaster } from './toaster';

describe('the error toast', () => {
  it('shows the error code translated, the raw message for an unknown code, and the generic text without either', async () => {
    renderUi(<AppToaster />);
    await showErrorToast({ data: { error: 'ERR_NO_PERMISSION' } });
    expect(await screen.findByText('Você não tem permissão para acessar este recurso. Peça acesso a um administrador da sua empresa.')).toBeInTheDocument();
    await showErrorToast({ data: { error: 'ERR_SOMETHING_NEW', message: 'falhou lá' } });
    expect(await screen.findByText('falhou lá')).toBeInTheDocument();
    await showErrorToast(new Error('network'));
    expect(await screen.findAllByTestId('toast-error')).toHaveLength(3);
  });

  it('says to check the connection when the server could not be reached', async () => {
    renderUi(<AppToaster />);
    await showErrorToast({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    expect(await screen.findByText('Sem conexão com o servidor. Verifique sua internet e tente novamente.')).toBeInTheDocument();
  });
});

describe('the error texts', () => {
  it('load on their own (core and errors, not the rest) when a request fails before anything brought the rest', async () => {
    vi.resetModules();
    const texts = await import('../i18n/texts');
    expect([...texts.shownTexts().parts]).toEqual(['core']);
    expect(texts.isShownKey('errors.ERR_NO_PERMISSION')).toBe(false);
    expect(texts.isShownKey('errors.generic')).toBe(true);
    await texts.loadErrorTexts();
    expect([...texts.shownTexts().parts].sort()).toEqual(['core', 'errors']);
    expect(texts.isShownKey('errors.ERR_NO_PERMISSION')).toBe(true);
  });
});
