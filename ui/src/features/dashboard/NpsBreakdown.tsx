import { Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { lazy } from '../../i18n/lazy';
import { useT } from '../../i18n';
import { useNpsInfoQuery, type PeriodParams } from './api';
import { RATING_EMOJI } from './period';

const RatingPie = lazy(() => import('./RatingPie'));

/** The rating breakdown (GET /dashboard/nps-info): the buckets, each score with its emoji, and a pie. */
export function NpsBreakdown({ period }: { period: PeriodParams }) {
  const t = useT();
  const { data, isLoading } = useNpsInfoQuery(period);
  return (
    <Card.Root data-testid="dashboard-nps">
      <Card.Header>
        <Heading size="md">{t('dashboard.nps')}</Heading>
      </Card.Header>
      <Card.Body>
        {isLoading || !data ? (
          <Skeleton h="24" />
        ) : (
          <Stack gap="3">
            <SimpleGrid columns={4} gap="2">
              {(
                [
                  ['dashboard.nps.total', data.total_notas, 'total'],
                  ['dashboard.nps.good', data.boa, 'good'],
                  ['dashboard.nps.neutral', data.media, 'neutral'],
                  ['dashboard.nps.bad', data.ruim, 'bad'],
                ] as const
              ).map(([label, value, id]) => (
                <Stat.Root key={id} size="sm">
                  <Stat.Label>{t(label)}</Stat.Label>
                  <Stat.ValueText data-testid={`dashboard-nps-${id}`}>{value}</Stat.ValueText>
                </Stat.Root>
              ))}
            </SimpleGrid>
            <HStack justify="space-between">
              {data.byScore.map(({ score, total }) => (
                <Stack key={score} gap="0" align="center" data-testid={`dashboard-score-${score}`}>
                  <Text textStyle="2xl" aria-label={String(score)}>
                    {RATING_EMOJI[score]}
                  </Text>
                  <Text textStyle="sm">{total}</Text>
                </Stack>
              ))}
            </HStack>
            {data.total_notas === 0 ? (
              <Text color="fg.muted">{t('dashboard.nps.none')}</Text>
            ) : (
              <Suspense fallback={<Skeleton h="40" />}>
                <RatingPie
                  good={data.boa}
                  neutral={data.media}
                  bad={data.ruim}
                  labels={{ good: t('dashboard.nps.good'), neutral: t('dashboard.nps.neutral'), bad: t('dashboard.nps.bad') }}
                />
              </Suspense>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
