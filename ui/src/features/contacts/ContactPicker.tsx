import { Avatar, Box, Button, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';
import { useT } from '../../i18n';
import { useSearchContactsQuery, type Contact } from './api';
import { ContactFormDialog } from './ContactFormDialog';
import { CONTACT_SEARCH_DELAY_MS, searchReady } from './validation';
import { useDebounced } from '../../shared/useDebounced';

export { useDebounced };

/**
 * The contact search (send-contact, forward, new ticket): starts at 3 characters after 500 ms; a typed name
 * with no match offers creating a new contact.
 */
export function ContactPicker({
  selected,
  onPick,
  testId = 'contact-picker',
}: {
  selected: Contact | null;
  onPick: (contact: Contact) => void;
  testId?: string;
}) {
  const t = useT();
  const [term, setTerm] = useState('');
  const [creating, setCreating] = useState(false);
  const settled = useDebounced(term.trim(), CONTACT_SEARCH_DELAY_MS);
  const ready = searchReady(settled);
  const { data, isFetching } = useSearchContactsQuery({ searchParam: settled }, { skip: !ready });
  const contacts = ready ? (data?.contacts ?? []) : [];
  const nothingFound = ready && !isFetching && data !== undefined && contacts.length === 0;
  const looksLikeNumber = /^[\d\s()+\-.]+$/.test(settled);

  return (
    <Stack gap="2" data-testid={testId}>
      <Input
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={t('contactPicker.placeholder')}
        data-testid={`${testId}-input`}
        autoComplete="off"
      />
      {!searchReady(term) && (
        <Text textStyle="xs" color="fg.muted">
          {t('contactPicker.minChars')}
        </Text>
      )}
      {isFetching && <Spinner size="sm" />}
      <Stack gap="1" maxH="240px" overflowY="auto">
        {contacts.map((contact) => (
          <HStack
            key={contact.id}
            asChild
            gap="3"
            px="2"
            py="1.5"
            borderRadius="l2"
            textAlign="left"
            bg={selected?.id === contact.id ? 'colorPalette.subtle' : undefined}
            _hover={{ bg: 'bg.muted' }}
          >
            <button type="button" onClick={() => onPick(contact)} data-testid={`${testId}-option-${contact.id}`} aria-pressed={selected?.id === contact.id}>
              <Avatar.Root size="xs">
                <Avatar.Fallback name={contact.name} />
                {contact.urlPicture ? <Avatar.Image src={contact.urlPicture} /> : null}
              </Avatar.Root>
              <Box minW="0">
                <Text textStyle="sm" truncate>
                  {contact.name}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {contact.number}
                </Text>
              </Box>
            </button>
          </HStack>
        ))}
      </Stack>
      {nothingFound && (
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setCreating(true)} data-testid={`${testId}-create`}>
          <LuUserPlus />
          {t('contactPicker.create', { name: settled })}
        </Button>
      )}
      <ContactFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        initial={looksLikeNumber ? { number: settled } : { name: settled }}
        onSaved={(contact) => {
          setTerm(contact.name);
          onPick(contact);
        }}
      />
    </Stack>
  );
}
