import { Center, HStack, Image, Link, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { LuFilm, LuPhone } from 'react-icons/lu';
import { useT } from '../../i18n';
import { useTicketMediaQuery } from '../messages/api';
import { MessageDocument } from '../messages/MessageContent';
import { useMediaUrl } from '../../shared/media';
import type { MessageView as Message } from '@conversa/contracts';

/** Day and minute, as the media lists show a call or a link. */
const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

function MediaThumb({ message }: { message: Message }) {
  const media = useMediaUrl(message.mediaType === 'video' ? null : message.mediaUrl);
  if (message.mediaType === 'video') {
    return (
      <Center aspectRatio="1" bg="bg.muted" borderRadius="l1" title={message.mediaName ?? ''}>
        <LuFilm />
      </Center>
    );
  }
  return media.status === 'ready' ? (
    <Image src={media.src} aspectRatio="1" objectFit="cover" borderRadius="l1" alt={message.mediaName ?? ''} />
  ) : (
    <Skeleton aspectRatio="1" borderRadius="l1" />
  );
}

/** Media panel with tabs Mídia, Documentos, Links, Ligações (GET /messages/getmedia/:ticketId). */
export function MediaTabs({ ticketId }: { ticketId: number }) {
  const t = useT();
  const { data, isLoading } = useTicketMediaQuery(ticketId, { refetchOnMountOrArgChange: true });
  const empty = (
    <Text textStyle="sm" color="fg.muted">
      {t('contactDrawer.media.empty')}
    </Text>
  );
  return (
    <Tabs.Root defaultValue="media" size="sm" variant="line" lazyMount data-testid="contact-media-tabs">
      <Tabs.List>
        <Tabs.Trigger value="media" data-testid="media-tab-media">
          {t('contactDrawer.media.media')}
        </Tabs.Trigger>
        <Tabs.Trigger value="documents" data-testid="media-tab-documents">
          {t('contactDrawer.media.documents')}
        </Tabs.Trigger>
        <Tabs.Trigger value="links" data-testid="media-tab-links">
          {t('contactDrawer.media.links')}
        </Tabs.Trigger>
        <Tabs.Trigger value="calls" data-testid="media-tab-calls">
          {t('contactDrawer.media.calls')}
        </Tabs.Trigger>
      </Tabs.List>
      {isLoading ? (
        <Skeleton h="20" mt="2" />
      ) : (
        <>
          <Tabs.Content value="media">
            {data?.media.length ? (
              <SimpleGrid columns={3} gap="1">
                {data.media.map((message) => (
                  <MediaThumb key={message.id} message={message} />
                ))}
              </SimpleGrid>
            ) : (
              empty
            )}
          </Tabs.Content>
          <Tabs.Content value="documents">
            {data?.documents.length ? (
              <Stack gap="1">
                {data.documents.map((message) => (
                  <MessageDocument key={message.id} message={message} />
                ))}
              </Stack>
            ) : (
              empty
            )}
          </Tabs.Content>
          <Tabs.Content value="links">
            {data?.links.length ? (
              <Stack gap="1">
                {data.links.map((link) => (
                  <Link
                    key={`${link.messageId}-${link.url}`}
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    textStyle="sm"
                    wordBreak="break-all"
                    color="colorPalette.fg"
                  >
                    {link.url}
                  </Link>
                ))}
              </Stack>
            ) : (
              empty
            )}
          </Tabs.Content>
          <Tabs.Content value="calls">
            {data?.calls.length ? (
              <Stack gap="1">
                {data.calls.map((message) => (
                  <HStack key={message.id} gap="2" textStyle="sm">
                    <LuPhone />
                    <Text flex="1">{message.body || t('messages.missedCall')}</Text>
                    <Text color="fg.muted" textStyle="xs">
                      {formatDateTime(message.createdAt)}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            ) : (
              empty
            )}
          </Tabs.Content>
        </>
      )}
    </Tabs.Root>
  );
}
