import { screenshot } from '@conversa/testing/browser';
import { expect } from 'vitest';
import { bearer } from '../harness';
import { listOf, saved, tickSecondAndThird, type Company, type Walk } from './handtest-harness';

/** A plain attendant's screens: the inbox and her daily tools, the tags and their boards, the internal chat, help. */
export async function attendantWalk(walk: Walk, company: Company): Promise<void> {
  const { page } = walk;
  const sales = company.queues[1]!;
  const tags: number[] = [];
  const adminToken = (await company.server.login(company.admin.email, company.admin.password)).token;
  const contact = await company.server.app.inject({
    method: 'POST',
    url: '/contacts',
    headers: bearer(adminToken),
    payload: { name: 'Rita Cliente', number: '5511944440001' },
  });
  expect(contact.statusCode, contact.body).toBe(201);
  const rita = contact.json().id as number;

  await walk.step('home', async () => {
    await walk.open('home', '/', 'home-page');
    await expect(page.getByTestId('home-company').textContent()).resolves.toContain('Loja Tudo Testado');
  });

  await walk.step('tags', async () => {
    await walk.open('tags', '/tags', 'tags-page');
    for (const [name, kanban] of [
      ['Lead', false],
      ['Negociando', true],
      ['Fechado', true],
    ] as const) {
      await page.getByTestId('tag-add').click();
      await page.getByTestId('tag-field-name').fill(name);
      if (kanban) await page.getByTestId('tag-field-kanban').click();
      await walk.uniqueIds();
      await page.getByTestId('tag-save').click();
      await saved(page, 'tag-dialog');
      const tag = (await listOf(walk.api('GET', '/tags/list'))).find((row) => row.name === name);
      expect(tag).toMatchObject({ kanban: kanban ? 1 : 0 });
      tags.push(tag.id);
    }
  });

  await walk.step('tickets', async () => {
    await walk.open('tickets', '/tickets', 'tickets-page');
    await page.getByTestId('tickets-new').click();
    await page.getByTestId('new-ticket-contact-input').fill('Rita');
    await page.getByTestId(`new-ticket-contact-option-${rita}`).click();
    await expect.poll(() => page.getByTestId('new-ticket-queue').inputValue()).toBe(String(sales));
    await walk.uniqueIds();
    await page.getByTestId('new-ticket-confirm').click();
    await page.getByTestId('ticket-header').waitFor();
    const uuid = await page.evaluate(() => location.pathname.split('/').pop()!);
    expect(await walk.api('GET', `/tickets/u/${uuid}`)).toMatchObject({ status: 'open', userId: company.attendant.userId, queueId: sales, contactId: rita });
    // The ticket's tags: the contact's, chosen in the header's picker.
    await page.getByTestId('ticket-tags-open').click();
    await tickSecondAndThird(page, [`ticket-tags-option-${tags[1]}`, `ticket-tags-option-${tags[2]}`]);
    await walk.uniqueIds();
    await expect
      .poll(async () => (await walk.api('GET', `/contacts/${rita}`)).tags.map((tag: { id: number }) => tag.id).sort())
      .toEqual([tags[1], tags[2]].sort());
    await page.keyboard.press('Escape');
  });

  await walk.step('quick messages', async () => {
    await walk.open('quick-messages', '/quick-messages', 'quick-messages-page');
    await page.getByTestId('quick-message-add').click();
    await page.getByTestId('quick-message-shortcode').fill('horario');
    await page.getByTestId('quick-message-message').fill('Atendemos das 8h às 18h.');
    await walk.uniqueIds();
    await page.getByTestId('quick-message-save').click();
    await saved(page, 'quick-message-dialog');
    expect((await listOf(walk.api('GET', '/quick-messages/list'))).find((row) => row.shortcode === 'horario')).toMatchObject({
      message: 'Atendemos das 8h às 18h.',
    });
  });

  await walk.step('kanban', async () => {
    await walk.open('kanban', '/Kanban', 'kanban-page');
    await page.getByTestId('kanban-board').waitFor();
    await page.getByTestId(`kanban-lane-${tags[1]}`).waitFor();
  });

  await walk.step('tag lanes', async () => {
    await walk.open('tagsKanban', '/TagsKanban', 'tags-kanban-page');
    await page.getByTestId(`tag-name-${tags[2]}`).waitFor();
    await expect(page.getByTestId(`tag-name-${tags[0]}`).count()).resolves.toBe(0);
  });

  await walk.step('contacts', async () => {
    await walk.open('contacts', '/contacts', 'contacts-page');
    await page.getByTestId('contact-add').click();
    await page.getByTestId('contact-form-name').fill('Saulo Novo');
    await page.getByTestId('contact-form-number').fill('5511944440002');
    await walk.uniqueIds();
    await page.getByTestId('contact-form-save').click();
    await saved(page, 'contact-form-dialog');
    expect((await listOf(walk.api('GET', '/contacts?searchParam=Saulo'))).map((row) => row.number)).toEqual(['5511944440002']);
  });

  await walk.step('schedules', async () => {
    await walk.open('schedules', '/schedules', 'schedules-page');
    await page.getByTestId('schedule-add').click();
    await page.getByTestId('schedule-form-contact-picker-input').fill('Rita');
    await page.getByTestId(`schedule-form-contact-picker-option-${rita}`).click();
    await page.getByTestId('schedule-form-body').fill('Lembrete do seu pedido');
    await page.getByTestId('schedule-form-send-at').fill('2030-06-01T10:00');
    await walk.uniqueIds();
    await page.getByTestId('schedule-form-save').click();
    await saved(page, 'schedule-form-dialog');
    expect((await listOf(walk.api('GET', '/schedules'))).find((row) => row.body === 'Lembrete do seu pedido')).toMatchObject({ contactId: rita });
  });

  await walk.step('to-do', async () => {
    await walk.open('todolist', '/todolist', 'todolist-page');
    await page.getByTestId('todo-input').fill('Ligar para a Rita');
    await page.getByTestId('todo-submit').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('todo-text-0').textContent()).toBe('Ligar para a Rita');
  });

  await walk.step('chats', async () => {
    await walk.open('chats', '/chats', 'chats-page');
    await page.getByTestId('chats-new').click();
    await page.getByTestId('chat-field-title').fill('Escala testada');
    const options = page.getByTestId('chat-field-users').locator('[data-testid^="chat-user-"]');
    // The colleagues load with the dialog.
    await options.nth(2).waitFor();
    const boxes = await options.evaluateAll((found) => found.map((box) => box.getAttribute('data-testid')!));
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    await tickSecondAndThird(page, [boxes[1]!, boxes[2]!]);
    await screenshot(page, 'handtest-chat-members');
    await walk.uniqueIds();
    await page.getByTestId('chat-save').click();
    await saved(page, 'chat-dialog');
    const chat = (await listOf(walk.api('GET', '/chats'))).find((row) => row.title === 'Escala testada');
    const members = chat.users.map((member: { userId: number }) => member.userId).filter((id: number) => id !== company.attendant.userId);
    expect(members.sort()).toEqual([boxes[1]!, boxes[2]!].map((testId) => Number(testId.replace('chat-user-', ''))).sort());
  });

  await walk.step('helps', async () => {
    await walk.open('helps', '/helps', 'helps-page');
    await page.getByText('Primeiros passos').first().waitFor();
  });
}
