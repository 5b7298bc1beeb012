import { IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuBellRing } from 'react-icons/lu';
import { useT } from '../../i18n';
import { lazyUntilOpen, lazyOnDemand } from '../../shared/lazyUntilOpen';
import { shouldPrompt } from './prompt';

// Both load on use: the list paints without them (docs/ui-bundle.md).
const PushDialog = lazyUntilOpen(
  () => import('./PushDialog').then((m) => m.PushDialog),
  (props) => props.open,
);
const PushPrompt = lazyOnDemand(() => import('./PushPrompt'));

/** The tickets screen's entry to the push settings. */
export function PushButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t('tickets.push.open')}
        title={t('tickets.push.open')}
        onClick={() => setOpen(true)}
        data-testid="tickets-push"
      >
        <LuBellRing />
      </IconButton>
      <PushDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The one-time offer, once the user has opened a ticket in this visit (never on load). */
export function PushPromptSlot({ userId, selectedUuid }: { userId: number; selectedUuid: string | undefined }) {
  const [engaged, setEngaged] = useState(false);
  if (selectedUuid !== undefined && !engaged) setEngaged(true);
  if (!engaged || !shouldPrompt(userId)) return null;
  return <PushPrompt />;
}
