import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AttendantFigures } from '@conversa/contracts';
import { DataTable, type Column } from '../../shared/DataTable';
import { useT } from '../../i18n';
import { useUserInfoQuery, type PeriodParams } from './api';
import { hoursAndMinutes, RATING_EMOJI } from './period';

const stars = (rating: number | null) => (rating === null ? '—' : `${RATING_EMOJI[Math.round(rating)] ?? ''} ${rating.toFixed(1)}`);

/** The attendants table: the period's figures of each user, their presence and the tickets they hold now. */
export function AttendantsTable({ rows, loading, onOpen }: { rows: readonly AttendantFigures[]; loading: boolean; onOpen(attendant: AttendantFigures): void }) {
  const t = useT();
  const columns: Column<AttendantFigures>[] = [
    { key: 'name', header: 'dashboard.column.name', render: (row) => row.name },
    { key: 'rating', header: 'dashboard.column.rating', render: (row) => stars(row.rating) },
    { key: 'countRating', header: 'dashboard.column.countRating', render: (row) => row.countRating, align: 'end' },
    {
      key: 'tickets',
      header: 'dashboard.column.tickets',
      // The number opens on the attendant's tickets of the period.
      render: (row) => (
        <Button size="xs" variant="ghost" disabled={row.tickets === 0} onClick={() => onOpen(row)} data-testid={`attendant-tickets-${row.id}`}>
          {row.tickets}
        </Button>
      ),
      align: 'end',
    },
    { key: 'avgWaitTime', header: 'dashboard.column.avgWaitTime', render: (row) => hoursAndMinutes(row.avgWaitTime), align: 'end' },
    { key: 'avgSupportTime', header: 'dashboard.column.avgSupportTime', render: (row) => hoursAndMinutes(row.avgSupportTime), align: 'end' },
    {
      key: 'online',
      header: 'dashboard.column.online',
      render: (row) => <Badge colorPalette={row.online ? 'green' : 'gray'}>{t(row.online ? 'dashboard.online' : 'dashboard.offline')}</Badge>,
    },
    { key: 'live', header: 'dashboard.column.live', render: (row) => row.live, align: 'end', cell: (row) => ({ 'data-testid': `attendant-live-${row.id}` }) },
  ];
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{t('dashboard.attendants')}</Heading>
      </Card.Header>
      <Card.Body overflowX="auto">
        <DataTable rows={rows} columns={columns} loading={loading} testId="dashboard-attendants" rowTestId={(row) => `attendant-row-${row.id}`} />
      </Card.Body>
    </Card.Root>
  );
}

/** The period's featured attendant (GET /dashboard/user-info). */
export function FeaturedAttendant({ period }: { period: PeriodParams }) {
  const t = useT();
  const { data, isLoading } = useUserInfoQuery(period);
  const featured = data?.featured;
  return (
    <Card.Root data-testid="dashboard-featured">
      <Card.Header>
        <Heading size="md">{t('dashboard.featured')}</Heading>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Skeleton h="10" />
        ) : featured ? (
          <Stack gap="1">
            <HStack>
              <Text fontWeight="semibold" textStyle="lg" data-testid="dashboard-featured-name">
                {featured.name}
              </Text>
            </HStack>
            <Text color="fg.muted">{t('dashboard.featuredLine', { finished: featured.finished, rating: stars(featured.rating) })}</Text>
          </Stack>
        ) : (
          <Text color="fg.muted">{t('dashboard.featuredNone')}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
