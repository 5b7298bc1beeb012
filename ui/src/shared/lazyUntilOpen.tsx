import { Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { lazy } from '../i18n/lazy';

/**
 * A dialog whose code loads the first time it opens: screens keep their dialogs out of the JavaScript they need to
 * paint. Once opened it stays mounted, so later closes animate as before.
 */
export function lazyUntilOpen<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  const Component = Lazy as unknown as ComponentType<P>;
  return function LazyUntilOpen(props: P) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    ) : null;
  };
}

/**
 * A component whose code loads the first time it renders, showing nothing until then: a dialog a screen mounts only
 * while it is open (`{editing && <EditDialog … />}`) keeps its code out of the screen's own.
 */
// `any` props as in React's lazy: the component takes whatever the loaded module's component takes.
// oxlint-disable-next-line typescript/no-explicit-any
export function lazyOnDemand<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> {
  const Lazy = lazy(load);
  return function OnDemand(props: ComponentProps<T>) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
