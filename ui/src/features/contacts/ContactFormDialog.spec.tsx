import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../app/access';
import { session } from '../../test/fixtures';
import { fakeServer, renderApp } from '../../test/harness';
import type { Contact } from './api';
import { ContactFormDialog } from './ContactFormDialog';

const saved: Contact[] = [];

function renderForm(initial?: Parameters<typeof ContactFormDialog>[0]['initial']) {
  const Screen = () => <ContactFormDialog open onClose={() => undefined} initial={initial} onSaved={(contact) => saved.push(contact)} />;
  const routes: AppRoute[] = [{ id: 'form', path: '/', access: 'private', frame: 'bare', component: Screen }];
  renderApp({ routes, signedIn: session() });
}

const contact = (overrides: Partial<Contact> = {}): Contact => ({
  id: 41,
  companyId: 2,
  name: 'Maria Souza',
  number: '5511987654321',
  email: '',
  profilePicUrl: null,
  urlPicture: null,
  active: true,
  disableBot: false,
  acceptAudioMessage: true,
  channel: 'whatsapp',
  isGroup: false,
  extraInfo: [],
  lgpdAcceptedAt: null,
  tags: [],
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

describe('contact form', () => {
  it('shows the spec messages and sends nothing while the form is invalid', async () => {
    const { calls } = fakeServer({});
    renderForm();
    fireEvent.change(await screen.findByTestId('contact-form-name'), { target: { value: 'M' } });
    fireEvent.change(screen.getByTestId('contact-form-email'), { target: { value: 'maria@' } });
    fireEvent.click(screen.getByTestId('contact-form-save'));
    expect(await screen.findByTestId('contact-form-name-error')).toHaveTextContent('Muito curto!');
    expect(screen.getByTestId('contact-form-number-error')).toHaveTextContent('Obrigatório');
    expect(screen.getByTestId('contact-form-email-error')).toHaveTextContent('E-mail inválido');
    fireEvent.change(screen.getByTestId('contact-form-number'), { target: { value: '1'.repeat(51) } });
    fireEvent.click(screen.getByTestId('contact-form-save'));
    expect(await screen.findByTestId('contact-form-number-error')).toHaveTextContent('Muito longo!');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates the contact with its extra info and says contactModal.success', async () => {
    const { calls } = fakeServer({ 'POST /contacts': { status: 201, body: contact({ extraInfo: [{ id: 1, name: 'CPF', value: '123' }] }) } });
    renderForm({ name: 'Maria Souza' });
    expect(await screen.findByTestId('contact-form-name')).toHaveValue('Maria Souza');
    fireEvent.change(screen.getByTestId('contact-form-number'), { target: { value: '5511987654321' } });
    fireEvent.click(screen.getByTestId('contact-form-add-extra'));
    fireEvent.change(screen.getByTestId('contact-form-extra-name-0'), { target: { value: 'CPF' } });
    fireEvent.change(screen.getByTestId('contact-form-extra-value-0'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('contact-form-save'));
    await screen.findByText('Contato salvo com sucesso.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Maria Souza',
      number: '5511987654321',
      email: '',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    await waitFor(() => expect(saved.at(-1)?.id).toBe(41));
  });

  it('edits an existing contact with PUT and shows the server error translated', async () => {
    const { calls } = fakeServer({ 'PUT /contacts/41': { status: 409, body: { error: 'ERR_DUPLICATED_CONTACT', message: 'duplicate' } } });
    renderForm({ id: 41, name: 'Maria Souza', number: '5511987654321', email: '' });
    fireEvent.click(await screen.findByTestId('contact-form-save'));
    await screen.findByText('Já existe um contato com este número. Procure-o na lista de contatos.');
    expect(calls.find((call) => call.method === 'PUT')?.path).toBe('/contacts/41');
  });
});
