import { Box, Button, Center, Flex, Heading, HStack, Spinner, Text } from '@chakra-ui/react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { seesAllTickets, type KanbanTicket, type TagView } from '@conversa/contracts';
import { useMemo, useRef, useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { useStore } from 'react-redux';
import { useErrorToast } from '../../../app/notify';
import { useSocketEvent, useSocketReconnect } from '../../../app/SocketProvider';
import { useAppSelector, type AppStore } from '../../../app/store';
import { toaster } from '../../../app/toaster';
import { useT } from '../../../i18n';
import { viewerOfUser } from '../../tickets/types';
import { tagsApi, useAddTicketTagMutation, useKanbanLanesQuery, useKanbanTicketsQuery, useRemoveTicketTagsMutation } from '../api';
import { applyTagFrameToList, useTagFrames } from '../socket';
import { applyKanbanContactFrame, applyKanbanTicketFrame, cardsByLane, DEFAULT_LANE, laneOf, movedTags } from './board';
import { KanbanLane } from './KanbanLane';
import { lazyOnDemand } from '../../../shared/lazyUntilOpen';

const TagDialog = lazyOnDemand(() => import('../TagDialog'));

/** The default lane's colour (no tag paints it). */
const DEFAULT_LANE_COLOR = '#5C6B7A';

/**
 * /Kanban: a default lane for the tickets without a kanban tag, then one lane per kanban tag in its colour.
 * Dragging a card to another lane removes its lane tag and adds the new one (two calls, two toasts); every
 * browser sees it move through the `contact` frame the change publishes. Cards come from the user's queues.
 */
export default function KanbanPage() {
  const t = useT();
  const store = useStore() as AppStore;
  const showError = useErrorToast();
  const user = useAppSelector((state) => state.session.user)!;
  const viewer = useMemo(() => viewerOfUser(user), [user]);
  // Admins, supervisors and super users see every queue's tickets: no queue filter is sent.
  const everyQueue = seesAllTickets(viewer);
  const queueIds = useMemo(() => (everyQueue ? [] : viewer.queueIds), [everyQueue, viewer]);
  const lanesQuery = useKanbanLanesQuery();
  const cardsQuery = useKanbanTicketsQuery(queueIds);
  const lanes = lanesQuery.data ?? [];
  const cards = cardsQuery.data ?? [];
  const byLane = useMemo(() => cardsByLane(cards, lanes), [cards, lanes]);
  const [addingLane, setAddingLane] = useState(false);
  const [removeTicketTags] = useRemoveTicketTagsMutation();
  const [addTicketTag] = useAddTicketTagMutation();
  // A small distance before a drag starts, so a click on "Ver Ticket" stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));

  const patchCards = (recipe: (cards: KanbanTicket[]) => KanbanTicket[]) => store.dispatch(tagsApi.util.updateQueryData('kanbanTickets', queueIds, recipe));
  useTagFrames();
  useSocketEvent('ticket', (frame) => patchCards((draft) => applyKanbanTicketFrame(draft, frame, viewer, lanes)));
  // Moves in flight, by contact: the frame of the first call (lane tag removed) must not pull the card back to the
  // default lane while the second call is on its way.
  const inFlight = useRef(new Map<number, TagView | null>());
  useSocketEvent('contact', (frame) =>
    patchCards((draft) => {
      const next = applyKanbanContactFrame(draft, frame, lanes);
      if (inFlight.current.size === 0) return next;
      return next.map((card) =>
        inFlight.current.has(card.contactId) ? { ...card, tags: movedTags(card.tags, inFlight.current.get(card.contactId)!, lanes) } : card,
      );
    }),
  );
  useSocketReconnect(() => store.dispatch(tagsApi.util.invalidateTags(['Kanban'])));

  const move = async (card: KanbanTicket, target: TagView | null) => {
    const before = card.tags;
    // The card moves at once; the calls' answers (and the frames) confirm it, a refusal puts it back.
    patchCards((draft) => draft.map((known) => (known.id === card.id ? { ...known, tags: movedTags(known.tags, target, lanes) } : known)));
    inFlight.current.set(card.contactId, target);
    try {
      await removeTicketTags(card.id).unwrap();
      toaster.create({ type: 'success', description: t('kanban.removed') });
      if (target) {
        await addTicketTag({ ticketId: card.id, tagId: target.id }).unwrap();
        toaster.create({ type: 'success', description: t('kanban.added') });
      }
    } catch (error) {
      patchCards((draft) => draft.map((known) => (known.id === card.id ? { ...known, tags: before } : known)));
      showError(error);
    } finally {
      inFlight.current.delete(card.contactId);
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = cards.find((known) => known.id === active.id);
    if (!card || !over) return;
    const targetId = Number(over.id);
    if (targetId === laneOf(card, lanes)) return;
    void move(card, targetId === DEFAULT_LANE ? null : (lanes.find((lane) => lane.id === targetId) ?? null));
  };

  const loading = lanesQuery.isLoading || cardsQuery.isLoading;
  return (
    <Flex direction="column" h="full" minH="0" gap="4" data-testid="kanban-page" data-loaded={!loading && cardsQuery.isSuccess}>
      <HStack justify="space-between">
        <Heading size="xl">{t('kanban.title')}</Heading>
        <Button onClick={() => setAddingLane(true)} data-testid="kanban-add-lane">
          <LuPlus /> {t('kanban.addLane')}
        </Button>
      </HStack>
      {!everyQueue && queueIds.length === 0 && (
        <Text color="fg.muted" data-testid="kanban-no-queues">
          {t('kanban.noQueues')}
        </Text>
      )}
      {loading ? (
        <Center flex="1" aria-label={t('kanban.loading')}>
          <Spinner />
        </Center>
      ) : (
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <Box flex="1" minH="0" overflowX="auto">
            <HStack align="stretch" h="full" gap="3" data-testid="kanban-board">
              <KanbanLane laneId={DEFAULT_LANE} title={t('kanban.defaultLane')} color={DEFAULT_LANE_COLOR} cards={byLane.get(DEFAULT_LANE) ?? []} />
              {lanes.map((lane) => (
                <KanbanLane key={lane.id} laneId={lane.id} title={lane.name} color={lane.color} cards={byLane.get(lane.id) ?? []} />
              ))}
            </HStack>
          </Box>
        </DndContext>
      )}
      {addingLane && (
        <TagDialog
          tag={null}
          kanbanMode
          onClose={() => setAddingLane(false)}
          onSaved={(tag) =>
            store.dispatch(tagsApi.util.updateQueryData('kanbanLanes', undefined, (draft) => applyTagFrameToList(draft, { action: 'create', tag }, 1)))
          }
        />
      )}
    </Flex>
  );
}
