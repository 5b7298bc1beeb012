import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import { ContactDataExportButton } from './ContactDataExportButton';

const routes: AppRoute[] = [
  {
    id: 'export',
    path: '/',
    access: 'private',
    frame: 'bare',
    component: () => (
      <>
        <span data-testid="export-screen" />
        <ContactDataExportButton contactId={5} />
      </>
    ),
  },
];

afterEach(() => vi.restoreAllMocks());

describe('the contact data export button (LGPD access)', () => {
  it('downloads the contact’s zip for an admin', async () => {
    const { calls } = fakeServer({ 'GET /contacts/5/data-export': { status: 200, body: {} } });
    const objectUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderApp({ routes, signedIn: session({ profile: 'admin' }) });
    fireEvent.click(await screen.findByTestId('contact-data-export'));
    await waitFor(() => expect(objectUrl).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/contacts/5/data-export')?.authorization).toBe('Bearer access-1');
    expect(screen.getByTestId('contact-data-export')).toHaveTextContent('Exportar dados (LGPD)');
  });

  it('says so when the export fails', async () => {
    fakeServer({ 'GET /contacts/5/data-export': { status: 500, body: { error: 'ERR_INTERNAL' } } });
    renderApp({ routes, signedIn: session({ profile: 'admin' }) });
    fireEvent.click(await screen.findByTestId('contact-data-export'));
    expect(await screen.findByText('Não foi possível exportar os dados do contato. Tente novamente.')).toBeInTheDocument();
  });

  it('is not offered to an attendant', async () => {
    fakeServer({});
    renderApp({ routes, signedIn: session({ profile: 'user' }) });
    await screen.findByTestId('export-screen');
    expect(screen.queryByTestId('contact-data-export')).not.toBeInTheDocument();
  });
});
