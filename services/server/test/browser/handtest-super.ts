import { expect } from 'vitest';
import { saved, type Company, type Walk } from './handtest-harness';

/** The super user's screens: plans and help entries (tabs of the settings), companies, announcements. */
export async function superWalk(walk: Walk, company: Company): Promise<void> {
  const { page } = walk;

  await walk.step('plans', async () => {
    await walk.open('settings', '/settings', 'settings-page');
    await page.getByTestId('settings-tab-plans').click();
    await page.getByTestId('plan-add').click();
    await page.getByTestId('plan-field-name').fill('Plano Testado');
    await page.getByTestId('plan-field-amount').fill('99,90');
    await page.getByTestId('plan-field-users').fill('5');
    await page.getByTestId('plan-field-connections').fill('3');
    await page.getByTestId('plan-field-queues').fill('4');
    // The flags are switches: turn the second and third off.
    await page.getByTestId('plan-flag-useCampaigns').click();
    await page.getByTestId('plan-flag-useKanban').click();
    await walk.uniqueIds();
    await page.getByTestId('plan-save').click();
    await saved(page, 'plan-dialog');
    const plans = await walk.api<any[]>('GET', '/plans/all');
    expect(plans.find((plan) => plan.name === 'Plano Testado')).toMatchObject({
      users: 5,
      connections: 3,
      queues: 4,
      useCampaigns: false,
      useKanban: false,
      useSchedules: true,
    });
  });

  await walk.step('help entries', async () => {
    await page.getByTestId('settings-tab-helps').click();
    await page.getByTestId('help-add').click();
    await page.getByTestId('help-field-title').fill('Primeiros passos');
    await page.getByTestId('help-field-description').fill('Como aceitar o primeiro ticket');
    await page.getByTestId('help-field-video').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await walk.uniqueIds();
    await page.getByTestId('help-save').click();
    await saved(page, 'help-dialog');
    expect((await walk.api<any[]>('GET', '/helps/list')).map((help) => help.title)).toContain('Primeiros passos');
  });

  await walk.step('companies', async () => {
    await walk.open('companies', '/companies', 'companies-table');
    await page.getByTestId('company-add').click();
    await page.getByTestId('company-field-name').fill('Padaria Testada');
    await page.getByTestId('company-field-email').fill('contato@padaria.test');
    await page.getByTestId('company-field-password').fill('padaria-2026');
    await page.getByTestId('company-field-phone').fill('11987650000');
    await page.getByTestId('company-field-dueDate').fill('2030-01-31');
    await walk.uniqueIds();
    await page.getByTestId('company-save').click();
    await saved(page, 'company-dialog');
    const companies = await walk.api<any[]>('GET', '/companies');
    expect(companies.find((row) => row.name === 'Padaria Testada')).toMatchObject({ email: 'contato@padaria.test', phone: '11987650000' });
    expect(companies.some((row) => row.id === company.admin.companyId)).toBe(true);
  });

  await walk.step('announcements', async () => {
    await walk.open('announcements', '/announcements', 'announcements-page');
    await page.getByTestId('announcement-add').click();
    await page.getByTestId('announcement-field-title').fill('Boas-vindas');
    await page.getByTestId('announcement-field-text').fill('O sistema foi testado tela a tela.');
    await page.getByTestId('announcement-field-priority').selectOption('2');
    await walk.uniqueIds();
    await page.getByTestId('announcement-save').click();
    await saved(page, 'announcement-dialog');
    const { records } = await walk.api<{ records: any[] }>('GET', '/announcements');
    expect(records.find((row) => row.title === 'Boas-vindas')).toMatchObject({ text: 'O sistema foi testado tela a tela.', priority: 2 });
    await page.reload();
    await page.getByText('Boas-vindas').first().waitFor();
  });
}
