import { Box, Menu, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCheckCheck, LuMessageSquarePlus } from 'react-icons/lu';
import { useT, type MessageKey } from '../../i18n';
import { FirstOpenMenu, type FirstOpenMenuProps } from '../../shared/FirstOpenMenu';

/**
 * The tickets screen's menus, loaded on their trigger's first use (shared/firstOpen.ts): the filters, the speed dial
 * and a row's less frequent actions. Each renders the trigger it is given inside the menu's root.
 */
type Base = FirstOpenMenuProps;

export interface FilterOption {
  value: string;
  label: string;
  color?: string;
}

export function FilterMenu({
  trigger,
  open,
  onOpenChange,
  options,
  value,
  onChange,
  testId,
}: Base & { options: FilterOption[]; value: readonly string[]; onChange: (value: string[]) => void; testId: string }) {
  const t = useT();
  const chosen = new Set(value);
  return (
    <FirstOpenMenu
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      placement="bottom-start"
      rootProps={{ closeOnSelect: false, lazyMount: true }}
      contentProps={{ maxH: '300px', overflowY: 'auto', minW: '48' }}
    >
      {options.length === 0 && (
        <Text px="2" py="1" textStyle="sm" color="fg.muted">
          {t('tickets.filter.none')}
        </Text>
      )}
      {options.map((option) => (
        <Menu.CheckboxItem
          key={option.value}
          value={option.value}
          checked={chosen.has(option.value)}
          onCheckedChange={(checked) => onChange(checked ? [...value, option.value] : value.filter((item) => item !== option.value))}
          data-testid={`${testId}-option-${option.value}`}
        >
          {option.color && <Box boxSize="2.5" borderRadius="full" bg={option.color} flexShrink="0" />}
          {option.label}
          <Menu.ItemIndicator />
        </Menu.CheckboxItem>
      ))}
    </FirstOpenMenu>
  );
}

export function SpeedDialMenu({ trigger, open, onOpenChange, onNewTicket, onCloseAll }: Base & { onNewTicket: () => void; onCloseAll?: () => void }) {
  const t = useT();
  return (
    <FirstOpenMenu trigger={trigger} open={open} onOpenChange={onOpenChange} placement="top-end">
      <Menu.Item value="new" onClick={onNewTicket} data-testid="speed-dial-new">
        <LuMessageSquarePlus />
        {t('tickets.new.title')}
      </Menu.Item>
      {onCloseAll && (
        <Menu.Item value="close-all" onClick={onCloseAll} data-testid="speed-dial-close-all">
          <LuCheckCheck />
          {t('tickets.closeAll.action')}
        </Menu.Item>
      )}
    </FirstOpenMenu>
  );
}

export interface RowMenuAction {
  key: string;
  label: MessageKey;
  icon: IconType;
  palette: 'green' | 'red' | 'orange' | 'blue' | 'gray';
  run: () => void;
}

export function RowMenu({ trigger, open, onOpenChange, ticketId, actions }: Base & { ticketId: number; actions: RowMenuAction[] }) {
  const t = useT();
  return (
    <FirstOpenMenu trigger={trigger} open={open} onOpenChange={onOpenChange} placement="bottom-end">
      {actions.map((action) => {
        const Icon = action.icon;
        return (
          <Menu.Item
            key={action.key}
            value={action.key}
            onClick={action.run}
            color={action.palette === 'red' ? 'fg.error' : undefined}
            data-testid={`ticket-${action.key}-${ticketId}`}
          >
            <Icon />
            {t(action.label)}
          </Menu.Item>
        );
      })}
    </FirstOpenMenu>
  );
}
