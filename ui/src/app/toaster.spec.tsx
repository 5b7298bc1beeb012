import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/renderUi';
import { AppToaster, toaster } from './toaster';

describe('the toast area, loaded with the first toast', () => {
  it('shows a toast raised before it mounted', async () => {
    toaster.create({ type: 'success', title: 'antes' });
    renderUi(<AppToaster />);
    expect(await screen.findByText('antes')).toBeInTheDocument();
  });

  it('shows a toast raised outside any React event (a store or socket callback), and the ones after it', async () => {
    renderUi(<AppToaster />);
    expect(screen.queryByTestId('toast-error')).not.toBeInTheDocument();
    setTimeout(() => toaster.create({ type: 'error', title: 'fora do React' }), 0);
    expect(await screen.findByTestId('toast-error')).toHaveTextContent('fora do React');
    setTimeout(() => toaster.create({ type: 'info', title: 'depois' }), 0);
    expect(await screen.findByText('depois')).toBeInTheDocument();
  });
});
