import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { maskContact, MomentsQuery, MomentsView, TicketReport, TicketReportExportQuery, TicketReportQuery, type ReportTicket } from '@conversa/contracts';
import { moments } from '@conversa/projections/dashboard/moments';
import { ticketReport, ticketReportCount, ticketReportRows } from '@conversa/projections/dashboard/report';
import { dashboardTimeZone } from '@conversa/projections/dashboard/zone';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';

export const REPORT_EXPORT_FILE = 'relatorio-de-atendimentos.xlsx';
export const REPORT_EXPORT_SHEET = 'RelatorioDeAtendimentos';

const STATUS_LABELS: Record<ReportTicket['status'], string> = { pending: 'Pendente', open: 'Em atendimento', closed: 'Fechado', group: 'Grupo', lgpd: 'LGPD', nps: 'Avaliação' };

/** A report row as a masked viewer may see it: the number, and a name that is only the number. */
function masked(row: ReportTicket): ReportTicket {
  const contact = maskContact({ name: row.contactName, number: row.contactNumber });
  return { ...row, contactName: contact.name, contactNumber: contact.number };
}

/** DD/MM/YYYY HH:mm in the company's zone (spec 3 §9); one formatter per export (building one per cell costs more than the row). */
function dateTimeIn(zone: string) {
  const format = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (iso: string | null) => (iso === null ? '' : format.format(new Date(iso)).replace(',', ''));
}

/**
 * The tickets report and its spreadsheet, and the moments board. Report: admin, or a plain user
 * with showDashboard (spec 3 §6); moments: admin, or a user with allowRealTime (spec 2 §6).
 */
export async function reportRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const auth = { area: 'dashboard' } as const;

  app.get('/ticket/reports', { config: { auth, contract: { summary: 'A page of the tickets report', query: TicketReportQuery, response: TicketReport } } }, async (request) => {
    const query = parse(TicketReportQuery, request.query);
    const { companyId, numbersHidden } = request.principal;
    const report = await ticketReport(ctx.db, companyId, { ...query, searchNumbers: !numbersHidden });
    return numbersHidden ? { ...report, tickets: report.tickets.map(masked) } : report;
  });

  // Streamed as it is read (keyset pages into exceljs' WorkbookWriter): memory stays flat for a million rows.
  app.get('/ticket/reports/export', { config: { auth, contract: { summary: 'The tickets report as a spreadsheet (xlsx), streamed; X-Total-Count gives its rows', query: TicketReportExportQuery } } }, async (request, reply) => {
    const query = parse(TicketReportExportQuery, request.query);
    const { companyId, numbersHidden } = request.principal;
    const filter = { ...query, searchNumbers: !numbersHidden };
    const total = await ticketReportCount(ctx.db, companyId, filter);
    const dateTime = dateTimeIn(dashboardTimeZone());
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(REPORT_EXPORT_SHEET);
    sheet.columns = [
      { header: 'ID', key: 'id', width: 10 },
      { header: 'Conexão', key: 'whatsapp', width: 20 },
      { header: 'Contato', key: 'contact', width: 28 },
      { header: 'Número', key: 'number', width: 18 },
      { header: 'Usuário', key: 'user', width: 20 },
      { header: 'Fila', key: 'queue', width: 20 },
      { header: 'Status', key: 'status', width: 16 },
      { header: 'Última mensagem', key: 'lastMessage', width: 40 },
      { header: 'Abertura', key: 'createdAt', width: 18 },
      { header: 'Fechamento', key: 'closedAt', width: 18 },
      { header: 'Tempo de atendimento (min)', key: 'supportTime', width: 14 },
      { header: 'NPS', key: 'nps', width: 6 },
    ];
    void (async () => {
      for await (const rows of ticketReportRows(ctx.db, companyId, filter)) {
        for (const stored of rows) {
          const row = numbersHidden ? masked(stored) : stored;
          sheet
            .addRow({
              id: row.id,
              whatsapp: row.whatsappName ?? '',
              contact: row.contactName,
              number: row.contactNumber,
              user: row.userName ?? '',
              queue: row.queueName ?? '',
              status: STATUS_LABELS[row.status],
              lastMessage: row.lastMessage,
              createdAt: dateTime(row.createdAt),
              closedAt: dateTime(row.closedAt),
              supportTime: row.supportTime ?? '',
              nps: row.NPS ?? '',
            })
            .commit();
        }
        // A slow download holds the reading back instead of piling rows up in memory.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    })().catch((error: unknown) => out.destroy(error as Error));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${REPORT_EXPORT_FILE}"`)
      .header('x-total-count', String(total))
      .header('access-control-expose-headers', 'x-total-count')
      .send(out);
  });

  app.get(
    '/dashboard/moments',
    { config: { auth: { area: 'moments' }, contract: { summary: 'The moments board: attendants with their tickets, and the pending tickets', query: MomentsQuery, response: MomentsView } } },
    async (request) => {
      const query = parse(MomentsQuery, request.query);
      return moments(ctx.db, request.principal.companyId, { ...query, zone: dashboardTimeZone() });
    },
  );
}
