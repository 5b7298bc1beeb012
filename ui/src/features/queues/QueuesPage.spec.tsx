import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderApp } from '../../test/harness';
import { session } from '../../test/fixtures';
import { blankChatbotOption, type QueueView, type QueueWithOptions } from '@conversa/contracts';

/** A list row, or with `chatbots` what GET /queue/{id} answers. */
type Queue = QueueView & Partial<Pick<QueueWithOptions, 'chatbots'>>;

const queueRow = (id: number, name: string, extra: Partial<Queue> = {}): Queue => ({
  id,
  companyId: 2,
  name,
  color: '#2563eb',
  orderQueue: null,
  ativarRoteador: false,
  tempoRoteador: 2,
  greetingMessage: 'Olá',
  outOfHoursMessage: '',
  closeTicket: false,
  integrationId: null,
  fileListId: null,
  promptId: null,
  schedules: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('queues screen', () => {
  it('lists the queues and hides the changing buttons from a user the administration section is open to', async () => {
    fakeServer({ 'GET /queue': { status: 200, body: [queueRow(1, 'Vendas'), queueRow(2, 'Suporte')] } });
    renderApp({ path: '/queues', signedIn: session({ profile: 'user', allowConnections: true }) });
    expect(await screen.findByTestId('queue-row-1', {}, { timeout: 10_000 })).toHaveTextContent('Vendas');
    expect(screen.getByTestId('queue-row-2')).toHaveTextContent('Suporte');
    expect(screen.queryByTestId('queue-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('queue-edit-1')).not.toBeInTheDocument();
  });

  it('is not open to a plain user', async () => {
    fakeServer({ 'GET /queue': { status: 200, body: [] } });
    const { router } = renderApp({ path: '/queues', signedIn: session({ profile: 'user' }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(screen.queryByTestId('queues-page')).not.toBeInTheDocument();
  });

  it('builds an option tree, refuses short option names, then saves the whole queue', async () => {
    const { calls } = fakeServer({
      'GET /queue': { status: 200, body: [] },
      'GET /users/list': { status: 200, body: [{ id: 7, name: 'Ana Souza' }] },
      'POST /queue': () => ({ status: 201, body: queueRow(5, 'Vendas') }),
    });
    renderApp({ path: '/queues', signedIn: session() });
    fireEvent.click(await screen.findByTestId('queue-add', {}, { timeout: 10_000 }));
    await screen.findByTestId('queue-name', {}, { timeout: 10_000 });
    type('queue-name', 'Vendas');
    fireEvent.click(screen.getByTestId('queue-color-38a169'));
    type('queue-greetingMessage', 'Bem-vindo');

    fireEvent.click(screen.getByTestId('queue-tab-chatbot'));
    fireEvent.click(await screen.findByTestId('option-add-root'));
    fireEvent.click(screen.getByTestId('option-add-root'));
    type('option-1-name', 'Comercial');
    type('option-2-name', 'Sup');
    fireEvent.click(screen.getByTestId('option-1-add'));
    type('option-1.1-name', 'Planos mensais');
    fireEvent.change(screen.getByTestId('option-2-type'), { target: { value: 'attendent' } });
    expect(screen.getByTestId('option-1-message-needed')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('queue-save'));
    expect(await screen.findByTestId('option-2-name-error')).toHaveTextContent('muito curto');
    expect(within(screen.getByTestId('option-2')).getByText('Selecione o atendente')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    type('option-2-name', 'Suporte');
    await waitFor(() => expect(screen.getByTestId('option-2-optUserId')).toHaveTextContent('Ana Souza'));
    fireEvent.change(screen.getByTestId('option-2-optUserId'), { target: { value: '7' } });
    type('option-1-message', 'Escolha o plano');
    fireEvent.click(screen.getByTestId('queue-save'));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/queue')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as any;
    expect(body).toMatchObject({ name: 'Vendas', color: '#38a169', greetingMessage: 'Bem-vindo', tempoRoteador: 2 });
    expect(body.schedules).toHaveLength(7);
    expect(body.chatbots).toEqual([
      expect.objectContaining({
        name: 'Comercial',
        greetingMessage: 'Escolha o plano',
        queueType: 'text',
        options: [expect.objectContaining({ name: 'Planos mensais', options: [] })],
      }),
      expect.objectContaining({ name: 'Suporte', queueType: 'attendent', optUserId: 7, options: [] }),
    ]);
    await waitFor(() => expect(screen.queryByTestId('queue-dialog')).not.toBeInTheDocument());
  }, 60_000);

  it('starts a new queue with a colour no queue uses: saved untouched, it is sent as chosen', async () => {
    const { calls } = fakeServer({
      'GET /queue': { status: 200, body: [queueRow(1, 'Vendas', { color: '#E53E3E' }), queueRow(2, 'Suporte', { color: '#dd6b20' })] },
      'POST /queue': () => ({ status: 201, body: queueRow(5, 'Financeiro') }),
    });
    renderApp({ path: '/queues', signedIn: session() });
    fireEvent.click(await screen.findByTestId('queue-add', {}, { timeout: 10_000 }));
    await screen.findByTestId('queue-name', {}, { timeout: 10_000 });
    // The first palette colours belong to Vendas and Suporte: the third is chosen, and shown chosen.
    await waitFor(() => expect(screen.getByTestId('queue-color')).toHaveValue('#d69e2e'));
    expect(screen.getByTestId('queue-color-d69e2e')).toHaveStyle({ borderWidth: '3px' });
    type('queue-name', 'Financeiro');
    type('queue-greetingMessage', 'Olá');
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/queue')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ name: 'Financeiro', color: '#d69e2e' });
    expect(screen.queryByTestId('queue-color-error')).not.toBeInTheDocument();
  }, 60_000);

  it('marks the colour when the server says another queue uses it', async () => {
    fakeServer({
      'GET /queue': { status: 200, body: [queueRow(1, 'Vendas', { color: '#e53e3e' })] },
      'POST /queue': { status: 409, body: { error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS', message: 'This colour is already used by another queue.' } },
    });
    renderApp({ path: '/queues', signedIn: session() });
    fireEvent.click(await screen.findByTestId('queue-add', {}, { timeout: 10_000 }));
    await screen.findByTestId('queue-name', {}, { timeout: 10_000 });
    type('queue-name', 'Suporte');
    type('queue-color', '#E53E3E');
    type('queue-greetingMessage', 'Olá');
    fireEvent.click(screen.getByTestId('queue-save'));
    expect(await screen.findByTestId('queue-color-error', {}, { timeout: 10_000 })).toHaveTextContent('Esta cor já está em uso por outra fila. Escolha outra.');
    expect(screen.getByTestId('queue-dialog')).toBeInTheDocument();
  }, 60_000);

  it('edits a saved queue: its schedules and tree come back, options keep their ids', async () => {
    const saved = queueRow(3, 'Financeiro', {
      schedules: [
        { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
        ...['tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
          weekday: weekdayEn,
          weekdayEn: weekdayEn as 'tuesday',
          startTimeA: '08:00',
          endTimeA: '12:00',
          startTimeB: '13:00',
          endTimeB: '18:00',
        })),
      ],
      chatbots: [
        {
          id: 40,
          queueId: 3,
          parentId: null,
          ...blankChatbotOption(),
          name: 'Boletos',
          options: [],
        },
      ],
    });
    const { calls } = fakeServer({
      'GET /queue': { status: 200, body: [saved] },
      'GET /queue/3': { status: 200, body: saved },
      'PUT /queue/3': { status: 200, body: saved },
    });
    renderApp({ path: '/queues', signedIn: session() });
    fireEvent.click(await screen.findByTestId('queue-edit-3', {}, { timeout: 10_000 }));
    expect(await screen.findByTestId('queue-name', {}, { timeout: 10_000 })).toHaveValue('Financeiro');
    fireEvent.click(screen.getByTestId('queue-tab-schedules'));
    expect(await screen.findByTestId('schedule-monday-startTimeA')).toHaveValue('09:00');
    type('schedule-saturday-startTimeB', '1400');
    expect(screen.getByTestId('schedule-saturday-startTimeB')).toHaveValue('14:00');
    type('schedule-saturday-endTimeB', '1300');
    fireEvent.click(screen.getByTestId('queue-save'));
    expect(await screen.findByText('O início deve ser antes do fim')).toBeInTheDocument();
    type('schedule-saturday-endTimeB', '1700');
    fireEvent.click(screen.getByTestId('queue-tab-chatbot'));
    expect(await screen.findByTestId('option-1-name')).toHaveValue('Boletos');
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')!.body as any;
    expect(body.schedules[5]).toMatchObject({ weekdayEn: 'saturday', startTimeB: '14:00', endTimeB: '17:00' });
    expect(body.chatbots).toEqual([expect.objectContaining({ id: 40, name: 'Boletos', options: [] })]);
  }, 60_000);
  it('offers every file list (all pages) to the queue and to a `file` option, and saves the choices', async () => {
    const lists = Array.from({ length: 25 }, (_, index) => ({ id: 100 + index, name: `Lista ${index + 1}` }));
    const { calls } = fakeServer({
      'GET /queue': { status: 200, body: [] },
      'GET /files': (request) => {
        const page = Number(new URL(request.url).searchParams.get('pageNumber') ?? 1);
        return { status: 200, body: { files: lists.slice((page - 1) * 20, page * 20), count: lists.length, hasMore: page === 1 } };
      },
      'POST /queue': () => ({ status: 201, body: queueRow(6, 'Vendas') }),
    });
    renderApp({ path: '/queues', signedIn: session() });
    fireEvent.click(await screen.findByTestId('queue-add', {}, { timeout: 10_000 }));
    await screen.findByTestId('queue-name', {}, { timeout: 10_000 });
    type('queue-name', 'Vendas');
    fireEvent.click(screen.getByTestId('queue-color-38a169'));
    type('queue-greetingMessage', 'Bem-vindo');
    // The 25th list is on the second page.
    await waitFor(() => expect(screen.getByTestId('queue-fileListId')).toHaveTextContent('Lista 25'));
    fireEvent.change(screen.getByTestId('queue-fileListId'), { target: { value: '124' } });
    fireEvent.click(screen.getByTestId('queue-tab-chatbot'));
    fireEvent.click(await screen.findByTestId('option-add-root'));
    type('option-1-name', 'Catálogo');
    fireEvent.change(screen.getByTestId('option-1-type'), { target: { value: 'file' } });
    await waitFor(() => expect(screen.getByTestId('option-1-optFileId')).toHaveTextContent('Lista 2'));
    fireEvent.change(screen.getByTestId('option-1-optFileId'), { target: { value: '101' } });
    fireEvent.click(screen.getByTestId('queue-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/queue')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as any;
    expect(body.fileListId).toBe(124);
    expect(body.chatbots).toEqual([expect.objectContaining({ name: 'Catálogo', queueType: 'file', optFileId: 101 })]);
  }, 60_000);
});
