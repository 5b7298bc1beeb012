import { Badge, Box, Center, HStack, IconButton, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ChatView } from '@conversa/contracts';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { unreadsOf } from './socket';
import { messagePreview } from '../../shared/whatsappText';

/** The user's chats, most recent first, each with its unread count; the owner sees edit and delete. */
export function ChatList(props: {
  chats: readonly ChatView[];
  loading: boolean;
  hasMore: boolean;
  selectedId: number | null;
  search: string;
  onSearch(value: string): void;
  onSelect(chat: ChatView): void;
  onEdit(chat: ChatView): void;
  onDelete(chat: ChatView): void;
  onMore(): void;
}) {
  const t = useT();
  const me = useAppSelector((state) => state.session.user)!;
  return (
    <Stack gap="2" h="full" minH="0">
      <Input placeholder={t('chats.search')} value={props.search} onChange={(event) => props.onSearch(event.target.value)} data-testid="chats-search" />
      <Box
        flex="1"
        minH="0"
        overflowY="auto"
        onScroll={(event) => {
          const element = event.currentTarget;
          if (props.hasMore && !props.loading && element.scrollHeight - element.scrollTop - element.clientHeight < 100) props.onMore();
        }}
        data-testid="chats-list"
      >
        {props.loading && props.chats.length === 0 ? (
          <Center py="6">
            <Spinner />
          </Center>
        ) : props.chats.length === 0 ? (
          <Text color="fg.muted" p="3">
            {t('chats.empty')}
          </Text>
        ) : (
          props.chats.map((chat) => {
            const unread = unreadsOf(chat, me.id);
            const selected = chat.id === props.selectedId;
            return (
              <HStack
                key={chat.id}
                p="2"
                borderRadius="md"
                cursor="pointer"
                bg={selected ? 'bg.emphasized' : undefined}
                _hover={{ bg: 'bg.muted' }}
                onClick={() => props.onSelect(chat)}
                data-testid={`chat-row-${chat.id}`}
              >
                <Box flex="1" minW="0">
                  <Text fontWeight={unread > 0 ? 'bold' : 'medium'} truncate>
                    {chat.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {messagePreview(chat.lastMessage)}
                  </Text>
                </Box>
                {unread > 0 && (
                  <Badge colorPalette="green" variant="solid" borderRadius="full" data-testid={`chat-unreads-${chat.id}`}>
                    {unread}
                  </Badge>
                )}
                {chat.ownerId === me.id && (
                  <HStack gap="0" onClick={(event) => event.stopPropagation()}>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('chats.edit')}
                      title={t('chats.edit')}
                      onClick={() => props.onEdit(chat)}
                      data-testid={`chat-edit-${chat.id}`}
                    >
                      <LuPencil />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('chats.delete')}
                      title={t('chats.delete')}
                      onClick={() => props.onDelete(chat)}
                      data-testid={`chat-delete-${chat.id}`}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                )}
              </HStack>
            );
          })
        )}
      </Box>
    </Stack>
  );
}
