import { Badge, Box, EmptyState, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBell, LuBellOff } from 'react-icons/lu';
import { useT } from '../i18n';

export interface NotificationItem {
  id: string;
  title: string;
  description?: string;
  onSelect?: () => void;
}

/**
 * The bell of the top bar. The shell renders it empty; the tickets feature feeds it the tickets
 * with unread messages (list max height 350, popover max width 350).
 */
export function NotificationsBell({ items = [] }: { items?: readonly NotificationItem[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Box position="relative">
          <IconButton aria-label={t('shell.notifications')} title={t('shell.notifications')} variant="ghost" data-testid="notifications-button">
            <LuBell />
          </IconButton>
          {items.length > 0 && (
            <Badge position="absolute" top="0" insetEnd="0" colorPalette="red" variant="solid" borderRadius="full" size="xs" pointerEvents="none">
              {items.length}
            </Badge>
          )}
        </Box>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxWidth="350px" width="350px" data-testid="notifications-popover">
            <Popover.Header fontWeight="semibold">{t('shell.notifications')}</Popover.Header>
            <Popover.Body maxHeight="350px" overflowY="auto" pt="0">
              {items.length === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <LuBellOff />
                    </EmptyState.Indicator>
                    <EmptyState.Description>{t('shell.notificationsEmpty')}</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack gap="1">
                  {items.map((item) => (
                    <Box
                      key={item.id}
                      as="button"
                      textAlign="start"
                      p="2"
                      borderRadius="l2"
                      _hover={{ bg: 'bg.muted' }}
                      data-testid={`notification-${item.id}`}
                      onClick={() => {
                        setOpen(false);
                        item.onSelect?.();
                      }}
                    >
                      <Text fontWeight="medium">{item.title}</Text>
                      {item.description && (
                        <Text textStyle="sm" color="fg.muted" truncate>
                          {item.description}
                        </Text>
                      )}
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
