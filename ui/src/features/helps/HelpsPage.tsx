import { Box, Button, Card, chakra, Heading, HStack, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { HelpView } from '@conversa/contracts';
import { useT } from '../../i18n';
import { useHelpsQuery } from './api';
import { HelpThumbnail, HelpVideoModal } from './HelpVideo';

/** /helps: every user's grid of help videos; a card opens the video in a modal. */
export default function HelpsPage() {
  const t = useT();
  const { data: helps = [], isLoading, isError, refetch } = useHelpsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [playing, setPlaying] = useState<HelpView | null>(null);

  return (
    <Box maxW="7xl" mx="auto" data-testid="helps-page">
      <Heading size="xl" mb="4">
        {t('helps.gridTitle')}
      </Heading>
      {isLoading ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : isError ? (
        <HStack>
          <Text color="fg.error">{t('helps.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => refetch()}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : helps.length === 0 ? (
        <Text color="fg.muted" data-testid="helps-empty">
          {t('helps.gridEmpty')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4" data-testid="helps-grid">
          {helps.map((help) => (
            <Card.Root key={help.id} overflow="hidden" variant="outline" data-testid={`help-card-${help.id}`}>
              <chakra.button
                type="button"
                textAlign="start"
                cursor="pointer"
                onClick={() => setPlaying(help)}
                aria-label={t('helps.play', { title: help.title })}
                data-testid={`help-card-open-${help.id}`}
              >
                <HelpThumbnail video={help.video} title={help.title} />
                <Card.Body gap="1" p="4">
                  <Card.Title lineClamp={2}>{help.title}</Card.Title>
                  {help.description && (
                    <Card.Description lineClamp={3} whiteSpace="pre-wrap">
                      {help.description}
                    </Card.Description>
                  )}
                </Card.Body>
              </chakra.button>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      <HelpVideoModal help={playing} onClose={() => setPlaying(null)} />
    </Box>
  );
}
