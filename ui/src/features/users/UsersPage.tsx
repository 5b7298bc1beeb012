import { Badge, Box, Button, CloseButton, Dialog, Flex, Heading, HStack, IconButton, Input, InputGroup, Portal, Spinner, Table, Text, Wrap } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState, type UIEvent } from 'react';
import { LuPencil, LuPlus, LuSearch, LuTrash2 } from 'react-icons/lu';
import { mayTouchUser, type UserEditor, type UserRecord } from '@conversa/contracts';
import { useErrorToast } from '../../app/notify';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT, type MessageKey } from '../../i18n';
import { useDebounced } from '../contacts';
import { useQueuesQuery } from '../queues/api';
import { userUpdated } from '../session/sessionSlice';
import { UserAvatar } from './UserAvatar';
import { applyUserChange, useDeleteUserMutation, usersApi, useUsersQuery, type UserFrame } from './api';

const UserDialog = lazy(() => import('./UserDialog'));

/** Spec 2 §9: search debounce 500 ms; infinite scroll within 100 px of the bottom. */
export const USERS_SEARCH_DEBOUNCE_MS = 500;
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

/** What a change to one's own record changes in the session (top bar name and picture, menu and theme preferences). */
const sessionFieldsOf = ({ name, email, profileImage, farewellMessage, defaultMenu, defaultTheme }: UserRecord) => ({ name, email, profileImage, farewellMessage, defaultMenu, defaultTheme });

/** /users (spec 2 §2): search, add, edit, delete; the list follows `user` frames. */
export default function UsersPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.session.user)!;
  const [searchText, setSearchText] = useState('');
  const searchParam = useDebounced(searchText.trim(), USERS_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ searchParam: '', pageNumber: 1 });
  // A new search starts again at page 1.
  const pageNumber = page.searchParam === searchParam ? page.pageNumber : 1;
  const { data, isLoading, isError, isFetching, refetch } = useUsersQuery({ searchParam, pageNumber });
  const { data: queues = [] } = useQueuesQuery();
  const queuesById = useMemo(() => new Map(queues.map((queue) => [queue.id, queue])), [queues]);
  const editor: UserEditor = { userId: me.id, profile: me.profile, super: me.super, allowConnections: me.allowConnections };
  // The plan's user limit (spec 2 §3 Plan.users), against the company's whole list; the server refuses past it.
  const seatLimit = me.company.plan.users;
  const seatsUsed = searchParam === '' ? data?.count : undefined;
  const [editing, setEditing] = useState<{ user: UserRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<UserRecord | null>(null);

  /** Puts a saved or broadcast user into the loaded list (and into the session when it is oneself). */
  const applyChange = (frame: UserFrame) => {
    dispatch(usersApi.util.updateQueryData('users', { searchParam, pageNumber: 1 }, (draft) => applyUserChange(draft, frame, searchParam)));
    if (frame.user?.id === me.id && frame.action !== 'delete') dispatch(userUpdated(sessionFieldsOf(frame.user)));
  };
  useSocketEvent('user', (frame) => applyChange(frame as UserFrame));
  useSocketReconnect(() => {
    if (pageNumber === 1) refetch();
    else setPage({ searchParam, pageNumber: 1 });
  });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight > INFINITE_SCROLL_THRESHOLD_PX) return;
    if (data?.hasMore && !isFetching) setPage({ searchParam, pageNumber: pageNumber + 1 });
  };

  const users = data?.users ?? [];
  return (
    <Flex direction="column" maxW="7xl" mx="auto" h="full" data-testid="users-page">
      <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
        <HStack gap="3" align="baseline">
          <Heading size="xl">{t('users.title')}</Heading>
          {seatsUsed !== undefined && (
            <Text fontSize="sm" color={seatsUsed >= seatLimit ? 'fg.warning' : 'fg.muted'} data-testid="users-seats" data-full={seatsUsed >= seatLimit}>
              {t('users.seats', { used: seatsUsed, limit: seatLimit })}
            </Text>
          )}
        </HStack>
        <HStack gap="3">
          <InputGroup startElement={<LuSearch />} maxW="xs">
            <Input value={searchText} placeholder={t('users.search')} aria-label={t('users.search')} onChange={(event) => setSearchText(event.target.value)} data-testid="users-search" />
          </InputGroup>
          <Button onClick={() => setEditing({ user: null })} data-testid="user-add">
            <LuPlus /> {t('users.add')}
          </Button>
        </HStack>
      </Flex>

      {isLoading ? (
        <HStack justify="center" py="10">
          <Spinner />
        </HStack>
      ) : isError && users.length === 0 ? (
        <HStack>
          <Text color="fg.error">{t('users.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={() => refetch()}>
            {t('common.retry')}
          </Button>
        </HStack>
      ) : users.length === 0 ? (
        <Text color="fg.muted" data-testid="users-empty">
          {t('users.empty')}
        </Text>
      ) : (
        <Box overflowY="auto" maxH="calc(100vh - 12rem)" onScroll={onScroll} borderWidth="1px" borderRadius="md" data-testid="users-scroll">
          <Table.Root size="sm" interactive stickyHeader data-testid="users-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('users.column.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('users.column.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('users.column.profile')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('users.column.queues')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('users.column.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('users.column.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.map((user) => (
                <Table.Row key={user.id} data-testid={`user-row-${user.id}`}>
                  <Table.Cell>
                    <HStack>
                      <UserAvatar user={user} />
                      <Text data-testid="user-row-name">{user.name}</Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell data-testid="user-row-email">{user.email}</Table.Cell>
                  <Table.Cell>
                    <Badge variant="subtle">{t((user.super ? 'profileKind.super' : `profileKind.${user.profile}`) as MessageKey)}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Wrap gap="1" data-testid="user-row-queues">
                      {user.queueIds.flatMap((id) => {
                        const queue = queuesById.get(id) ?? user.queues.find((known) => known.id === id);
                        return queue
                          ? [
                              <Badge key={id} variant="solid" style={{ background: queue.color }}>
                                {queue.name}
                              </Badge>,
                            ]
                          : [];
                      })}
                    </Wrap>
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1.5" data-testid="user-row-status" data-online={user.online}>
                      <Box w="2.5" h="2.5" borderRadius="full" bg={user.online ? 'green.500' : 'gray.400'} />
                      <Text fontSize="sm">{t(user.online ? 'users.online' : 'users.offline')}</Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {/* A supervisor sees admins and super users but cannot change them (the server refuses it too). */}
                    {mayTouchUser(editor, user) && (
                      <IconButton size="sm" variant="ghost" aria-label={t('users.edit')} title={t('users.edit')} onClick={() => setEditing({ user })} data-testid={`user-edit-${user.id}`}>
                        <LuPencil />
                      </IconButton>
                    )}
                    {user.id !== me.id && mayTouchUser(editor, user) && (
                      <IconButton size="sm" variant="ghost" aria-label={t('users.delete')} title={t('users.delete')} onClick={() => setDeleting(user)} data-testid={`user-delete-${user.id}`}>
                        <LuTrash2 />
                      </IconButton>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {isFetching && (
            <HStack justify="center" py="3">
              <Spinner size="sm" />
            </HStack>
          )}
        </Box>
      )}

      {editing && (
        <Suspense fallback={null}>
          <UserDialog open user={editing.user} onClose={() => setEditing(null)} onSaved={(user) => applyChange({ action: editing.user ? 'update' : 'create', user })} />
        </Suspense>
      )}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={(userId) => applyChange({ action: 'delete', userId })} />
    </Flex>
  );
}

function DeleteUserDialog({ user, onClose, onDeleted }: { user: UserRecord | null; onClose: () => void; onDeleted: (userId: number) => void }) {
  const t = useT();
  const showError = useErrorToast();
  const [deleteUser, { isLoading }] = useDeleteUserMutation();
  const confirm = async () => {
    if (!user) return;
    try {
      await deleteUser(user.id).unwrap();
      onDeleted(user.id);
      toaster.create({ type: 'success', description: t('users.saved') });
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Dialog.Root open={user !== null} onOpenChange={(details) => !details.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="user-delete-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('users.deleteTitle', { name: user?.name ?? '' })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('users.deleteConfirm')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.no')}
              </Button>
              <Button colorPalette="red" loading={isLoading} onClick={confirm} data-testid="user-delete-confirm">
                {t('common.yes')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
