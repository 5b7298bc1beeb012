import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useErrorToast } from '../../app/notify';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { PlainSwitch } from '../../shared/plainControls';
import { usePushStatusQuery, useRemovePushSubscriptionMutation, useSavePushSettingsMutation, useSavePushSubscriptionMutation } from './api';
import { browserEndpoint, pushSupported, subscribeBrowser, unsubscribeBrowser } from './browser';

/** Turns this browser's push on or off, and chooses what is pushed (the user's settings, on every browser). */
export function usePushToggle() {
  const showError = useErrorToast();
  const { data } = usePushStatusQuery();
  const [save] = useSavePushSubscriptionMutation();
  const [remove] = useRemovePushSubscriptionMutation();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    void browserEndpoint().then(setEndpoint, () => setEndpoint(null));
  }, []);
  const enable = async (): Promise<boolean> => {
    if (!data) return false;
    try {
      const subscription = await subscribeBrowser(data.publicKey);
      if (!subscription) return false;
      await save(subscription).unwrap();
      setEndpoint(subscription.endpoint);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const disable = async () => {
    try {
      const gone = await unsubscribeBrowser();
      if (gone) await remove({ endpoint: gone }).unwrap();
      setEndpoint(null);
    } catch (error) {
      showError(error);
    }
  };
  return { status: data, subscribed: endpoint ?? null, ready: data !== undefined && endpoint !== undefined, enable, disable };
}

export function PushDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const showError = useErrorToast();
  const toggle = usePushToggle();
  const [saveSettings] = useSavePushSettingsMutation();
  const [busy, setBusy] = useState(false);
  const settings = toggle.status?.settings;
  const supported = pushSupported();
  const blocked = supported && Notification.permission === 'denied';
  const run = async (step: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await step();
    } finally {
      setBusy(false);
    }
  };
  const choose = (change: Partial<NonNullable<typeof settings>>) => {
    if (settings)
      saveSettings({ ...settings, ...change })
        .unwrap()
        .catch(showError);
  };
  return (
    <FormDialog open={open} onClose={onClose} title={t('push.title')} testId="push-dialog" closeOnly>
      <Stack gap="3">
        <Text textStyle="sm" data-testid="push-browser-state">
          {t(!supported ? 'push.unsupported' : blocked ? 'push.blocked' : toggle.subscribed ? 'push.browser.on' : 'push.browser.off')}
        </Text>
        {supported && !blocked && (
          <Button
            size="sm"
            alignSelf="start"
            variant="outline"
            loading={busy || !toggle.ready}
            onClick={() => void run(toggle.subscribed ? toggle.disable : toggle.enable)}
            data-testid="push-browser-toggle"
          >
            {t(toggle.subscribed ? 'push.browser.disable' : 'push.browser.enable')}
          </Button>
        )}
        {settings && (
          <>
            <PlainSwitch checked={settings.newTickets} onChange={(newTickets) => choose({ newTickets })} testId="push-new-tickets">
              {t('push.newTickets')}
            </PlainSwitch>
            <PlainSwitch checked={settings.newMessages} onChange={(newMessages) => choose({ newMessages })} testId="push-new-messages">
              {t('push.newMessages')}
            </PlainSwitch>
          </>
        )}
        <Text textStyle="xs" color="fg.muted">
          {t('push.hint')}
        </Text>
      </Stack>
    </FormDialog>
  );
}
