import { Portal, Spinner, Stack, Toast, Toaster, createToaster } from '@chakra-ui/react';

/** The toast area closes after 3000 ms unless a toast says otherwise. */
export const toaster = createToaster({ placement: 'top-end', duration: 3000, pauseOnPageIdle: true, max: 5 });

export function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
