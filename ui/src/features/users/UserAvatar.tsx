import { Avatar } from '@chakra-ui/react';
import type { UserRecord } from '@conversa/contracts';
import { useMediaUrl } from '../../shared/media';

/** The user's picture (fetched with the session's token, as every stored file), else their initials. */
export function UserAvatar({ user, size = 'sm' }: { user: Pick<UserRecord, 'name' | 'profileImage'>; size?: 'sm' | '2xl' }) {
  const picture = useMediaUrl(user.profileImage);
  return (
    <Avatar.Root size={size}>
      <Avatar.Fallback name={user.name} />
      {picture.status === 'ready' ? <Avatar.Image src={picture.src} alt={user.name} /> : null}
    </Avatar.Root>
  );
}
