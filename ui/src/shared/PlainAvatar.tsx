import { chakra, useSlotRecipe, type HTMLChakraProps } from '@chakra-ui/react';
import { useState } from 'react';

/** The initials Chakra's Avatar.Fallback shows for a name: the first and last words' first letters. */
export function initials(name: string): string {
  const words = name.trim().split(' ');
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/**
 * An avatar drawn by Chakra's avatar recipe on plain elements, for the top bar (on the path to the first row):
 * Chakra's Avatar runs zag's avatar machine and with it zag's React runtime (≈ 5 KiB gzip) to swap the initials
 * for the picture once it loads. Here the initials show until the picture's load event, and again if it fails.
 */
export function PlainAvatar({
  name,
  src,
  size = 'sm',
  ...rest
}: { name: string; src?: string | null | undefined; size?: 'xs' | 'sm' | 'md' } & HTMLChakraProps<'span'>) {
  const styles = useSlotRecipe({ key: 'avatar' })({ size });
  // The source that loaded: a new source shows the initials until it loads in turn.
  const [loaded, setLoaded] = useState<string | undefined>(undefined);
  const shown = !!src && loaded === src;
  return (
    <chakra.span css={styles.root} {...rest}>
      <chakra.span css={styles.fallback} hidden={shown} data-state={shown ? 'hidden' : 'visible'}>
        {initials(name)}
      </chakra.span>
      {src ? (
        <chakra.img
          key={src}
          src={src}
          alt=""
          draggable={false}
          referrerPolicy="no-referrer"
          css={styles.image}
          hidden={!shown}
          data-state={shown ? 'visible' : 'hidden'}
          // A picture already in the cache may be complete before React listens.
          ref={(image: HTMLImageElement | null) => {
            if (image?.complete && image.naturalWidth > 0) setLoaded(src);
          }}
          onLoad={() => setLoaded(src)}
          onError={() => setLoaded(undefined)}
        />
      ) : null}
    </chakra.span>
  );
}
