import { Box, Button, Card, Flex, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import type { DashboardFigure } from '@conversa/contracts';
import { Suspense, useState } from 'react';
import { lazy } from '../../i18n/lazy';
import { SelectField } from '../../shared/SelectField';
import { useT, type MessageKey } from '../../i18n';
import { useDashboardQuery } from './api';
import { AttendantsTable, FeaturedAttendant } from './AttendantsTable';
import { FigureTicketsDialog } from './FigureTicketsDialog';
import { SlaFiguresCard } from './SlaFiguresCard';
import { NpsBreakdown } from './NpsBreakdown';
import { hoursAndMinutes, PERIOD_OPTIONS, periodParams, type PeriodFilter } from './period';
import { useDashboardLive } from './socket';

// nivo stays out of the app's chunks until a dashboard draws its charts.
const Charts = lazy(() => import('./Charts'));

interface CardSpec {
  key: 'supportPending' | 'supportHappening' | 'supportFinished' | 'leads' | 'avgSupportTime' | 'avgWaitTime';
  label: MessageKey;
  /** The figure its number opens on. */
  figure: DashboardFigure;
  time?: boolean;
}

const CARDS: readonly CardSpec[] = [
  { key: 'supportPending', label: 'dashboard.card.supportPending', figure: 'supportPending' },
  { key: 'supportHappening', label: 'dashboard.card.supportHappening', figure: 'supportHappening' },
  { key: 'supportFinished', label: 'dashboard.card.supportFinished', figure: 'supportFinished' },
  { key: 'leads', label: 'dashboard.card.leads', figure: 'leads' },
  { key: 'avgSupportTime', label: 'dashboard.card.avgSupportTime', figure: 'supportFinished', time: true },
  { key: 'avgWaitTime', label: 'dashboard.card.avgWaitTime', figure: 'waited', time: true },
];

/** The dashboard at `/` (admin, or a user with showDashboard): cards, attendants, ratings and charts of a period. */
export default function DashboardPage() {
  const t = useT();
  const [filter, setFilter] = useState<PeriodFilter>({ days: 7, from: '', to: '' });
  const [opened, setOpened] = useState<{ figure: DashboardFigure; label: MessageKey; user?: { id: number; name: string } } | null>(null);
  const period = periodParams(filter);
  const query = useDashboardQuery(period ?? { days: 7 }, { skip: !period });
  useDashboardLive();
  const counters = query.data?.counters;

  return (
    <Stack gap="6" data-testid="dashboard-page">
      <Flex justify="space-between" align="end" wrap="wrap" gap="3">
        <Heading size="xl">{t('dashboard.title')}</Heading>
        <HStack gap="3" align="end" wrap="wrap">
          <Box minW="48">
            <SelectField
              label={t('dashboard.period')}
              value={filter.days === null ? 'range' : String(filter.days)}
              onChange={(value) => setFilter((current) => ({ ...current, days: value === 'range' ? null : Number(value) }))}
              options={[
                ...PERIOD_OPTIONS.map((days) => ({ value: String(days), label: t('dashboard.lastDays', { days }) })),
                { value: 'range', label: t('dashboard.range') },
              ]}
              testId="dashboard-period"
            />
          </Box>
          {filter.days === null && (
            <>
              <Stack gap="1">
                <Text textStyle="sm">{t('dashboard.from')}</Text>
                <Input
                  type="date"
                  value={filter.from}
                  onChange={(event) => setFilter((current) => ({ ...current, from: event.target.value }))}
                  data-testid="dashboard-from"
                />
              </Stack>
              <Stack gap="1">
                <Text textStyle="sm">{t('dashboard.to')}</Text>
                <Input
                  type="date"
                  value={filter.to}
                  onChange={(event) => setFilter((current) => ({ ...current, to: event.target.value }))}
                  data-testid="dashboard-to"
                />
              </Stack>
            </>
          )}
        </HStack>
      </Flex>

      {!period ? (
        <Text color="fg.muted" data-testid="dashboard-no-filter">
          {t('dashboard.noFilter')}
        </Text>
      ) : query.isError ? (
        <HStack gap="3" data-testid="dashboard-error">
          <Text color="fg.error">{t('dashboard.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 6 }} gap="4">
            {CARDS.map((card) => (
              <Card.Root key={card.key} data-testid={`dashboard-card-${card.key}`}>
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{t(card.label)}</Stat.Label>
                    {counters ? (
                      <Stat.ValueText data-testid={`dashboard-value-${card.key}`}>
                        {card.time ? hoursAndMinutes(counters[card.key]) : counters[card.key]}
                      </Stat.ValueText>
                    ) : (
                      <Skeleton h="8" />
                    )}
                  </Stat.Root>
                  <Button
                    mt="2"
                    size="xs"
                    variant="ghost"
                    onClick={() => setOpened({ figure: card.figure, label: card.label })}
                    data-testid={`dashboard-open-${card.key}`}
                  >
                    {t('dashboard.card.open')}
                  </Button>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
            <Box gridColumn={{ lg: 'span 2' }}>
              <AttendantsTable
                rows={query.data?.attendants ?? []}
                loading={query.isLoading}
                onOpen={(attendant) => setOpened({ figure: 'tickets', label: 'dashboard.column.tickets', user: attendant })}
              />
            </Box>
            <Stack gap="4">
              <FeaturedAttendant period={period} />
              <NpsBreakdown period={period} />
            </Stack>
          </SimpleGrid>

          <SlaFiguresCard period={period} />

          <Suspense fallback={<Skeleton h="64" />}>
            <Charts period={period} />
          </Suspense>
        </>
      )}
      {opened && period && (
        <FigureTicketsDialog period={period} figure={opened.figure} label={opened.label} user={opened.user} onClose={() => setOpened(null)} />
      )}
    </Stack>
  );
}
