import { Box, Card, Center, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { DashboardSeries } from '@conversa/contracts';
import { ResponsiveBar } from '@nivo/bar';
import { useT, type MessageKey } from '../../i18n';
import { integerTicks, isEmptySeries, shortLabel } from './chartScale';
import { useClosedPerDayQuery, useTicketsPerDayQuery, useTicketsPerQueueQuery, useTicketsPerUserQuery, type PeriodParams } from './api';

/** DD/MM of a YYYY-MM-DD day. */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function Chart(props: {
  title: MessageKey;
  series: DashboardSeries | undefined;
  testId: string;
  label(point: DashboardSeries['data'][number]): string;
  horizontal?: boolean;
}) {
  const t = useT();
  const data = (props.series?.data ?? []).map((point) => ({ label: props.label(point), total: point.total, color: point.color ?? '#3182ce' }));
  // Counts of tickets: whole-number ticks, the scale ending on the last one.
  const ticks = integerTicks(Math.max(0, ...data.map((point) => point.total)));
  const countAxis = { tickValues: ticks };
  return (
    <Card.Root data-testid={props.testId} data-total={props.series?.count}>
      <Card.Header>
        <Heading size="sm">
          {t(props.title)} {props.series ? `(${props.series.count})` : ''}
        </Heading>
      </Card.Header>
      <Card.Body>
        {!props.series ? (
          <Skeleton h="56" />
        ) : isEmptySeries(props.series) ? (
          // A period without tickets: a sentence, not a row of zeros floating on an empty axis.
          <Center h="56" data-testid={`${props.testId}-empty`}>
            <Text color="fg.muted">{t('dashboard.chart.empty')}</Text>
          </Center>
        ) : (
          <Box h="56">
            <ResponsiveBar
              data={data}
              keys={['total']}
              indexBy="label"
              layout={props.horizontal ? 'horizontal' : 'vertical'}
              colors={({ data: datum }) => String(datum.color)}
              margin={{ top: 10, right: 10, bottom: 40, left: props.horizontal ? 100 : 40 }}
              padding={0.3}
              valueScale={{ type: 'linear', min: 0, max: ticks.at(-1)! }}
              axisLeft={props.horizontal ? { format: (label: string | number) => shortLabel(String(label)) } : countAxis}
              axisBottom={props.horizontal ? countAxis : { tickRotation: data.length > 15 ? -45 : 0 }}
              gridXValues={props.horizontal ? ticks : undefined}
              gridYValues={props.horizontal ? undefined : ticks}
              enableGridX={!!props.horizontal}
              enableGridY={!props.horizontal}
              // A day or queue without tickets has no bar: no '0' label floating on the axis either.
              label={(bar) => (bar.value ? String(bar.value) : '')}
              enableLabel={data.length <= 31}
              animate={false}
            />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The dashboard's charts (nivo, in this lazily loaded module): tickets per day, closed per day, per queue and per attendant. */
export default function Charts({ period }: { period: PeriodParams }) {
  const t = useT();
  const perDay = useTicketsPerDayQuery(period);
  const closed = useClosedPerDayQuery(period);
  const perQueue = useTicketsPerQueueQuery(period);
  const perUser = useTicketsPerUserQuery(period);
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <Chart title="dashboard.chart.perDay" series={perDay.data} testId="chart-per-day" label={(point) => dayLabel(point.key)} />
      <Chart title="dashboard.chart.closedPerDay" series={closed.data} testId="chart-closed-per-day" label={(point) => dayLabel(point.key)} />
      <Chart
        title="dashboard.chart.perQueue"
        series={perQueue.data}
        testId="chart-per-queue"
        label={(point) => point.label || t('dashboard.noQueue')}
        horizontal
      />
      <Chart title="dashboard.chart.perUser" series={perUser.data} testId="chart-per-user" label={(point) => point.label || t('dashboard.noUser')} horizontal />
    </SimpleGrid>
  );
}
