import { screenshot } from '@conversa/testing/browser';
import { expect } from 'vitest';
import { bearer } from '../harness';
import { listOf, saved, tickSecondAndThird, type Company, type Walk } from './handtest-harness';

/** A company admin's screens, in the menu's order: the dashboards, then the administration section. */
export async function adminWalk(walk: Walk, company: Company): Promise<void> {
  const { page } = walk;
  const [, sales, support] = company.queues as [number, number, number];
  const [main, second] = company.connections as [{ id: number; token: string }, { id: number }];
  const named = async (url: string, name: string, key = 'name') => (await listOf(walk.api('GET', url))).find((row: any) => row[key] === name);

  await walk.step('reports', async () => {
    await walk.open('reports', '/reports', 'reports-page');
    await page.getByTestId('report-status').selectOption('open');
    await page.getByTestId('report-filter').click();
    await page.getByTestId('report-total').waitFor();
  });

  await walk.step('moments', async () => {
    await walk.open('moments', '/moments', 'moments-page');
    await page.getByTestId('moments-pending').waitFor();
  });

  // A company holds at most three sandbox connections: the third is made here, with the second and third queue.
  await walk.step('connections', async () => {
    await walk.open('connections', '/connections', 'connections-page');
    await page.getByTestId('connection-add').click();
    await page.getByTestId('connection-add-sandbox').click();
    await page.getByTestId('connection-name').fill('Sandbox Três');
    await tickSecondAndThird(page, [`connection-queue-${sales}`, `connection-queue-${support}`]);
    await screenshot(page, 'handtest-connection-queues');
    await walk.uniqueIds();
    await page.getByTestId('connection-tab-messages').click();
    await page.getByTestId('connection-greetingMessage').fill('Escolha: 1 Vendas, 2 Suporte');
    await page.getByTestId('connection-save').click();
    await saved(page, 'connection-dialog');
    const connection = await named('/whatsapp', 'Sandbox Três');
    expect(connection.queueIds).toEqual([sales, support]);
    // Editing shows the same two ticked.
    await page.getByTestId(`connection-edit-${connection.id}`).click();
    await expect.poll(() => page.getByTestId(`connection-queue-${support}`).getAttribute('data-state')).toBe('checked');
    await expect(page.getByTestId(`connection-queue-${company.queues[0]}`).getAttribute('data-state')).resolves.toBe('unchecked');
    await walk.uniqueIds();
    await page.keyboard.press('Escape');
    await saved(page, 'connection-dialog');
  });

  await walk.step('contact lists', async () => {
    await walk.open('contactLists', '/contact-lists', 'contact-lists-page');
    await page.getByTestId('contact-list-add').click();
    await page.getByTestId('contact-list-field-name').fill('Clientes testados');
    await walk.uniqueIds();
    await page.getByTestId('contact-list-save').click();
    await saved(page, 'contact-list-dialog');
    const list = await named('/contact-lists/list', 'Clientes testados');
    await page.getByTestId(`contact-list-open-${list.id}`).click();
    await page.getByTestId('contact-list-items-page').waitFor();
    await page.getByTestId('item-add').click();
    await page.getByTestId('item-field-name').fill('Rui Lista');
    await page.getByTestId('item-field-number').fill('5511933330001');
    await walk.uniqueIds();
    await page.getByTestId('item-save').click();
    await saved(page, 'item-dialog');
    await expect.poll(async () => (await walk.api('GET', `/contact-lists/${list.id}`)).contactsCount).toBe(1);
  });

  await walk.step('campaigns', async () => {
    const list = await named('/contact-lists/list', 'Clientes testados');
    const third = await named('/whatsapp', 'Sandbox Três');
    await walk.open('campaigns', '/campaigns', 'campaigns-page');
    await page.getByTestId('campaign-add').click();
    await page.getByTestId('campaign-field-name').fill('Campanha testada');
    await page.getByTestId('campaign-field-message-1').fill('Olá {firstName}!');
    await page.getByTestId('campaign-field-contactList').selectOption(String(list.id));
    await tickSecondAndThird(page, [`campaign-connection-${second.id}`, `campaign-connection-${third.id}`]);
    await walk.uniqueIds();
    await page.getByTestId('campaign-save').click();
    await saved(page, 'campaign-dialog');
    const campaign = await named('/campaigns', 'Campanha testada');
    expect(String(campaign.whatsappId)).toBe(`${second.id},${third.id}`);
  });

  await walk.step('campaign settings', async () => {
    await walk.open('campaignsConfig', '/campaigns-config', 'campaign-settings-page');
    await page.getByTestId('settings-messageInterval').selectOption('15');
    await page.getByTestId('settings-save').click();
    await expect.poll(async () => (await walk.api('GET', '/campaign-settings')).messageInterval).toBe(15);
  });

  await walk.step('file lists', async () => {
    await walk.open('files', '/files', 'files-page');
    await page.getByTestId('file-list-add').click();
    await page.getByTestId('file-list-field-name').fill('Catálogo testado');
    await page.getByTestId('file-list-field-message').fill('Nosso catálogo');
    await walk.uniqueIds();
    await page.getByTestId('file-list-save').click();
    await saved(page, 'file-list-dialog');
    expect(await named('/files', 'Catálogo testado')).toMatchObject({ message: 'Nosso catálogo' });
  });

  await walk.step('messages API', async () => {
    await walk.open('messagesApi', '/messages-api', 'messages-api-page');
    await page.getByTestId('api-text-token').fill(main.token);
    await page.getByTestId('api-text-number').fill('5511933330002');
    await page.getByTestId('api-text-body').fill('Enviada pela API de mensagens');
    await page.getByTestId('api-text-send').click();
    const outbox = async () =>
      (await company.server.app.inject({ method: 'GET', url: `/sandbox/${main.id}/outbox?to=5511933330002`, headers: bearer(main.token) })).json().messages ??
      [];
    await expect.poll(async () => (await outbox()).map((message: { body: string }) => message.body)).toContain('Enviada pela API de mensagens');
  });

  await walk.step('on duty', async () => {
    await walk.open('onDuty', '/plantao', 'on-duty-page');
    await page.getByTestId('on-duty-add').click();
    await page.getByTestId('on-duty-field-user').selectOption(String(company.admin.userId));
    await page.getByTestId('on-duty-field-phone').fill('+55 (11) 95555-0000');
    await page.getByTestId('on-duty-start-monday').fill('0800');
    await page.getByTestId('on-duty-end-monday').fill('1800');
    await walk.uniqueIds();
    await page.getByTestId('on-duty-save').click();
    await saved(page, 'on-duty-dialog');
    expect(await listOf(walk.api('GET', '/plantao'))).toHaveLength(1);
  });

  await walk.step('users', async () => {
    await walk.open('users', '/users', 'users-table');
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-field-name').fill('Ivo Supervisor');
    await page.getByTestId('user-field-email').fill('ivo@tudo-testado.test');
    await page.getByTestId('user-field-password').fill('Ivo-2026x');
    await page.getByTestId('user-field-profile').selectOption('supervisor');
    await tickSecondAndThird(page, [`user-queue-${sales}`, `user-queue-${support}`]);
    await walk.uniqueIds();
    await page.getByTestId('user-save').click();
    await saved(page, 'user-dialog');
    const { id } = await named('/users/list', 'Ivo Supervisor');
    expect(await walk.api('GET', `/users/${id}`)).toMatchObject({ profile: 'supervisor', queueIds: [sales, support] });
  });

  await walk.step('queues', async () => {
    await walk.open('queues', '/queues', 'queues-page');
    await page.getByTestId('queue-add').click();
    await page.getByTestId('queue-name').fill('Financeiro');
    await page.getByTestId('queue-color').fill('#d69e2e');
    await page.getByTestId('queue-greetingMessage').fill('Bem-vindo ao financeiro');
    await walk.uniqueIds();
    await page.getByTestId('queue-save').click();
    await saved(page, 'queue-dialog');
    expect(await named('/queue', 'Financeiro')).toMatchObject({ color: '#d69e2e', greetingMessage: 'Bem-vindo ao financeiro' });
  });

  await walk.step('prompts', async () => {
    await walk.open('prompts', '/prompts', 'prompts-page');
    await page.getByTestId('prompt-add').click();
    await page.getByTestId('prompt-field-name').fill('Assistente testado');
    await page.getByTestId('prompt-field-apiKey').fill('sk-handtest-0001');
    await page.getByTestId('prompt-field-prompt').fill('Você atende a loja.');
    await page.getByTestId('prompt-field-queueId').selectOption(String(support));
    await walk.uniqueIds();
    await page.getByTestId('prompt-save').click();
    await saved(page, 'prompt-dialog');
    expect(await named('/prompt', 'Assistente testado')).toMatchObject({ queueId: support });
  });

  await walk.step('integrations', async () => {
    await walk.open('queueIntegrations', '/queue-integration', 'integrations-page');
    await page.getByTestId('integration-add').click();
    await page.getByTestId('integration-field-type').selectOption('webhook');
    await page.getByTestId('integration-field-name').fill('Pedidos testados');
    await page.getByTestId('integration-field-urlN8N').fill('http://127.0.0.1:9/hooks/pedidos');
    await walk.uniqueIds();
    await page.getByTestId('integration-save').click();
    await saved(page, 'integration-dialog');
    expect(await named('/queueIntegration', 'Pedidos testados')).toMatchObject({ type: 'webhook' });
  });

  await walk.step('financial', async () => {
    // A company on the free plan has no invoice: its screen lists none and searches without a failure.
    await walk.open('financial', '/financeiro', 'invoices-page');
    await page.getByTestId('invoices-empty').waitFor();
    const searched = page.waitForResponse((response) => response.url().includes('searchParam=2026'));
    await page.getByTestId('invoices-search').fill('2026');
    await searched;
    await page.getByTestId('invoices-empty').waitFor();
  });

  await walk.step('webhooks', async () => {
    await walk.open('webhooks', '/webhooks', 'webhooks-page');
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-field-url').fill('http://127.0.0.1:9/webhook');
    await page.getByTestId('webhook-field-all').click();
    const events = page.getByTestId('webhook-field-events').locator('[data-testid^="webhook-event-"]');
    await events.nth(2).waitFor();
    const [, secondEvent, thirdEvent] = (await events.evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-testid')!))) as [string, string, string];
    await tickSecondAndThird(page, [secondEvent, thirdEvent]);
    await walk.uniqueIds();
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-secret-done').click();
    await saved(page, 'webhook-secret-dialog');
    const [hook] = await listOf(walk.api('GET', '/webhooks'));
    expect(hook.events).toEqual([secondEvent, thirdEvent].map((testId) => testId.replace('webhook-event-', '')));
  });

  await walk.step('settings', async () => {
    await walk.open('settings', '/settings', 'settings-page');
    await page.getByTestId('setting-userRating').selectOption('enabled');
    await expect.poll(async () => (await listOf(walk.api('GET', '/settings'))).find((setting) => setting.key === 'userRating')?.value).toBe('enabled');
    await page.reload();
    await expect.poll(() => page.getByTestId('setting-userRating').inputValue()).toBe('enabled');
  });
}
