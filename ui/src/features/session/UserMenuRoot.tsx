import { Menu } from '@chakra-ui/react';
import { LuLanguages, LuLogOut, LuUser } from 'react-icons/lu';
import type { Language } from '@conversa/contracts';
import { languages, useT } from '../../i18n';
import { FirstOpenMenu, type FirstOpenMenuProps } from '../../shared/FirstOpenMenu';

interface Props extends FirstOpenMenuProps {
  userName: string;
  language: Language;
  onProfile: () => void;
  onLanguage: (language: Language) => void;
  onLogout: () => void;
}

/** The user menu itself, loaded on the avatar's first use (shared/firstOpen.ts). */
export default function UserMenuRoot({ trigger, open, onOpenChange, userName, language, onProfile, onLanguage, onLogout }: Props) {
  const t = useT();
  return (
    <FirstOpenMenu
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      placement="bottom-end"
      contentProps={{ minW: '56', 'data-testid': 'user-menu-content' }}
    >
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel>{userName}</Menu.ItemGroupLabel>
        <Menu.Item value="profile" onClick={onProfile} data-testid="menu-profile">
          <LuUser />
          {t('shell.profile')}
        </Menu.Item>
      </Menu.ItemGroup>
      <Menu.Separator />
      <Menu.RadioItemGroup value={language} onValueChange={(details) => onLanguage(details.value as Language)} data-testid="language-switch">
        <Menu.ItemGroupLabel display="flex" alignItems="center" gap="2">
          <LuLanguages />
          {t('language.label')}
        </Menu.ItemGroupLabel>
        {languages.map((code) => (
          <Menu.RadioItem key={code} value={code} data-testid={`language-option-${code}`}>
            {t(`language.${code}`)}
            <Menu.ItemIndicator />
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
      <Menu.Separator />
      <Menu.Item value="logout" onClick={onLogout} data-testid="menu-logout">
        <LuLogOut />
        {t('shell.logout')}
      </Menu.Item>
    </FirstOpenMenu>
  );
}
