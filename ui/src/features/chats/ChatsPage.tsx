import { Box, Button, Center, Flex, Grid, Heading, HStack, Tabs, Text, useBreakpointValue } from '@chakra-ui/react';
import type { ChatView } from '@conversa/contracts';
import { useEffect, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n';
import { ConfirmDialog, useConfirmedDelete } from '../../shared/ConfirmDialog';
import { useFeedback } from '../../shared/feedback';
import { useAppDispatch } from '../../app/store';
import { RecordMissing } from '../../shared/RecordMissing';
import { chatsApi, useChatByUuidQuery, useChatPageQuery, useDeleteChatMutation } from './api';
import { applyChatListFrame } from './socket';
import ChatDialog from './ChatDialog';
import { ChatConversation } from './ChatConversation';
import { ChatList } from './ChatList';

const feedbackTexts = { success: 'chats.saved', saveFailed: 'chats.saveFailed', deleteFailed: 'chats.deleteFailed' } as const;
/** The search waits for the typing to pause. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * /chats/:id? — wide screens: the chat list beside the conversation; narrow ones: two tabs, Chats and Mensagens.
 * The path's id is the chat's uuid.
 */
export default function ChatsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { id: uuid } = useParams();
  const [search, setSearch] = useState('');
  const [searchParam, setSearchParam] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [dialog, setDialog] = useState<{ chat: ChatView | null } | null>(null);
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  const narrow = useBreakpointValue({ base: true, md: false }) ?? false;
  const { data, isFetching } = useChatPageQuery({ searchParam, pageNumber });
  const [removeChat] = useDeleteChatMutation();
  const feedback = useFeedback(feedbackTexts);
  const deletion = useConfirmedDelete<ChatView>(removeChat, feedback);
  const dispatch = useAppDispatch();
  // What this browser saved shows at once; the frame that follows changes nothing more.
  const showSaved = (chat: ChatView) =>
    dispatch(
      chatsApi.util.updateQueryData('chatPage', { searchParam, pageNumber }, (draft) =>
        applyChatListFrame(draft, { action: 'update', record: chat }, searchParam),
      ),
    );

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearchParam(search);
      setPageNumber(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const chats = data?.records ?? [];
  const listed = uuid ? chats.find((chat) => chat.uuid === uuid) : undefined;
  // An address opened directly may name a chat beyond the loaded pages: asked for alone.
  const { data: direct, error: directError } = useChatByUuidQuery(uuid ?? '', { skip: !uuid || listed !== undefined || !data });
  const selected = listed ?? (direct && direct.uuid === uuid ? direct : null);
  const select = (chat: ChatView) => {
    void navigate(`/chats/${chat.uuid}`);
    setTab('messages');
  };

  const list = (
    <ChatList
      chats={chats}
      loading={isFetching}
      hasMore={data?.hasMore ?? false}
      selectedId={selected?.id ?? null}
      search={search}
      onSearch={setSearch}
      onSelect={select}
      onEdit={(chat) => setDialog({ chat })}
      onDelete={(chat) => deletion.ask(chat)}
      onMore={() => setPageNumber((page) => page + 1)}
    />
  );
  const conversation = selected ? (
    <ChatConversation key={selected.id} chat={selected} />
  ) : uuid && directError ? (
    <RecordMissing error={directError} back={{ to: '/chats', label: 'chats.missingBack' }} testId="chat-missing" />
  ) : (
    <Center h="full">
      <Text color="fg.muted">{t('chats.noSelection')}</Text>
    </Center>
  );

  return (
    <Flex direction="column" h="full" minH="0" gap="3" data-testid="chats-page">
      <HStack justify="space-between">
        <Heading size="xl">{t('chats.title')}</Heading>
        <Button onClick={() => setDialog({ chat: null })} data-testid="chats-new">
          <LuPlus /> {t('chats.new')}
        </Button>
      </HStack>
      {narrow ? (
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value as 'chats' | 'messages')}
          flex="1"
          minH="0"
          display="flex"
          flexDirection="column"
        >
          <Tabs.List>
            <Tabs.Trigger value="chats" data-testid="chats-tab-chats">
              {t('chats.tab.chats')}
            </Tabs.Trigger>
            <Tabs.Trigger value="messages" data-testid="chats-tab-messages">
              {t('chats.tab.messages')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="chats" flex="1" minH="0">
            {list}
          </Tabs.Content>
          <Tabs.Content value="messages" flex="1" minH="0" borderWidth="1px" borderRadius="md">
            {conversation}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <Grid templateColumns="320px 1fr" gap="4" flex="1" minH="0" h="calc(100vh - 180px)">
          <Box minH="0">{list}</Box>
          <Box minH="0" borderWidth="1px" borderRadius="md">
            {conversation}
          </Box>
        </Grid>
      )}
      {dialog && (
        <ChatDialog
          chat={dialog.chat}
          onClose={() => setDialog(null)}
          onSaved={(chat) => {
            showSaved(chat);
            if (!dialog.chat) select(chat);
          }}
        />
      )}
      <ConfirmDialog
        of={deletion}
        title={t('chats.deleteTitle', { title: deletion.subject?.title ?? '' })}
        message={t('chats.deleteConfirm')}
        onConfirm={() => void deletion.confirm().then(() => deletion.subject?.uuid === uuid && navigate('/chats'))}
        testId="chat-delete-dialog"
      />
    </Flex>
  );
}
