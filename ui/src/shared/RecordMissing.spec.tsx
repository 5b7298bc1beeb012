import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../app/access';
import { session } from '../test/fixtures';
import { fakeServer, renderApp } from '../test/harness';
import { RecordMissing } from './RecordMissing';

function show(error: unknown, onRetry?: () => void) {
  fakeServer({});
  const Screen = () => <RecordMissing error={error} back={{ to: '/campaigns', label: 'campaignReport.back' }} onRetry={onRetry} />;
  const routes: AppRoute[] = [{ id: 'missing', path: '/', access: 'private', frame: 'bare', component: Screen }];
  renderApp({ routes, signedIn: session() });
}

describe('a record the address names that cannot be shown', () => {
  it('says it was not found, why that may be, and links back to its list', async () => {
    show({ status: 404, data: { error: 'ERR_NOT_FOUND', message: 'Not found.' } });
    const state = await screen.findByTestId('record-missing');
    expect(state).toHaveAttribute('data-reason', 'missing');
    expect(state).toHaveTextContent('Registro não encontrado');
    expect(state).toHaveTextContent('Ele pode ter sido excluído, ou o endereço está errado.');
    expect(screen.getByTestId('record-missing-back')).toHaveAttribute('href', '/campaigns');
    expect(screen.getByTestId('record-missing-back')).toHaveTextContent('Voltar às campanhas');
    expect(screen.queryByTestId('record-missing-retry')).toBeNull();
  });

  it('tells a failure to read apart, with a retry beside the way back', async () => {
    const retry = vi.fn();
    show({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, retry);
    const state = await screen.findByTestId('record-missing');
    expect(state).toHaveAttribute('data-reason', 'failed');
    expect(state).toHaveTextContent('O servidor não respondeu. Verifique sua conexão e tente novamente.');
    fireEvent.click(screen.getByTestId('record-missing-retry'));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByTestId('record-missing-back')).toHaveAttribute('href', '/campaigns');
  });
});
