import { Box, Button, Card, Text } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import type { KanbanTicket } from '@conversa/contracts';
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../i18n';
import { messagePreview } from '../../../shared/whatsappText';

/** The card's face, apart from the drag wiring: thousands of cards re-render only when their ticket changes. */
const CardFace = memo(function CardFace({ card }: { card: KanbanTicket }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Card.Root size="sm" variant="outline" bg="bg.panel">
      <Card.Body gap="1" p="3">
        <Text textStyle="xs" color="fg.muted">
          {t('kanban.cardTitle', { id: card.id })}
        </Text>
        <Text fontWeight="semibold" truncate data-testid="kanban-card-name">
          {card.contact.name}
        </Text>
        <Text textStyle="xs" color="fg.muted" data-testid="kanban-card-number">
          {card.contact.number}
        </Text>
        <Text textStyle="sm" lineClamp={2} title={messagePreview(card.lastMessage)}>
          {messagePreview(card.lastMessage)}
        </Text>
        <Button
          size="xs"
          variant="outline"
          alignSelf="flex-start"
          mt="1"
          // The card's drag starts on pointer down; the button's own click must not start one.
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => navigate(`/tickets/${card.uuid}`)}
          data-testid={`kanban-open-${card.id}`}
        >
          {t('kanban.open')}
        </Button>
      </Card.Body>
    </Card.Root>
  );
});

/** A ticket on the board, draggable to another lane (pointer or keyboard). */
export function KanbanCard({ card }: { card: KanbanTicket }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: card.id });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      cursor="grab"
      opacity={isDragging ? 0.6 : 1}
      zIndex={isDragging ? 'overlay' : undefined}
      position="relative"
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      data-testid={`kanban-card-${card.id}`}
    >
      <CardFace card={card} />
    </Box>
  );
}
