import { Alert, Text } from '@chakra-ui/react';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { FormDialog } from '../../shared/FormDialog';
import { useConnectFacebookMutation } from './api';
import { facebookLogin, FacebookLoginCancelled } from './facebookSdk';

/**
 * Facebook / Instagram: log in with Facebook (the SDK's popup), then POST /facebook links every page
 * the person manages (and, for Instagram, the accounts linked to those pages) as connections.
 */
export default function FacebookConnectDialog({ channel, onClose }: { channel: 'facebook' | 'instagram'; onClose(): void }) {
  const t = useT();
  const showError = useErrorToast();
  const appId = useAppSelector((state) => state.session.metaAppId ?? null);
  const [connectFacebook, connecting] = useConnectFacebookMutation();

  const login = async () => {
    if (!appId) return;
    try {
      const auth = await facebookLogin(appId);
      const linked = await connectFacebook({
        facebookUserId: auth.userID,
        facebookUserToken: auth.accessToken,
        addInstagram: channel === 'instagram',
      }).unwrap();
      toaster.create({ type: 'success', description: t('meta.facebook.linked', { count: linked.length }) });
      onClose();
    } catch (error) {
      if (error instanceof FacebookLoginCancelled) toaster.create({ type: 'warning', description: t('meta.facebook.cancelled') });
      else if (error instanceof Error && !('status' in error)) toaster.create({ type: 'error', description: t('meta.facebook.sdkFailed') });
      else showError(error);
    }
  };

  return (
    <FormDialog
      open
      title={t(`meta.facebook.title.${channel}`)}
      testId="facebook-connect-dialog"
      onClose={onClose}
      onSubmit={login}
      busy={connecting.isLoading}
      saveDisabled={!appId}
      saveLabel={t('meta.facebook.login')}
      saveTestId="facebook-login"
      size="md"
    >
      <Text>{t(`meta.facebook.explain.${channel}`)}</Text>
      {!appId && (
        <Alert.Root status="warning" mt="3" data-testid="facebook-not-configured">
          <Alert.Indicator />
          <Alert.Description>{t('errors.ERR_META_NOT_CONFIGURED')}</Alert.Description>
        </Alert.Root>
      )}
    </FormDialog>
  );
}
