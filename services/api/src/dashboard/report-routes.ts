import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  maskContact,
  MomentsQuery,
  safeCells,
  MomentsView,
  TicketReport,
  TicketReportExportQuery,
  TicketReportQuery,
  type ReportTicket,
} from '@conversa/contracts';
import { moments } from '@conversa/projections/dashboard/moments';
import { ticketReport, ticketReportCount, ticketReportRows } from '@conversa/projections/dashboard/report';
import { dashboardTimeZone } from '@conversa/projections/dashboard/zone';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';

export const REPORT_EXPORT_FILE = 'relatorio-de-atendimentos.xlsx';
export const REPORT_EXPORT_SHEET = 'RelatorioDeAtendimentos';

const STATUS_LABELS: Record<ReportTicket['status'], string> = {
  pending: 'Pendente',
  open: 'Em atendimento',
  closed: 'Fechado',
  group: 'Grupo',
  lgpd: 'LGPD',
  nps: 'Avaliação',
};

/** A report row as a masked viewer may see it: the number, and a name that is only the number. */
function masked(row: ReportTicket): ReportTicket {
  const contact = maskContact({ name: row.contactName, number: row.contactNumber });
  return { ...row, contactName: contact.name, contactNumber: contact.number };
}

/** How the Abertura and Fechamento date cells show (spec 3 §9: DD/MM/YYYY HH:mm). */
export const REPORT_DATE_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * A moment as a spreadsheet date in the company's zone: a spreadsheet date has no zone, so the cell
 * holds the wall-clock time there (its UTC fields). One formatter per export: building one per cell
 * costs more than the row.
 */
export function wallClockIn(zone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  return (iso: string | null): Date | null => {
    if (iso === null) return null;
    const part: Record<string, number> = {};
    for (const { type, value } of format.formatToParts(new Date(iso))) part[type] = Number(value);
    return new Date(Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!));
  };
}

/**
 * The tickets report and its spreadsheet, and the moments board. Report: admin, or a plain user
 * with showDashboard (spec 3 §6); moments: admin, or a user with allowRealTime (spec 2 §6).
 */
export async function reportRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const auth = { area: 'dashboard' } as const;

  app.get(
    '/ticket/reports',
    { config: { auth, contract: { summary: 'A page of the tickets report', query: TicketReportQuery, response: TicketReport } } },
    async (request) => {
      const query = request.query;
      const { companyId, numbersHidden } = request.principal;
      const report = await ticketReport(ctx.db, companyId, { ...query, searchNumbers: !numbersHidden });
      return numbersHidden ? { ...report, tickets: report.tickets.map(masked) } : report;
    },
  );

  // Streamed as it is read (keyset pages into exceljs' WorkbookWriter): memory stays flat for a million rows.
  app.get(
    '/ticket/reports/export',
    {
      config: {
        auth,
        contract: {
          summary: 'The tickets report as a spreadsheet (xlsx), streamed; X-Total-Count gives its rows',
          query: TicketReportExportQuery,
          produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { companyId, numbersHidden } = request.principal;
      const filter = { ...query, searchNumbers: !numbersHidden };
      const total = await ticketReportCount(ctx.db, companyId, filter);
      const dateTime = wallClockIn(dashboardTimeZone());
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
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
        { header: 'Abertura', key: 'createdAt', width: 18, style: { numFmt: REPORT_DATE_FORMAT } },
        { header: 'Fechamento', key: 'closedAt', width: 18, style: { numFmt: REPORT_DATE_FORMAT } },
        { header: 'Tempo de atendimento (min)', key: 'supportTime', width: 14 },
        { header: 'NPS', key: 'nps', width: 6 },
      ];
      void (async () => {
        for await (const rows of ticketReportRows(ctx.db, companyId, filter)) {
          for (const stored of rows) {
            const row = numbersHidden ? masked(stored) : stored;
            // Names and last messages are written by outsiders: safeCells keeps them text in any program.
            const cells = safeCells({
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
            });
            sheet.addRow(cells).commit();
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
    },
  );

  app.get(
    '/dashboard/moments',
    {
      config: {
        auth: { area: 'moments' },
        contract: { summary: 'The moments board: attendants with their tickets, and the pending tickets', query: MomentsQuery, response: MomentsView },
      },
    },
    async (request) => {
      const query = request.query;
      return moments(ctx.db, request.principal.companyId, { ...query, zone: dashboardTimeZone() });
    },
  );
}
