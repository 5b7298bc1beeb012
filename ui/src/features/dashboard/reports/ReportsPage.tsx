import { Box, Button, Flex, Heading, HStack, Icon, IconButton, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { TicketStatus, REPORT_PAGE_SIZES, REPORT_DEFAULT_PAGE_SIZE, type ReportTicket } from '@conversa/contracts';
import { useState } from 'react';
import { LuDownload, LuExternalLink, LuFilter } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { toaster } from '../../../app/toaster';
import { DataTable, type Column } from '../../../shared/DataTable';
import { SelectField, namedOptions } from '../../../shared/SelectField';
import { useT } from '../../../i18n';
import { useConnectionOptionsQuery, useQueueOptionsQuery, useTagOptionsQuery, useUserOptionsQuery } from '../../tickets/api';
import { useTicketReportQuery } from '../api';
import { dateTime, hoursAndMinutes } from '../period';
import { ContactPicker } from './ContactPicker';
import { downloadReport, exportProgress, formatBytes } from './exportReport';
import { initialReportFilter, reportArgs, type ReportFilterValues } from './reportFilters';
import { CHANNEL_COLORS, CHANNEL_ICONS } from '../../../shared/channelIcons';
import { messagePreview } from '../../../shared/whatsappText';

/** The tickets report (spec 3 §2): filters, a paged table opening each ticket, and the spreadsheet export. */
export default function ReportsPage() {
  const t = useT();
  const navigate = useNavigate();
  const token = useAppSelector((state) => state.session.token);
  const [values, setValues] = useState<ReportFilterValues>(() => initialReportFilter(new Date()));
  const [applied, setApplied] = useState(values);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(REPORT_DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState<{ received: number; rows: number } | null>(null);
  const query = useTicketReportQuery(reportArgs(applied, page, pageSize));
  const { data: connections = [] } = useConnectionOptionsQuery();
  const { data: users = [] } = useUserOptionsQuery();
  const { data: tags = [] } = useTagOptionsQuery();
  const { data: queues = [] } = useQueueOptionsQuery();
  const total = query.data?.totalTickets.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const set = (patch: Partial<ReportFilterValues>) => setValues((current) => ({ ...current, ...patch }));

  const runExport = async () => {
    setExporting({ received: 0, rows: total });
    try {
      const { page: _page, pageSize: _size, ...args } = reportArgs(applied, 1, pageSize);
      await downloadReport(args, token, (received, rows) => setExporting({ received, rows }));
    } catch {
      toaster.create({ type: 'error', title: t('reports.exportFailed') });
    } finally {
      setExporting(null);
    }
  };

  const columns: Column<ReportTicket>[] = [
    { key: 'id', header: 'reports.column.id', render: (row) => row.id },
    {
      key: 'connection',
      header: 'reports.column.connection',
      render: (row) => (
        <HStack gap="1.5" data-testid={`report-connection-${row.id}`} data-channel={row.channel}>
          <Icon as={CHANNEL_ICONS[row.channel]} color={CHANNEL_COLORS[row.channel]} aria-hidden />
          <Text as="span">{row.whatsappName ?? '—'}</Text>
        </HStack>
      ),
    },
    { key: 'contact', header: 'reports.column.contact', render: (row) => row.contactName },
    { key: 'user', header: 'reports.column.user', render: (row) => row.userName ?? '—' },
    { key: 'queue', header: 'reports.column.queue', render: (row) => row.queueName ?? '—' },
    { key: 'status', header: 'reports.column.status', render: (row) => t(`reports.status.${row.status}`) },
    {
      key: 'lastMessage',
      header: 'reports.column.lastMessage',
      render: (row) => messagePreview(row.lastMessage),
      cell: () => ({ maxW: '64', truncate: true }),
    },
    { key: 'createdAt', header: 'reports.column.createdAt', render: (row) => dateTime(row.createdAt) },
    { key: 'closedAt', header: 'reports.column.closedAt', render: (row) => dateTime(row.closedAt) },
    { key: 'supportTime', header: 'reports.column.supportTime', render: (row) => (row.supportTime === null ? '—' : hoursAndMinutes(row.supportTime)) },
    { key: 'nps', header: 'reports.column.nps', render: (row) => row.NPS ?? '—' },
  ];
  const all = t('reports.all');

  return (
    <Stack gap="4" data-testid="reports-page">
      <Flex justify="space-between" align="center">
        <Heading size="xl">{t('reports.title')}</Heading>
        <IconButton
          aria-label={t('reports.export')}
          title={t('reports.export')}
          onClick={() => void runExport()}
          disabled={exporting !== null}
          data-testid="report-export"
        >
          <LuDownload />
        </IconButton>
      </Flex>
      {exporting && (
        <Box data-testid="report-export-progress">
          <Progress.Root value={exportProgress(exporting.received, exporting.rows)} size="sm">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text textStyle="xs">{t('reports.exporting', { received: formatBytes(exporting.received) })}</Text>
        </Box>
      )}
      <Flex gap="3" wrap="wrap" align="end">
        <ContactPicker value={values.contact} onChange={(contact) => set({ contact })} />
        <Box minW="40">
          <SelectField
            label={t('reports.connection')}
            value={values.whatsappId}
            onChange={(whatsappId) => set({ whatsappId })}
            options={namedOptions(connections, all)}
            testId="report-connection"
          />
        </Box>
        <Box minW="36">
          <SelectField
            label={t('reports.status')}
            value={values.status}
            onChange={(status) => set({ status })}
            options={[{ value: '', label: all }, ...TicketStatus.options.map((status) => ({ value: status, label: t(`reports.status.${status}`) }))]}
            testId="report-status"
          />
        </Box>
        <Box minW="40">
          <SelectField
            label={t('reports.user')}
            value={values.userId}
            onChange={(userId) => set({ userId })}
            options={namedOptions(users, all)}
            testId="report-user"
          />
        </Box>
        <Box minW="36">
          <SelectField
            label={t('reports.tag')}
            value={values.tagId}
            onChange={(tagId) => set({ tagId })}
            options={namedOptions(tags, all)}
            testId="report-tag"
          />
        </Box>
        <Box minW="36">
          <SelectField
            label={t('reports.queue')}
            value={values.queueId}
            onChange={(queueId) => set({ queueId })}
            options={namedOptions(queues, all)}
            testId="report-queue"
          />
        </Box>
        <Stack gap="1">
          <Text textStyle="sm">{t('dashboard.from')}</Text>
          <Input type="date" value={values.dateFrom} onChange={(event) => set({ dateFrom: event.target.value })} data-testid="report-from" />
        </Stack>
        <Stack gap="1">
          <Text textStyle="sm">{t('dashboard.to')}</Text>
          <Input type="date" value={values.dateTo} onChange={(event) => set({ dateTo: event.target.value })} data-testid="report-to" />
        </Stack>
        <Button
          onClick={() => {
            setApplied(values);
            setPage(1);
          }}
          data-testid="report-filter"
        >
          <LuFilter /> {t('reports.filter')}
        </Button>
      </Flex>
      {query.isError ? (
        <Text color="fg.error" data-testid="report-error">
          {t('reports.loadFailed')}
        </Text>
      ) : (
        <Box overflowX="auto">
          <DataTable
            rows={query.data?.tickets ?? []}
            columns={columns}
            loading={query.isFetching}
            empty={{ text: 'reports.empty', testId: 'report-empty' }}
            testId="report-table"
            rowTestId={(row) => `report-row-${row.id}`}
            actionsHeader="reports.column.actions"
            actions={[
              {
                key: 'open',
                label: 'reports.openTicket',
                icon: <LuExternalLink />,
                onClick: (row) => void navigate(`/tickets/${row.uuid}`),
                testId: (row) => `report-open-${row.id}`,
              },
            ]}
          />
        </Box>
      )}
      <HStack justify="space-between" wrap="wrap">
        <Text data-testid="report-total">{t('reports.total', { total })}</Text>
        <HStack>
          <Box w="28">
            <SelectField
              label={t('reports.pageSize')}
              value={String(pageSize)}
              onChange={(value) => {
                setPageSize(Number(value));
                setPage(1);
              }}
              options={REPORT_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              testId="report-page-size"
            />
          </Box>
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="report-previous">
            {t('dashboard.previous')}
          </Button>
          <Text data-testid="report-page">{t('dashboard.page', { page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)} data-testid="report-next">
            {t('dashboard.next')}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
