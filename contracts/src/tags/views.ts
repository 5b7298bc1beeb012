/** A tag as the API and the `tag` frames show it. */
export interface TagView {
  id: number;
  companyId: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  createdAt: string;
  updatedAt: string;
}
