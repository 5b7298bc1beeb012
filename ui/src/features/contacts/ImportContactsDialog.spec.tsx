import type { ContactImportStatus } from '@conversa/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import ImportContactsDialog from './ImportContactsDialog';

const importId = '0b0f6c1e-3d7a-4e55-9a51-7c5d2e1f0a11';
const status = (overrides: Partial<ContactImportStatus>): ContactImportStatus => ({
  importId,
  fileName: 'bomba.xlsx',
  state: 'running',
  total: 0,
  processed: 0,
  created: 0,
  updated: 0,
  refused: 0,
  refusals: [],
  startedAt: '2026-12-06T10:00:00.000Z',
  finishedAt: null,
  error: null,
  ...overrides,
});

function renderDialog() {
  const Screen = () => <ImportContactsDialog onClose={() => undefined} />;
  const routes: AppRoute[] = [{ id: 'import', path: '/', access: 'private', frame: 'bare', component: Screen }];
  renderApp({ routes, signedIn: session() });
}

describe('the import dialog', () => {
  it('says the sheet is being read until the worker has read it, then why it refused the file', async () => {
    let polls = 0;
    fakeServer({
      'POST /contacts/upload': { status: 202, body: status({}) },
      [`GET /contacts/import/${importId}`]: () =>
        ++polls < 2
          ? { status: 200, body: status({}) }
          : { status: 200, body: status({ state: 'done', finishedAt: '2026-12-06T10:00:01.000Z', error: 'ERR_SPREADSHEET_TOO_LARGE_UNPACKED' }) },
    });
    renderDialog();
    const input = await screen.findByTestId('contacts-import-file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'bomba.xlsx')] } });
    fireEvent.click(screen.getByTestId('contacts-import-start'));
    expect(await screen.findByText('Lendo a planilha…')).toBeInTheDocument();
    expect(await screen.findByTestId('contacts-import-error', undefined, { timeout: 5_000 })).toHaveTextContent('A planilha se expande para mais de 32 MB');
    expect(screen.getByText('A planilha não foi importada')).toBeInTheDocument();
    expect(screen.getByTestId('contacts-import-close')).toBeEnabled();
  });
});
