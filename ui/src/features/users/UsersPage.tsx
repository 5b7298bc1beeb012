import { Badge, Box, HStack, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { mayTouchUser, type UserEditor, type UserRecord, type UserView } from '@conversa/contracts';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useT, type MessageKey } from '../../i18n';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { useSuccessOrError } from '../../shared/feedback';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { ListFrame } from '../../shared/ListFrame';
import { useListPage } from '../../shared/useListPage';
import { useQueuesQuery } from '../queues/api';
import { userUpdated } from '../../app/sessionSlice';
import { UserAvatar } from './UserAvatar';
import { applyUserChange, useDeleteUserMutation, usersApi, useUsersQuery, type UserChange } from './api';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const UserDialog = lazyOnDemand(() => import('./UserDialog'));

/** Search debounce 500 ms (the infinite scroll's 100 px is the shared table's). */
export const USERS_SEARCH_DEBOUNCE_MS = 500;

/** What a change to one's own record changes in the session (top bar name and picture, menu and theme preferences). */
const sessionFieldsOf = ({ name, email, profileImage, farewellMessage, defaultMenu, defaultTheme }: UserView) => ({
  name,
  email,
  profileImage,
  farewellMessage,
  defaultMenu,
  defaultTheme,
});

/** /users: search, add, edit, delete; the list follows `user` frames. */
export default function UsersPage() {
  const t = useT();
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.session.user)!;
  const list = useListPage({ debounceMs: USERS_SEARCH_DEBOUNCE_MS });
  const { searchParam, pageNumber } = list;
  const { data, isLoading, isError, isFetching, refetch } = useUsersQuery({ searchParam, pageNumber });
  const { data: queues = [] } = useQueuesQuery();
  const queuesById = useMemo(() => new Map(queues.map((queue) => [queue.id, queue])), [queues]);
  const editor: UserEditor = { userId: me.id, profile: me.profile, super: me.super, allowConnections: me.allowConnections };
  // The plan's user limit (Plan.users), against the company's whole list; the server refuses past it.
  const seatLimit = me.company.plan.users;
  const seatsUsed = searchParam === '' ? data?.count : undefined;
  const [editing, setEditing] = useState<{ user: UserRecord | null } | null>(null);
  const [deleteUser] = useDeleteUserMutation();
  const deleteFeedback = useSuccessOrError('users.saved');

  /** Puts a saved or broadcast user into the loaded list (and into the session when it is oneself). */
  const applyChange = (frame: UserChange) => {
    dispatch(usersApi.util.updateQueryData('users', { searchParam, pageNumber: 1 }, (draft) => applyUserChange(draft, frame, searchParam)));
    if (frame.user?.id === me.id && frame.action !== 'delete') dispatch(userUpdated(sessionFieldsOf(frame.user)));
  };
  useSocketEvent('user', applyChange);
  useSocketReconnect(() => list.restart(refetch));
  // A refused delete keeps the question open for another try.
  const deletion = useConfirmedDelete<UserRecord>(deleteUser, deleteFeedback, {
    failure: 'stay',
    deleted: (user) => applyChange({ action: 'delete', userId: user.id }),
  });

  const users = data?.users ?? [];
  const columns: Column<UserRecord>[] = [
    {
      key: 'name',
      header: 'users.column.name',
      render: (user) => (
        <HStack>
          <UserAvatar user={user} />
          <Text data-testid="user-row-name">{user.name}</Text>
        </HStack>
      ),
    },
    { key: 'email', header: 'users.column.email', render: (user) => user.email, cell: () => ({ 'data-testid': 'user-row-email' }) },
    {
      key: 'profile',
      header: 'users.column.profile',
      render: (user) => <Badge variant="subtle">{t((user.super ? 'profileKind.super' : `profileKind.${user.profile}`) as MessageKey)}</Badge>,
    },
    {
      key: 'queues',
      header: 'users.column.queues',
      render: (user) => (
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
      ),
    },
    {
      key: 'status',
      header: 'users.column.status',
      render: (user) => (
        <HStack gap="1.5" data-testid="user-row-status" data-online={user.online}>
          <Box w="2.5" h="2.5" borderRadius="full" bg={user.online ? 'green.500' : 'gray.400'} />
          <Text fontSize="sm">{t(user.online ? 'users.online' : 'users.offline')}</Text>
        </HStack>
      ),
    },
  ];

  return (
    <ListFrame
      testId="users-page"
      title="users.title"
      maxW="7xl"
      fill
      beside={
        seatsUsed !== undefined && (
          <Text fontSize="sm" color={seatsUsed >= seatLimit ? 'fg.warning' : 'fg.muted'} data-testid="users-seats" data-full={seatsUsed >= seatLimit}>
            {t('users.seats', { used: seatsUsed, limit: seatLimit })}
          </Text>
        )
      }
      search={{ ...list.search, placeholder: 'users.search', testId: 'users-search' }}
      add={{ label: 'users.add', onClick: () => setEditing({ user: null }), testId: 'user-add' }}
      query={{ isLoading, isError: isError && users.length === 0, refetch }}
      loadFailed="users.loadFailed"
      dialogs={
        <>
          {editing && (
            <UserDialog
              open
              user={editing.user}
              onClose={() => setEditing(null)}
              onSaved={(user) => applyChange({ action: editing.user ? 'update' : 'create', user })}
            />
          )}
          <DeleteConfirm of={deletion} texts="users" testId="user" named="name" size="md" closeButton />
        </>
      }
    >
      <DataTable
        rows={users}
        columns={columns}
        testId="users-table"
        interactive
        rowTestId={(user) => `user-row-${user.id}`}
        empty={{ text: 'users.empty', testId: 'users-empty' }}
        loading={isFetching}
        infinite={{ hasMore: data?.hasMore ?? false, onEndReached: list.nextPage, maxH: 'calc(100vh - 12rem)', testId: 'users-scroll' }}
        actionsHeader="users.column.actions"
        // A supervisor sees admins and super users but cannot change them (the server refuses it too).
        actions={editAndDelete({
          texts: 'users',
          testId: 'user',
          edit: (user) => setEditing({ user }),
          delete: deletion.ask,
          shown: (user) => mayTouchUser(editor, user),
          deleteShown: (user) => user.id !== me.id,
        })}
      />
    </ListFrame>
  );
}
