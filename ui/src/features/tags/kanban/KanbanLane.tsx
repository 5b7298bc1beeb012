import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useDroppable } from '@dnd-kit/core';
import type { KanbanTicket } from '@conversa/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { KanbanCard } from './KanbanCard';

/** Cards a lane shows at first and adds per "show more": a lane of thousands stays quick to paint and to drag over. */
export const LANE_PAGE = 50;

/** A lane: its title in the tag's colour with the count, then its cards (a drop target). */
export function KanbanLane({ laneId, title, color, cards }: { laneId: number; title: string; color: string; cards: readonly KanbanTicket[] }) {
  const t = useT();
  const { setNodeRef, isOver } = useDroppable({ id: laneId });
  const [shown, setShown] = useState(LANE_PAGE);
  return (
    <Stack
      ref={setNodeRef}
      w="72"
      flexShrink={0}
      maxH="full"
      borderRadius="md"
      borderWidth="1px"
      bg={isOver ? 'bg.emphasized' : 'bg.muted'}
      gap="0"
      data-testid={`kanban-lane-${laneId}`}
      data-count={cards.length}
    >
      <HStack px="3" py="2" borderTopRadius="md" style={{ background: color }} justify="space-between">
        <Text fontWeight="semibold" color="white" textShadow="0 0 2px rgba(0,0,0,0.6)" truncate>
          {title}
        </Text>
        <Badge variant="surface" data-testid={`kanban-lane-count-${laneId}`}>
          {cards.length}
        </Badge>
      </HStack>
      <Stack gap="2" p="2" overflowY="auto" flex="1" minH="24">
        {cards.length === 0 && (
          <Text textStyle="sm" color="fg.muted" textAlign="center" py="4">
            {t('kanban.emptyLane')}
          </Text>
        )}
        {cards.slice(0, shown).map((card) => (
          <KanbanCard key={card.id} card={card} />
        ))}
        {cards.length > shown && (
          <Box textAlign="center">
            <Button size="xs" variant="ghost" onClick={() => setShown(shown + LANE_PAGE)} data-testid={`kanban-more-${laneId}`}>
              {t('kanban.showMore', { count: cards.length - shown })}
            </Button>
          </Box>
        )}
      </Stack>
    </Stack>
  );
}
