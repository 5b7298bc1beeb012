import { Badge, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { AnnouncementView } from '@conversa/contracts';
import { LuMegaphone, LuMegaphoneOff } from 'react-icons/lu';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { useMediaUrl } from '../../shared/media';
import { TopBarPopover } from '../../shared/TopBarPopover';
import { announcementsApi, useAnnouncementPageQuery, useMarkAnnouncementReadMutation } from './api';
import { priorityPalette } from './announcementForm';
import { byPriority, useAnnouncementFrames } from './socket';

const args = { searchParam: '', pageNumber: 1 };

function AnnouncementImage({ url, name }: { url: string; name: string }) {
  const media = useMediaUrl(url);
  return media.status === 'ready' ? <Image src={media.src} alt={name} maxH="160px" borderRadius="md" /> : null;
}

/** The top bar's announcements popover, for every user: the active ones by priority, with the count not yet seen; opening it marks them seen. */
export function AnnouncementsPopover() {
  const t = useT();
  const dispatch = useAppDispatch();
  const isSuper = useAppSelector((state) => state.session.user?.super ?? false);
  const { data } = useAnnouncementPageQuery(args);
  const [markRead] = useMarkAnnouncementReadMutation();
  useAnnouncementFrames(!isSuper);
  const active = (data?.records ?? []).filter((row) => row.status).sort(byPriority);
  const unread = active.filter((row) => !row.read);

  const seen = (rows: readonly AnnouncementView[]) => {
    for (const row of rows) {
      markRead(row.id)
        .unwrap()
        .then(
          () =>
            dispatch(
              announcementsApi.util.updateQueryData('announcementPage', args, (draft) => void draft.records.forEach((r) => r.id === row.id && (r.read = true))),
            ),
          () => undefined,
        );
    }
  };

  return (
    <TopBarPopover
      title={t('announcements.popover.title')}
      icon={<LuMegaphone />}
      count={unread.length}
      empty={active.length === 0}
      emptyIcon={<LuMegaphoneOff />}
      emptyText={t('announcements.popover.empty')}
      testIds={{ button: 'announcements-popover-button', count: 'announcements-popover-count', content: 'announcements-popover' }}
      onOpen={() => seen(unread)}
    >
      {() => (
        <Stack gap="3">
          {active.map((row) => (
            <Stack
              key={row.id}
              gap="1"
              borderStartWidth="3px"
              borderColor={`${priorityPalette(row.priority)}.solid`}
              ps="2"
              data-testid={`announcements-popover-item-${row.id}`}
            >
              <HStack justify="space-between">
                <Text fontWeight="semibold">{row.title}</Text>
                <Badge colorPalette={priorityPalette(row.priority)} size="xs">
                  {t(`announcements.priority.${row.priority as 1 | 2 | 3}`)}
                </Badge>
              </HStack>
              <Text fontSize="sm" whiteSpace="pre-wrap">
                {row.text}
              </Text>
              {row.mediaPath && <AnnouncementImage url={row.mediaPath} name={row.mediaName ?? ''} />}
            </Stack>
          ))}
        </Stack>
      )}
    </TopBarPopover>
  );
}
