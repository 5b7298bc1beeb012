import { Box, Center, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ChatView } from '@conversa/contracts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { useChatMessagesQuery, useMarkChatReadMutation } from './api';
import { ChatBubble } from './ChatBubble';
import { ChatComposer } from './ChatComposer';
import { useChatRoomFrames, unreadsOf } from './socket';

/** Older messages load when the list is scrolled within this many pixels of its top. */
export const LOAD_OLDER_WITHIN_PX = 600;
/** After a new message the list scrolls to the newest after this delay (images take a moment to lay out). */
export const SCROLL_TO_NEWEST_MS = 300;

/** One chat: its messages (older pages on scrolling up), the input; opening it marks it read. */
export function ChatConversation({ chat }: { chat: ChatView }) {
  const t = useT();
  const me = useAppSelector((state) => state.session.user)!;
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isFetching, isLoading } = useChatMessagesQuery({ chatId: chat.id, pageNumber });
  const [markRead] = useMarkChatReadMutation();
  const list = useRef<HTMLDivElement>(null);
  // The height before an older page was prepended, to keep the reader where they were.
  const heightBeforeOlder = useRef<number | null>(null);
  const unread = unreadsOf(chat, me.id);

  const scrollToNewest = useCallback(() => {
    setTimeout(() => {
      const element = list.current;
      if (element) element.scrollTop = element.scrollHeight;
    }, SCROLL_TO_NEWEST_MS);
  }, []);

  useEffect(() => {
    setPageNumber(1);
    scrollToNewest();
  }, [chat.id, scrollToNewest]);

  // Opening a chat marks it read; so does each message arriving while it is open.
  useEffect(() => {
    if (unread > 0) void markRead({ chatId: chat.id, userId: me.id });
  }, [chat.id, unread, me.id, markRead]);

  useChatRoomFrames(chat.id, scrollToNewest);

  useLayoutEffect(() => {
    const element = list.current;
    if (element && heightBeforeOlder.current !== null && !isFetching) {
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
  }, [data, isFetching]);

  const onScroll = () => {
    const element = list.current;
    if (!element || !data?.hasMore || isFetching) return;
    if (element.scrollTop < LOAD_OLDER_WITHIN_PX) {
      heightBeforeOlder.current = element.scrollHeight;
      setPageNumber(data.pageNumber + 1);
    }
  };

  const messages = data?.records ?? [];
  return (
    <Flex direction="column" h="full" minH="0" data-testid="chat-conversation">
      <Box px="4" py="2" borderBottomWidth="1px">
        <Text fontWeight="semibold" data-testid="chat-conversation-title">
          {chat.title}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {chat.users.map((member) => member.user.name).join(', ')}
        </Text>
      </Box>
      <Box ref={list} flex="1" minH="0" overflowY="auto" p="3" onScroll={onScroll} data-testid="chat-messages">
        {isFetching && pageNumber > 1 && (
          <Center py="2">
            <Spinner size="sm" />
          </Center>
        )}
        {isLoading ? (
          <Center h="full">
            <Spinner />
          </Center>
        ) : messages.length === 0 ? (
          <Center h="full">
            <Text color="fg.muted">{t('chats.noMessages')}</Text>
          </Center>
        ) : (
          <Stack gap="2">
            {messages.map((message) => (
              <ChatBubble key={message.id} message={message} mine={message.senderId === me.id} />
            ))}
          </Stack>
        )}
      </Box>
      <ChatComposer chatId={chat.id} onSent={scrollToNewest} />
    </Flex>
  );
}
