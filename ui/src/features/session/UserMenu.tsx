import { Avatar, Menu, Portal } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { lazy } from '../../i18n/lazy';
import { LuLanguages, LuLogOut, LuUser } from 'react-icons/lu';
import type { Language } from '@conversa/contracts';
import { useAppSelector } from '../../app/store';
import { languages, useT } from '../../i18n';
import { useChangeLanguage, useLogout } from './hooks';

/** Loaded on first open: the form and its dialog machinery stay out of the shell bundle. */
const ProfileDialog = lazy(() => import('./ProfileDialog'));

/** The avatar menu of the top bar: profile, language and logout. */
export function UserMenu() {
  const t = useT();
  const user = useAppSelector((state) => state.session.user);
  const language = useAppSelector((state) => state.session.language);
  const logout = useLogout();
  const changeLanguage = useChangeLanguage();
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger rounded="full" focusRing="outside" aria-label={t('shell.userMenu')} title={t('shell.userMenu')} data-testid="user-menu">
          <Avatar.Root size="sm" colorPalette="blue">
            <Avatar.Fallback name={user.name} />
            {user.profileImage ? <Avatar.Image src={user.profileImage} /> : null}
          </Avatar.Root>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56" data-testid="user-menu-content">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{user.name}</Menu.ItemGroupLabel>
                <Menu.Item value="profile" onClick={() => setProfileOpen(true)} data-testid="menu-profile">
                  <LuUser />
                  {t('shell.profile')}
                </Menu.Item>
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.RadioItemGroup
                value={language}
                onValueChange={(details) => void changeLanguage(details.value as Language)}
                data-testid="language-switch"
              >
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
              <Menu.Item value="logout" onClick={() => void logout()} data-testid="menu-logout">
                <LuLogOut />
                {t('shell.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileDialog open onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
