import { TagsScreen } from './TagsPage';

/** /TagsKanban: the kanban lanes (kanban tags) with their count. */
export default function TagsKanbanPage() {
  return <TagsScreen lanes />;
}
