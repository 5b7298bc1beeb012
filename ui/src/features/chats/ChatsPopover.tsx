import { Box, Stack, Text } from '@chakra-ui/react';
import { LuMessageCircle, LuMessagesSquare } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { TopBarPopover } from '../../shared/TopBarPopover';
import { useChatPageQuery } from './api';
import { unreadsOf, useChatListFrames } from './socket';
import { messagePreview } from '../../shared/whatsappText';

/** The top bar's internal-chat popover (plan flag useInternalChat): the chats with unread messages and their count. */
export function ChatsPopover() {
  const user = useAppSelector((state) => state.session.user);
  if (!user?.company.plan.useInternalChat) return null;
  return <UnreadChats userId={user.id} />;
}

function UnreadChats({ userId }: { userId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const { data } = useChatPageQuery({ searchParam: '', pageNumber: 1 });
  // Mounted with the top bar, so every chat list follows the user's frames on every screen.
  useChatListFrames(userId);
  const unread = (data?.records ?? []).filter((chat) => unreadsOf(chat, userId) > 0);
  return (
    <TopBarPopover
      title={t('chats.popover.title')}
      icon={<LuMessageCircle />}
      count={unread.length}
      empty={unread.length === 0}
      emptyIcon={<LuMessagesSquare />}
      emptyText={t('chats.popover.empty')}
      testIds={{ button: 'chats-popover-button', count: 'chats-popover-count', content: 'chats-popover' }}
    >
      {(close) => (
        <Stack gap="1">
          {unread.map((chat) => (
            <Box
              key={chat.id}
              as="button"
              textAlign="start"
              p="2"
              borderRadius="l2"
              _hover={{ bg: 'bg.muted' }}
              data-testid={`chats-popover-item-${chat.id}`}
              onClick={() => {
                close();
                void navigate(`/chats/${chat.uuid}`);
              }}
            >
              <Text fontWeight="semibold" truncate>
                {chat.title} ({unreadsOf(chat, userId)})
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {messagePreview(chat.lastMessage)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </TopBarPopover>
  );
}
