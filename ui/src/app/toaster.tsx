import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';

/** The toast area closes after 3000 ms unless a toast says otherwise. */
export const toaster = createToaster({ placement: 'top-end', duration: 3000, pauseOnPageIdle: true, max: 5 });

/** The area's code loads with the first toast (a screen paints without it); it then shows every toast still visible. */
const ToastArea = lazy(() => import('./ToastArea'));

export function AppToaster() {
  const [wanted, setWanted] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (wanted) return;
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
