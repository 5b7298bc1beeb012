import { Box, Button, HStack, Icon, IconButton, Image, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuDownload, LuFileText, LuMapPin, LuPause, LuPhoneMissed, LuPlay, LuUser } from 'react-icons/lu';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { nextAudioRate, rememberAudioRate, storedAudioRate } from './audioRate';
import { downloadMedia, useMediaUrl } from '../../shared/media';
import type { MessageView as Message } from '@conversa/contracts';
import { parseVCard } from './vcard';

/** Thumbnails have a fixed box so a picture that finishes loading does not move the rows around it. */
const THUMB_HEIGHT = 200;
const THUMB_WIDTH = 260;

export function MessageImage({ message, onOpen }: { message: Message; onOpen: () => void }) {
  const t = useT();
  const media = useMediaUrl(message.mediaUrl);
  const sticker = message.mediaType === 'sticker';
  // Never wider than the bubble on a narrow conversation column.
  const size = sticker ? { w: '128px', h: '128px' } : { w: `min(${THUMB_WIDTH}px, 100%)`, h: `${THUMB_HEIGHT}px` };
  if (media.status !== 'ready') {
    return media.status === 'loading' ? (
      <Skeleton {...size} borderRadius="l2" />
    ) : (
      <Text textStyle="sm" color="fg.muted">
        {t('messages.mediaUnavailable')}
      </Text>
    );
  }
  return (
    <Box
      as="button"
      onClick={onOpen}
      cursor="zoom-in"
      {...size}
      borderRadius="l2"
      overflow="hidden"
      bg="bg.muted"
      data-testid={`message-image-${message.id}`}
      aria-label={t('messages.openImage')}
    >
      <Image src={media.src} alt={message.mediaName ?? ''} w="100%" h="100%" objectFit={sticker ? 'contain' : 'cover'} />
    </Box>
  );
}

export function MessageVideo({ message }: { message: Message }) {
  const t = useT();
  const media = useMediaUrl(message.mediaUrl);
  if (media.status === 'loading') return <Skeleton w={`min(${THUMB_WIDTH}px, 100%)`} h={`${THUMB_HEIGHT}px`} borderRadius="l2" />;
  if (media.status === 'error')
    return (
      <Text textStyle="sm" color="fg.muted">
        {t('messages.mediaUnavailable')}
      </Text>
    );
  return (
    <Box asChild w={`min(${THUMB_WIDTH}px, 100%)`} h={`${THUMB_HEIGHT}px`} bg="black" borderRadius="l2">
      <video src={media.src} controls preload="metadata" data-testid={`message-video-${message.id}`} />
    </Box>
  );
}

const formatSeconds = (value: number) => {
  if (!Number.isFinite(value) || value < 0) return '0:00';
  const seconds = Math.floor(value);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Speeds 0.5, 1, 1.5 and 2, remembered for the next voice note. */
export function AudioPlayer({ message }: { message: Message }) {
  const t = useT();
  const media = useMediaUrl(message.mediaUrl);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(storedAudioRate);
  const [position, setPosition] = useState({ current: 0, duration: 0 });

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate, media.status]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play();
    else element.pause();
  };
  const changeRate = () => {
    const next = nextAudioRate(rate);
    rememberAudioRate(next);
    setRate(next);
  };

  return (
    <HStack gap="2" w="min(280px, 100%)" minW="0" data-testid={`message-audio-${message.id}`}>
      {media.status === 'ready' && (
        <audio
          ref={audio}
          src={media.src}
          preload="metadata"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onLoadedMetadata={(event) => setPosition({ current: 0, duration: event.currentTarget.duration })}
          onTimeUpdate={(event) => setPosition({ current: event.currentTarget.currentTime, duration: event.currentTarget.duration })}
        />
      )}
      <IconButton
        size="sm"
        variant="ghost"
        rounded="full"
        onClick={toggle}
        disabled={media.status !== 'ready'}
        aria-label={t(playing ? 'messages.audio.pause' : 'messages.audio.play')}
        data-testid="audio-play"
      >
        {playing ? <LuPause /> : <LuPlay />}
      </IconButton>
      <Box flex="1">
        <input
          type="range"
          min={0}
          max={position.duration || 0}
          step={0.1}
          value={position.current}
          aria-label={t('messages.audio.position')}
          style={{ width: '100%' }}
          onChange={(event) => {
            if (audio.current) audio.current.currentTime = Number(event.target.value);
          }}
        />
        <Text textStyle="xs" color="fg.muted">
          {formatSeconds(position.current)} / {formatSeconds(position.duration)}
        </Text>
      </Box>
      <Button size="xs" variant="subtle" rounded="full" onClick={changeRate} aria-label={t('messages.audio.speed')} data-testid="audio-rate">
        {rate}x
      </Button>
    </HStack>
  );
}

const formatSize = (bytes: number | null) => {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

export function MessageDocument({ message }: { message: Message }) {
  const t = useT();
  const token = useAppSelector((state) => state.session.token);
  const name = message.mediaName ?? t('messages.document');
  return (
    <HStack gap="3" p="2" borderRadius="l2" bg="bg.subtle" w="min(320px, 100%)" minW="0" data-testid={`message-document-${message.id}`}>
      <Icon as={LuFileText} boxSize="6" color="fg.muted" />
      <Stack gap="0" flex="1" minW="0">
        <Text textStyle="sm" fontWeight="medium" truncate title={name}>
          {name}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {formatSize(message.mediaSize)}
        </Text>
      </Stack>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t('messages.download')}
        onClick={() => message.mediaUrl && void downloadMedia(message.mediaUrl, name, token)}
        data-testid="document-download"
      >
        <LuDownload />
      </IconButton>
    </HStack>
  );
}

export function MessageLocation({ message }: { message: Message }) {
  const t = useT();
  const location = message.location;
  if (!location) return null;
  const href = `https://www.google.com/maps/search/?api=1&query=${location.latitude},${location.longitude}`;
  return (
    <HStack gap="2" data-testid={`message-location-${message.id}`}>
      <Icon as={LuMapPin} color="red.fg" />
      <Stack gap="0">
        <Text textStyle="sm" fontWeight="medium">
          {location.name || t('messages.location')}
        </Text>
        <Link href={href} target="_blank" rel="noopener noreferrer" textStyle="xs" color="colorPalette.fg">
          {t('messages.openMap')} ({location.latitude.toFixed(5)}, {location.longitude.toFixed(5)})
        </Link>
      </Stack>
    </HStack>
  );
}

export function MessageContactCard({ message, onTalk }: { message: Message; onTalk?: (contact: { name: string; number: string }) => void }) {
  const t = useT();
  const card = parseVCard(message.body);
  if (!card) return <Text textStyle="sm">{t('messages.contactCard')}</Text>;
  return (
    <Stack gap="2" minW="0" data-testid={`message-contact-${message.id}`}>
      <HStack gap="2">
        <Icon as={LuUser} boxSize="5" color="fg.muted" />
        <Stack gap="0">
          <Text textStyle="sm" fontWeight="medium">
            {card.name}
          </Text>
          <Text textStyle="xs" color="fg.muted">
            {card.number ? `+${card.number}` : t('contacts.number.unavailable')}
          </Text>
        </Stack>
      </HStack>
      {onTalk && card.number && (
        <Button size="xs" variant="outline" onClick={() => onTalk(card)} data-testid="contact-card-talk">
          {t('messages.talkToContact')}
        </Button>
      )}
    </Stack>
  );
}

/** A call shows as a log line with its time. */
export function CallLogLine({ message, time }: { message: Message; time: string }) {
  const t = useT();
  return (
    <HStack justify="center" py="1" data-testid={`message-call-${message.id}`}>
      <HStack gap="2" px="3" py="1" borderRadius="full" bg="bg.muted" color="fg.muted" textStyle="xs">
        <LuPhoneMissed />
        <Text>{message.body.trim() || t('messages.missedCall')}</Text>
        <Text>{time}</Text>
      </HStack>
    </HStack>
  );
}
