import { Badge, Box, Card, DataList, Flex, Heading, HStack, Icon, SimpleGrid, Stack, Stat, Text, Wrap } from '@chakra-ui/react';
import { LuCheck, LuX } from 'react-icons/lu';
import type { PlanFlag } from '@conversa/contracts';
import { daysUntil, formatDate } from '../../app/dates';
import { useAppSelector } from '../../app/store';
import { useT, type MessageKey } from '../../i18n';

const planFlags: readonly PlanFlag[] = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
];

/** Company 1 is stamped 2999-12-31: a date that far away means "no due date". */
const NEVER_EXPIRES_DAYS = 365 * 100;

/** The account summary shown at `/` until the dashboard takes the path. */
export default function HomePage() {
  const t = useT();
  const user = useAppSelector((state) => state.session.user)!;
  const { company } = user;
  const days = daysUntil(company.dueDate, new Date());
  const profileKey: MessageKey = user.super ? 'profileKind.super' : `profileKind.${user.profile}`;

  return (
    <Stack gap="6" maxW="6xl" mx="auto" data-testid="home-page">
      <Box>
        <Heading size="2xl">{t('home.greeting', { name: user.name })}</Heading>
        <Text color="fg.muted">{t('home.intro', { company: company.name })}</Text>
      </Box>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Card.Root>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('home.company')}</Stat.Label>
              <Stat.ValueText data-testid="home-company">{company.name}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('home.plan')}</Stat.Label>
              <Stat.ValueText data-testid="home-plan">{company.plan.name}</Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t('home.subscription')}</Stat.Label>
              <Stat.ValueText data-testid="home-due-date">{days >= NEVER_EXPIRES_DAYS ? t('home.neverExpires') : formatDate(company.dueDate)}</Stat.ValueText>
              {days < NEVER_EXPIRES_DAYS && (
                <Badge alignSelf="flex-start" colorPalette={days < 0 ? 'red' : days < 5 ? 'orange' : 'green'}>
                  {days < 0 ? t('home.expired') : t('home.daysLeft', { days })}
                </Badge>
              )}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Card.Root>
          <Card.Header>
            <Card.Title>{t('home.features')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" data-testid="home-features">
              {planFlags.map((flag) => {
                const enabled = company.plan[flag];
                return (
                  <HStack key={flag} gap="2" data-flag={flag} data-enabled={enabled}>
                    <Icon color={enabled ? 'green.fg' : 'fg.subtle'} aria-label={enabled ? t('home.feature.enabled') : t('home.feature.disabled')}>
                      {enabled ? <LuCheck /> : <LuX />}
                    </Icon>
                    <Text color={enabled ? 'fg' : 'fg.subtle'}>{t(`plan.${flag}`)}</Text>
                  </HStack>
                );
              })}
            </SimpleGrid>
          </Card.Body>
        </Card.Root>

        <Stack gap="4">
          <Card.Root>
            <Card.Header>
              <Card.Title>{t('home.planLimits')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={3} gap="4">
                {(['users', 'connections', 'queues'] as const).map((limit) => (
                  <Stat.Root key={limit}>
                    <Stat.Label>{t(`home.limit.${limit}`)}</Stat.Label>
                    <Stat.ValueText>{company.plan[limit]}</Stat.ValueText>
                  </Stat.Root>
                ))}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>

          <Card.Root>
            <Card.Header>
              <Card.Title>{t('home.you')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>{t('home.profile')}</DataList.ItemLabel>
                  <DataList.ItemValue>{t(profileKey)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('home.language')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="home-language">{t(`language.${user.language}`)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('home.queues')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    {user.queues.length === 0 ? (
                      <Text color="fg.muted">{t('home.noQueues')}</Text>
                    ) : (
                      <Wrap gap="2" data-testid="home-queues">
                        {user.queues.map((queue) => (
                          <Badge key={queue.id} variant="outline" size="md">
                            <Flex as="span" boxSize="2.5" borderRadius="full" bg={queue.color} />
                            {queue.name}
                          </Badge>
                        ))}
                      </Wrap>
                    )}
                  </DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
