import { Box, Stack, Text } from '@chakra-ui/react';
import { LuBell, LuBellOff } from 'react-icons/lu';
import { useT } from '../i18n';
import { TopBarPopover } from './TopBarPopover';

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
  return (
    <TopBarPopover
      title={t('shell.notifications')}
      icon={<LuBell />}
      count={items.length}
      empty={items.length === 0}
      emptyIcon={<LuBellOff />}
      emptyText={t('shell.notificationsEmpty')}
      testIds={{ button: 'notifications-button', content: 'notifications-popover' }}
    >
      {(close) => (
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
                close();
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
    </TopBarPopover>
  );
}
