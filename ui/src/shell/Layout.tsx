import { Badge, Box, Flex, Heading, HStack, IconButton, Spinner, Stack, Text, useMediaQuery } from '@chakra-ui/react';
import { Suspense, useMemo, useState } from 'react';
import { lazy } from '../i18n/lazy';
import { LuMenu, LuMessagesSquare, LuWifiOff } from 'react-icons/lu';
import { NavLink, Outlet } from 'react-router';
import { menuFor, isAdmin, isAllowed, type AppRoute, type MenuGroup, type MenuItem } from '../app/access';
import { formatDate } from '../app/dates';
import { readStorage, storageKeys } from '../app/storage';
import { useAppSelector } from '../app/store';
import { NotificationsBell } from '../shared/NotificationsBell';
import { AnnouncementsPopover, ChatsPopover, ReloadButton, VolumeControl } from './TopBarControls';
import { StatusControl } from './StatusControl';
import { ThemeToggle } from '../app/theme';
import { useShellSession } from './shellSession';
import { useSocketState } from '../app/SocketProvider';
import { useT, type MessageKey } from '../i18n';
import { UserMenu } from '../features/session/UserMenu';

/**
 * The bell fed with unread tickets; its own chunk, so the shell stays small (the empty bell stands in meanwhile). It
 * shows on every screen, /tickets included, and its texts are core ones (i18n/parts.ts).
 */
const TicketNotifications = lazy(() => import('../features/tickets/TicketNotifications'), 'core');

/** Paused webhook endpoints, told to those who may open /webhooks (its own chunk, loaded for them only; core texts, so the path to the first row loads no other). */
const WebhookNotices = lazy(() => import('../features/webhooks/WebhookNotices'), 'core');

/** The overlay drawer of small screens (Chakra's Drawer and its dialog machinery) loads only where it is used. */
const MobileDrawer = lazy(() => import('./MobileDrawer'));

/** The drawer becomes temporary (an overlay) under 600 px. */
const SMALL_SCREEN = '(max-width: 599.98px)';
const groupLabels: Record<MenuGroup, MessageKey> = { main: 'menu.group.main', admin: 'menu.group.admin' };

function MenuList({ groups, compact, onNavigate }: { groups: Record<MenuGroup, MenuItem[]>; compact: boolean; onNavigate?: () => void }) {
  const t = useT();
  return (
    <Stack as="nav" gap="4" py="3" px="2" data-testid="side-menu">
      {(Object.keys(groups) as MenuGroup[])
        .filter((group) => groups[group].length > 0)
        .map((group) => (
          <Stack key={group} gap="1" role="group" aria-label={t(groupLabels[group])}>
            {!compact && (
              <Text px="3" textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
                {t(groupLabels[group])}
              </Text>
            )}
            {groups[group].map((item) => {
              const Icon = item.icon;
              const label = t(item.labelKey);
              return (
                <Box
                  key={item.id}
                  asChild
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2"
                  borderRadius="l2"
                  color="fg.muted"
                  justifyContent={compact ? 'center' : 'flex-start'}
                  _hover={{ bg: 'bg.muted', color: 'fg' }}
                  css={{ '&[aria-current=page]': { bg: 'colorPalette.subtle', color: 'colorPalette.fg', fontWeight: 'semibold' } }}
                >
                  <NavLink to={item.to} end onClick={onNavigate} data-testid={`menu-item-${item.id}`} aria-label={label} title={compact ? label : undefined}>
                    <Icon size="18" />
                    {!compact && <Text as="span">{label}</Text>}
                  </NavLink>
                </Box>
              );
            })}
          </Stack>
        ))}
    </Stack>
  );
}

function Brand({ compact }: { compact: boolean }) {
  const t = useT();
  return (
    <HStack h="16" px="4" gap="2" color="colorPalette.fg" justify={compact ? 'center' : 'flex-start'} flexShrink="0">
      <LuMessagesSquare size="24" />
      {!compact && (
        <Heading size="md" color="fg">
          {t('app.name')}
        </Heading>
      )}
    </HStack>
  );
}

export function Layout({ routes }: { routes: readonly AppRoute[] }) {
  const t = useT();
  const user = useAppSelector((state) => state.session.user)!;
  const [isSmall = false] = useMediaQuery([SMALL_SCREEN], { ssr: false });
  // An overlay drawer never starts open: on a phone it would hide the screen the user just opened.
  const [open, setOpen] = useState(() => !isSmall && user.defaultMenu === 'open');
  const socketState = useSocketState();
  useShellSession();

  const groups = useMemo(() => {
    const storageFlags = new Set(readStorage(storageKeys.campaignsFlag) !== null ? [storageKeys.campaignsFlag] : []);
    return menuFor(routes, { user, storageFlags });
  }, [routes, user]);

  return (
    // data-socket: whether frames flow yet (open once the edge has accepted the token).
    <Flex h="100vh" overflow="hidden" data-testid="app-shell" data-socket={socketState}>
      {isSmall ? (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} header={<Brand compact={false} />}>
            <MenuList groups={groups} compact={false} onNavigate={() => setOpen(false)} />
          </MobileDrawer>
        </Suspense>
      ) : (
        <Box
          as="aside"
          w={open ? 'drawer' : 'rail'}
          flexShrink="0"
          bg="bg.panel"
          borderEndWidth="1px"
          transition="width 0.2s"
          overflowY="auto"
          overflowX="hidden"
          data-testid="side-drawer"
          data-variant="persistent"
          data-state={open ? 'open' : 'closed'}
        >
          <Brand compact={!open} />
          <MenuList groups={groups} compact={!open} />
        </Box>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Flex as="header" h="16" px={{ base: '2', md: '4' }} gap="2" align="center" bg="bg.panel" borderBottomWidth="1px" flexShrink="0">
          <IconButton
            aria-label={t('shell.toggleMenu')}
            title={t('shell.toggleMenu')}
            variant="ghost"
            onClick={() => setOpen((current) => !current)}
            data-testid="menu-toggle"
            aria-expanded={open}
          >
            <LuMenu />
          </IconButton>
          <Box flex="1" minW="0">
            <Text truncate data-testid="greeting">
              {t('shell.greeting', { name: user.name, company: user.company.name })}
            </Text>
            {isAdmin(user) && (
              <Text textStyle="xs" color="fg.muted" data-testid="due-date">
                {t('shell.dueDate', { date: formatDate(user.company.dueDate) })}
              </Text>
            )}
          </Box>
          {(socketState === 'closed' || socketState === 'reconnecting') && (
            // Discreet: the screens keep working and catch up on their own once the socket is back.
            <Badge
              colorPalette={socketState === 'closed' ? 'orange' : 'gray'}
              variant="subtle"
              display={{ base: 'none', md: 'flex' }}
              gap="1"
              data-testid="socket-offline"
              data-state={socketState}
              role="status"
            >
              {socketState === 'closed' ? <LuWifiOff /> : <Spinner size="xs" />}
              {t(socketState === 'closed' ? 'shell.socketOffline' : 'shell.socketReconnecting')}
            </Badge>
          )}
          <HStack gap="0">
            <StatusControl />
            <VolumeControl />
            <ReloadButton />
            {isAllowed({ area: 'webhooks' }, { user, storageFlags: new Set() }) && (
              <Suspense fallback={null}>
                <WebhookNotices />
              </Suspense>
            )}
            <AnnouncementsPopover />
            <ChatsPopover />
            <Suspense fallback={<NotificationsBell />}>
              <TicketNotifications />
            </Suspense>
            <ThemeToggle />
            <Box ms="2">
              <UserMenu />
            </Box>
          </HStack>
        </Flex>
        <Box as="main" flex="1" overflowY="auto" p={{ base: '3', md: '6' }}>
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
