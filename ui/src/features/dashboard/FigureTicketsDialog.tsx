import { Button, CloseButton, Dialog, HStack, Link, Portal, Text } from '@chakra-ui/react';
import type { DashboardFigure, FigureTicket } from '@conversa/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type Column } from '../../shared/DataTable';
import { useT, type MessageKey } from '../../i18n';
import { useFigureTicketsQuery, type PeriodParams } from './api';
import { dateTime } from './period';

/** The tickets behind a card's number (GET /dashboard/tickets), ten a page, each opening its conversation. */
export function FigureTicketsDialog(props: {
  period: PeriodParams;
  figure: DashboardFigure;
  label: MessageKey;
  user?: { id: number; name: string };
  onClose(): void;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useFigureTicketsQuery({ period: props.period, figure: props.figure, userId: props.user?.id, page });
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / 10));
  const columns: Column<FigureTicket>[] = [
    { key: 'id', header: 'reports.column.id', render: (row) => row.id },
    { key: 'contact', header: 'dashboard.tickets.contact', render: (row) => row.contactName },
    { key: 'user', header: 'dashboard.tickets.user', render: (row) => row.userName ?? '—' },
    { key: 'queue', header: 'dashboard.tickets.queue', render: (row) => row.queueName ?? '—' },
    { key: 'status', header: 'dashboard.tickets.status', render: (row) => t(`reports.status.${row.status}`) },
    { key: 'created', header: 'dashboard.tickets.created', render: (row) => dateTime(row.createdAt) },
    {
      key: 'open',
      header: 'dashboard.tickets.open',
      render: (row) => (
        <Link asChild colorPalette="blue">
          <RouterLink to={`/tickets/${row.uuid}`}>{t('dashboard.tickets.open')}</RouterLink>
        </Link>
      ),
    },
  ];
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && props.onClose()} size="xl" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="figure-tickets-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('dashboard.tickets.title', { figure: props.user ? `${t(props.label)} · ${props.user.name}` : t(props.label) })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DataTable
                rows={data?.tickets ?? []}
                columns={columns}
                loading={isFetching && !data}
                empty={{ text: 'dashboard.tickets.empty' }}
                testId="figure-tickets"
                rowTestId={(row) => `figure-ticket-${row.id}`}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <HStack justify="space-between" w="full">
                <Text data-testid="figure-tickets-count">{t('reports.total', { total: data?.count ?? 0 })}</Text>
                <HStack>
                  <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('dashboard.previous')}
                  </Button>
                  <Text>{t('dashboard.page', { page, pages })}</Text>
                  <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    {t('dashboard.next')}
                  </Button>
                </HStack>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
