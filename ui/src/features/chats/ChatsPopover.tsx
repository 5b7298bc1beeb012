import { Badge, Box, EmptyState, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMessageCircle, LuMessagesSquare } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { useChatPageQuery } from './api';
import { unreadsOf, useChatListFrames } from './socket';

/** The top bar's internal-chat popover (plan flag useInternalChat): the chats with unread messages and their count. */
export function ChatsPopover() {
  const user = useAppSelector((state) => state.session.user);
  if (!user?.company.plan.useInternalChat) return null;
  return <UnreadChats userId={user.id} />;
}

function UnreadChats({ userId }: { userId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data } = useChatPageQuery({ searchParam: '', pageNumber: 1 });
  // Mounted with the top bar, so every chat list follows the user's frames on every screen.
  useChatListFrames(userId);
  const unread = (data?.records ?? []).filter((chat) => unreadsOf(chat, userId) > 0);
  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Box position="relative">
          <IconButton aria-label={t('chats.popover.title')} title={t('chats.popover.title')} variant="ghost" data-testid="chats-popover-button">
            <LuMessageCircle />
          </IconButton>
          {unread.length > 0 && (
            <Badge position="absolute" top="0" insetEnd="0" colorPalette="red" variant="solid" borderRadius="full" size="xs" pointerEvents="none" data-testid="chats-popover-count">
              {unread.length}
            </Badge>
          )}
        </Box>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxWidth="350px" width="350px" data-testid="chats-popover">
            <Popover.Header fontWeight="semibold">{t('chats.popover.title')}</Popover.Header>
            <Popover.Body maxHeight="350px" overflowY="auto" pt="0">
              {unread.length === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <LuMessagesSquare />
                    </EmptyState.Indicator>
                    <EmptyState.Description>{t('chats.popover.empty')}</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
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
                        setOpen(false);
                        navigate(`/chats/${chat.uuid}`);
                      }}
                    >
                      <Text fontWeight="semibold" truncate>
                        {chat.title} ({unreadsOf(chat, userId)})
                      </Text>
                      <Text fontSize="sm" color="fg.muted" truncate>
                        {chat.lastMessage}
                      </Text>
                    </Box>
                  ))}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
