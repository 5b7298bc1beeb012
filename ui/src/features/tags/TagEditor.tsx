import { Box, HStack, IconButton, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { LuTag } from 'react-icons/lu';
import { useStore } from 'react-redux';
import type { AppStore } from '../../app/store';
import { useErrorToast } from '../../app/notify';
import { useT } from '../../i18n';
import { CheckboxGroup } from '../../shared/CheckboxGroup';
import { applyContactToTickets } from '../tickets/live';
import { tagsApi, useAllTagsQuery, useContactTagsQuery, useSyncTagsMutation } from './api';
import { useTagFrames } from './socket';
import { TagChipBadge } from './TagChip';

/**
 * A contact's tags as chips, with a picker of the company's tags (POST /tags/sync). Used in the ticket header
 * (with `ticketId`: the ticket's tags are its contact's) and in the contact drawer. The chips follow `contact` and
 * `tag` frames; one's own change reaches the ticket lists and the open ticket at once, before its frame.
 */
export function TagEditor({ contactId, ticketId, testId = 'tag-editor' }: { contactId: number; ticketId?: number; testId?: string }) {
  const t = useT();
  const store = useStore() as AppStore;
  const showError = useErrorToast();
  const [open, setOpen] = useState(false);
  const { data: chips = [] } = useContactTagsQuery(contactId);
  // The choices load when the picker first opens.
  const { data: choices, isLoading: loadingChoices } = useAllTagsQuery(open ? undefined : skipToken);
  const [syncTags, syncing] = useSyncTagsMutation();
  useTagFrames();

  const sync = async (ids: number[]) => {
    try {
      const { tags } = await syncTags({ contactId, ticketId, tags: ids.map((id) => ({ id })) }).unwrap();
      store.dispatch(tagsApi.util.updateQueryData('contactTags', contactId, () => tags));
      applyContactToTickets(store, { action: 'update', contact: { id: contactId, tags } });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <HStack gap="1" minW="0" flexWrap="wrap" data-testid={testId} data-count={chips.length}>
      {chips.length === 0 ? (
        <Text textStyle="xs" color="fg.muted">
          {t('tags.editor.none')}
        </Text>
      ) : (
        chips.map((chip) => <TagChipBadge key={chip.id} tag={chip} testId={`${testId}-chip-${chip.id}`} />)
      )}
      <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }} lazyMount>
        <Popover.Trigger asChild>
          <IconButton size="xs" variant="ghost" aria-label={t('tags.editor.edit')} title={t('tags.editor.edit')} data-testid={`${testId}-open`}>
            <LuTag />
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content width="64" data-testid={`${testId}-picker`}>
              <Popover.Body>
                <Stack gap="2">
                  {loadingChoices && <Spinner size="sm" />}
                  <Box maxH="60" overflowY="auto">
                    <CheckboxGroup
                      label={
                        <HStack justify="space-between">
                          {t('tags.editor.label')}
                          {syncing.isLoading && <Spinner size="xs" />}
                        </HStack>
                      }
                      labelProps={{ fontWeight: 'semibold', fontSize: 'md', w: 'full' }}
                      size="sm"
                      options={(choices ?? []).map((tag) => ({ value: tag.id, label: <TagChipBadge tag={tag} />, testId: `${testId}-option-${tag.id}` }))}
                      value={chips.map((chip) => chip.id)}
                      onChange={(ids) => void sync(ids)}
                      disabled={syncing.isLoading}
                      empty={
                        choices && (
                          <Text textStyle="sm" color="fg.muted">
                            {t('tags.editor.noTags')}
                          </Text>
                        )
                      }
                    />
                  </Box>
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>
    </HStack>
  );
}
