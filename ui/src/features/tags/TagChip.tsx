import { Badge } from '@chakra-ui/react';
import type { TagView } from '@conversa/contracts';

/** A tag's name as a chip in its colour (lists, the editor, the board). */
export function TagChipBadge({ tag, testId }: { tag: Pick<TagView, 'name' | 'color'>; testId?: string }) {
  return (
    <Badge variant="solid" style={{ background: tag.color }} color="white" textShadow="0 0 2px rgba(0,0,0,0.6)" data-testid={testId}>
      {tag.name}
    </Badge>
  );
}
