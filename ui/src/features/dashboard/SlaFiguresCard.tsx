import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { SlaFigureRow } from '@conversa/contracts';
import { useT } from '../../i18n';
import { DataTable, type Column } from '../../shared/DataTable';
import { useSlaFiguresQuery, type PeriodParams } from './api';

/** A clock's two columns: met, and breached (in red when any). */
const clockColumns = (clock: 'firstResponse' | 'resolution', key: 'first' | 'resolution'): Column<SlaFigureRow>[] => [
  { key: `${key}Met`, header: `dashboard.sla.${key}Met`, render: (row) => row[clock].met, align: 'end' },
  {
    key: `${key}Breached`,
    header: `dashboard.sla.${key}Breached`,
    render: (row) => row[clock].breached,
    align: 'end',
    cell: (row) => ({ color: row[clock].breached > 0 ? 'red.fg' : undefined }),
  },
];

const columns = (name: 'dashboard.sla.queue' | 'dashboard.sla.attendant'): Column<SlaFigureRow>[] => [
  { key: 'name', header: name, render: (row) => row.name },
  ...clockColumns('firstResponse', 'first'),
  ...clockColumns('resolution', 'resolution'),
];

/** SLA clocks met and breached of the period's tickets, per queue and per attendant (docs/metrics.md "SLA"). */
export function SlaFiguresCard({ period }: { period: PeriodParams }) {
  const t = useT();
  const { data, isLoading } = useSlaFiguresQuery(period);
  return (
    <Card.Root data-testid="dashboard-sla">
      <Card.Header>
        <Heading size="md">{t('dashboard.sla.title')}</Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('dashboard.sla.help')}
        </Text>
      </Card.Header>
      <Card.Body>
        {isLoading || !data ? (
          <Skeleton h="24" />
        ) : (
          <Stack gap="4">
            <DataTable
              rows={data.queues}
              columns={columns('dashboard.sla.queue')}
              testId="dashboard-sla-queues"
              rowTestId={(row) => `dashboard-sla-queue-${row.id}`}
              empty={{ text: 'dashboard.sla.empty' }}
            />
            <DataTable
              rows={data.users}
              columns={columns('dashboard.sla.attendant')}
              testId="dashboard-sla-users"
              rowTestId={(row) => `dashboard-sla-user-${row.id}`}
              empty={{ text: 'dashboard.sla.empty' }}
            />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
