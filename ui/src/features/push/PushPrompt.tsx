import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAppSelector } from '../../app/store';
import { useT } from '../../i18n';
import { answerPrompt } from './prompt';
import { usePushToggle } from './PushDialog';

/**
 * The one-time, discreet offer of push notifications: a line above the list, shown after the user opened a ticket
 * (never on load), gone once answered either way. The browser's own permission question comes only from its button.
 */
export default function PushPrompt() {
  const t = useT();
  const userId = useAppSelector((state) => state.session.user)!.id;
  const toggle = usePushToggle();
  const [answered, setAnswered] = useState(false);
  const [busy, setBusy] = useState(false);
  if (answered) return null;
  const answer = (value: 'enabled' | 'later') => {
    answerPrompt(userId, value);
    setAnswered(true);
  };
  return (
    <HStack px="3" py="2" gap="2" borderBottomWidth="1px" bg="bg.subtle" flexShrink="0" data-testid="push-prompt">
      <Text textStyle="xs" flex="1">
        {t('push.prompt.text')}
      </Text>
      <Button
        size="2xs"
        loading={busy || !toggle.ready}
        onClick={async () => {
          setBusy(true);
          await toggle.enable();
          setBusy(false);
          answer('enabled');
        }}
        data-testid="push-prompt-enable"
      >
        {t('push.prompt.enable')}
      </Button>
      <Button size="2xs" variant="ghost" onClick={() => answer('later')} data-testid="push-prompt-later">
        {t('push.prompt.later')}
      </Button>
    </HStack>
  );
}
