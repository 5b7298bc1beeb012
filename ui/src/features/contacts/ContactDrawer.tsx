import {
  Avatar,
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  Heading,
  HStack,
  Icon,
  Input,
  Link,
  Portal,
  Separator,
  Skeleton,
  Stack,
  Switch,
  Text,
  useMediaQuery,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuBan, LuLockOpen, LuPencil } from 'react-icons/lu';
import { useErrorToast } from '../../app/notify';
import { useAppSelector } from '../../app/store';
import { toaster } from '../../app/toaster';
import { useT } from '../../i18n';
import { useConversationSettingsQuery } from '../messages/api';
import type { ConversationTicket } from '../messages/types';
import { TicketNotes } from '../notes/TicketNotes';
import { TagEditor } from '../tags/TagEditor';
import {
  useContactQuery,
  useSetContactActiveMutation,
  useToggleAcceptAudioMutation,
  useToggleDisableBotMutation,
  useUpdateContactMutation,
  type Contact,
} from './api';
import { ContactFormDialog } from './ContactFormDialog';
import { ContactLgpdActions } from './ContactLgpdActions';
import { formatContactNumber, hidesNumbers } from './number';
import { useContactFrames } from './socket';
import { MediaTabs } from './ContactMediaTabs';

/** The contact drawer is 320 px wide. */
export const CONTACT_DRAWER_WIDTH = 320;
/** Under this width the drawer overlays the conversation instead of standing beside it. */
const NARROW = '(max-width: 899.98px)';

export interface ContactDrawerProps {
  ticket: ConversationTicket;
  open: boolean;
  onClose: () => void;
  /** Over the conversation rather than beside it; by default only under 900 px. */
  overlay?: boolean | undefined;
}

function EditableName({ contact }: { contact: Contact }) {
  const t = useT();
  const showError = useErrorToast();
  const [updateContact] = useUpdateContactMutation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(contact.name);

  const save = async () => {
    setEditing(false);
    const trimmed = name.trim();
    if (trimmed === contact.name) return;
    if (trimmed.length < 2 || trimmed.length > 50) {
      setName(contact.name);
      toaster.create({ type: 'error', description: t(trimmed.length < 2 ? 'contactForm.tooShort' : 'contactForm.tooLong') });
      return;
    }
    try {
      await updateContact({ id: contact.id, name: trimmed }).unwrap();
      toaster.create({ type: 'success', description: t('contactModal.success') });
    } catch (error) {
      setName(contact.name);
      showError(error);
    }
  };

  if (editing) {
    return (
      <Input
        size="sm"
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') {
            setName(contact.name);
            setEditing(false);
          }
        }}
        data-testid="contact-name-input"
      />
    );
  }
  return (
    <Heading
      size="md"
      textAlign="center"
      cursor="text"
      title={t('contactDrawer.clickToEdit')}
      onClick={() => {
        setName(contact.name);
        setEditing(true);
      }}
      data-testid="contact-name"
    >
      {contact.name}
    </Heading>
  );
}

function DrawerBody({ ticket, contact }: { ticket: ConversationTicket; contact: Contact }) {
  const t = useT();
  const showError = useErrorToast();
  const user = useAppSelector((state) => state.session.user);
  const { data: settings } = useConversationSettingsQuery(user?.companyId ?? 0, { skip: !user });
  const [toggleBot, togglingBot] = useToggleDisableBotMutation();
  const [toggleAudio, togglingAudio] = useToggleAcceptAudioMutation();
  const [setActive, settingActive] = useSetContactActiveMutation();
  const [editOpen, setEditOpen] = useState(false);
  const number = formatContactNumber(contact.number, hidesNumbers(user, settings?.lgpdHideNumber ?? user?.company.companieSettings.lgpdHideNumber));
  const picture = contact.urlPicture ?? contact.profilePicUrl;

  const block = async () => {
    try {
      await setActive({ id: contact.id, active: !contact.active }).unwrap();
      toaster.create({ type: 'success', description: t(contact.active ? 'contactDrawer.blocked' : 'contactDrawer.unblocked') });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="4" p="4">
      <Switch.Root
        checked={contact.disableBot}
        disabled={togglingBot.isLoading}
        onCheckedChange={() => toggleBot(contact.id).unwrap().catch(showError)}
        data-testid="contact-disable-bot"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('contactDrawer.disableBot')}</Switch.Label>
      </Switch.Root>
      <Switch.Root
        checked={contact.acceptAudioMessage}
        disabled={togglingAudio.isLoading}
        onCheckedChange={() => toggleAudio(contact.id).unwrap().catch(showError)}
        data-testid="contact-accept-audio"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('contactDrawer.acceptAudio')}</Switch.Label>
      </Switch.Root>
      <Stack align="center" gap="2">
        <Avatar.Root size="2xl">
          <Avatar.Fallback name={contact.name} />
          {picture ? <Avatar.Image src={picture} /> : null}
        </Avatar.Root>
        <EditableName key={contact.name} contact={contact} />
        <Text textStyle="sm" color="fg.muted" data-testid="contact-number">
          {number.kind === 'number' ? number.text : t(number.kind === 'invalid' ? 'contacts.number.invalid' : 'contacts.number.unavailable')}
        </Text>
        {contact.email && (
          <Link href={`mailto:${contact.email}`} textStyle="sm" data-testid="contact-email">
            {contact.email}
          </Link>
        )}
        {!contact.active && (
          <HStack color="red.fg" textStyle="xs" fontWeight="semibold" data-testid="contact-blocked-mark">
            <LuBan />
            <Text>{t('contactDrawer.isBlocked')}</Text>
          </HStack>
        )}
      </Stack>
      <HStack gap="2">
        <Button flex="1" size="sm" variant="outline" onClick={() => setEditOpen(true)} data-testid="contact-edit">
          <LuPencil />
          {t('contactDrawer.edit')}
        </Button>
        <Button
          flex="1"
          size="sm"
          variant="outline"
          colorPalette={contact.active ? 'red' : 'green'}
          onClick={() => void block()}
          loading={settingActive.isLoading}
          data-testid="contact-block"
        >
          <Icon as={contact.active ? LuBan : LuLockOpen} />
          {t(contact.active ? 'contactDrawer.block' : 'contactDrawer.unblock')}
        </Button>
      </HStack>
      <ContactLgpdActions contactId={contact.id} />
      <TagEditor contactId={contact.id} testId="contact-tags" />
      <Separator />
      <MediaTabs ticketId={ticket.id} />
      <Separator />
      <Stack gap="2">
        <Heading size="sm">{t('contactDrawer.notes')}</Heading>
        <TicketNotes ticketId={ticket.id} contactId={contact.id} />
      </Stack>
      {contact.extraInfo.length > 0 && (
        <>
          <Separator />
          <Stack gap="2" data-testid="contact-extra-info">
            <Heading size="sm">{t('contactDrawer.extraInfo')}</Heading>
            {contact.extraInfo.map((info) => (
              <Box key={info.id} p="2" borderRadius="l2" bg="bg.muted">
                <Text textStyle="xs" color="fg.muted">
                  {info.name}
                </Text>
                <Text textStyle="sm">{info.value}</Text>
              </Box>
            ))}
          </Stack>
        </>
      )}
      <ContactFormDialog
        open={editOpen}
        onClose={() => setEditOpen(false)}
        initial={{ id: contact.id, name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo }}
      />
    </Stack>
  );
}

function DrawerContent({ ticket, onClose }: { ticket: ConversationTicket; onClose: () => void }) {
  const t = useT();
  // An erased contact (LGPD) has nothing left to load.
  const { data: contact, isError } = useContactQuery(ticket.contactId, { skip: ticket.contact?.erased === true });
  useContactFrames();
  return (
    <Flex direction="column" h="100%" minH="0">
      <HStack justify="space-between" px="4" h="14" borderBottomWidth="1px" flexShrink="0">
        <Heading size="sm">{t('contactDrawer.title')}</Heading>
        <CloseButton size="sm" onClick={onClose} aria-label={t('common.close')} data-testid="contact-drawer-close" />
      </HStack>
      <Box flex="1" minH="0" overflowY="auto">
        {ticket.contact?.erased ? (
          <Text p="4" color="fg.muted" data-testid="contact-erased">
            {t('contactErase.removed', { id: ticket.contactId })}
          </Text>
        ) : contact ? (
          <DrawerBody ticket={ticket} contact={contact} />
        ) : isError ? (
          <Text p="4" color="fg.muted">
            {t('contactDrawer.loadFailed')}
          </Text>
        ) : (
          <Stack p="4" gap="3">
            <Skeleton h="8" />
            <Skeleton h="32" />
            <Skeleton h="20" />
          </Stack>
        )}
      </Box>
    </Flex>
  );
}

/**
 * The right contact drawer of the ticket screen, 320 px wide. Render it beside the MessagesPanel in a
 * row: on wide screens it stands beside the conversation; under 900 px it overlays it.
 */
export function ContactDrawer({ ticket, open, onClose, overlay }: ContactDrawerProps) {
  const [narrow] = useMediaQuery([NARROW]);
  if (overlay ?? narrow) {
    return (
      <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="end">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={`${CONTACT_DRAWER_WIDTH}px`} data-testid="contact-drawer">
              <DrawerContent ticket={ticket} onClose={onClose} />
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }
  if (!open) return null;
  return (
    <Box as="aside" w={`${CONTACT_DRAWER_WIDTH}px`} flexShrink="0" h="100%" borderLeftWidth="1px" bg="bg.panel" data-testid="contact-drawer">
      <DrawerContent ticket={ticket} onClose={onClose} />
    </Box>
  );
}
