import { chakra } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { lazy } from '../../i18n/lazy';
import type { Language } from '@conversa/contracts';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { useFirstOpen } from '../../shared/firstOpen';
import { PlainAvatar } from '../../shared/PlainAvatar';
import { useChangeLanguage, useLogout } from './hooks';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

/** Loaded on first open: the form and its dialog machinery stay out of the shell bundle. */
const ProfileDialog = lazyOnDemand(() => import('./ProfileDialog'));
/** The menu loads on the avatar's first use (shared/firstOpen.ts); its texts are core ones. */
const UserMenuRoot = lazy(() => import('./UserMenuRoot'), 'core');

/** The avatar menu of the top bar: profile, language and logout. */
export function UserMenu() {
  const t = useT();
  const user = useAppSelector((state) => state.session.user);
  const language = useAppSelector((state) => state.session.language);
  const logout = useLogout();
  const changeLanguage = useChangeLanguage();
  const [profileOpen, setProfileOpen] = useState(false);
  const { active, open, setOpen, triggerProps } = useFirstOpen();
  if (!user) return null;
  const trigger = (
    <chakra.button
      type="button"
      rounded="full"
      focusRing="outside"
      aria-label={t('shell.userMenu')}
      title={t('shell.userMenu')}
      data-testid="user-menu"
      {...triggerProps}
    >
      <PlainAvatar size="sm" colorPalette="blue" name={user.name} src={user.profileImage} />
    </chakra.button>
  );
  return (
    <>
      {active ? (
        <Suspense fallback={trigger}>
          <UserMenuRoot
            trigger={trigger}
            open={open}
            onOpenChange={setOpen}
            userName={user.name}
            language={language}
            onProfile={() => setProfileOpen(true)}
            onLanguage={(next: Language) => void changeLanguage(next)}
            onLogout={() => void logout()}
          />
        </Suspense>
      ) : (
        trigger
      )}
      {profileOpen && <ProfileDialog open onClose={() => setProfileOpen(false)} />}
    </>
  );
}
