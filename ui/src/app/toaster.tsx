import { createToaster } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { lazy } from '../i18n/lazy';

/**
 * The toast area closes after 3000 ms unless a toast says otherwise. It sits below the top bar
 * (4.5rem down), so a toast never covers the user menu or the bell: a pointer resting on a toast
 * pauses it, and one over the menu would keep the menu out of reach.
 */
export const toaster = createToaster({
  placement: 'top-end',
  duration: 3000,
  pauseOnPageIdle: true,
  max: 5,
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
});

/**
 * The area's code (Chakra's toast machines, ≈ 4 KiB gzip, and the portal chunk with them) loads with the first toast:
 * a screen paints without it. Toasts wait in the store meanwhile (their timers run in the area's machines), and the
 * area shows every toast still there when it mounts. Its texts are the toasts' own.
 */
const ToastArea = lazy(() => import('./ToastArea'), 'core');

export function AppToaster() {
  const [wanted, setWanted] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (wanted) return;
    // A toast raised between the first render and this effect.
    if (toaster.getVisibleToasts().length > 0) {
      setWanted(true);
      return;
    }
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null;
}
