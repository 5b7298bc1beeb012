import { Box, Button, Image, Spinner, Text } from '@chakra-ui/react';
import type { ChatMessageView } from '@conversa/contracts';
import { LuDownload } from 'react-icons/lu';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { downloadMedia, useMediaUrl } from '../../shared/media';

const time = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A chat file, fetched as a blob from its media path (the route wants the bearer token). */
function ChatMedia({ message }: { message: ChatMessageView }) {
  const t = useT();
  const token = useAppSelector((state) => state.session.token);
  const media = useMediaUrl(message.mediaType === 'other' ? null : message.mediaPath);
  const name = message.mediaName ?? '';
  if (message.mediaType === 'other' || media.status === 'error') {
    return (
      <Button size="xs" variant="outline" onClick={() => message.mediaPath && downloadMedia(message.mediaPath, name, token)} data-testid="chat-media-download">
        <LuDownload /> {t('chats.download', { name })}
      </Button>
    );
  }
  if (media.status === 'loading') return <Spinner size="sm" />;
  if (message.mediaType === 'image') return <Image src={media.src} alt={name} maxW="260px" maxH="260px" borderRadius="md" data-testid="chat-media-image" />;
  if (message.mediaType === 'audio') return <audio controls src={media.src} data-testid="chat-media-audio" />;
  return <video controls src={media.src} style={{ maxWidth: 260 }} data-testid="chat-media-video" />;
}

export function ChatBubble({ message, mine }: { message: ChatMessageView; mine: boolean }) {
  return (
    <Box
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW="75%"
      bg={mine ? 'green.subtle' : 'bg.muted'}
      borderRadius="lg"
      px="3"
      py="2"
      data-testid="chat-message"
      data-mine={mine ? 'true' : 'false'}
    >
      {!mine && (
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
          {message.sender.name}
        </Text>
      )}
      {message.mediaPath && <ChatMedia message={message} />}
      {message.message !== '' && (
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {message.message}
        </Text>
      )}
      <Text fontSize="2xs" color="fg.muted" textAlign="end">
        {time(message.createdAt)}
      </Text>
    </Box>
  );
}
