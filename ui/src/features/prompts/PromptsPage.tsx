import { Text } from '@chakra-ui/react';
import type { PromptView } from '@conversa/contracts';
import { useState } from 'react';
import { useConfirmedDelete } from '../../shared/ConfirmDialog';
import { DeleteConfirm, editAndDelete } from '../../shared/recordActions';
import { DataTable, type Column } from '../../shared/DataTable';
import { useFeedback } from '../../shared/feedback';
import { ListFrame } from '../../shared/ListFrame';
import { useDeletePromptMutation, usePromptsQuery } from './api';
import { usePromptFrames } from './socket';
import { lazyOnDemand } from '../../shared/lazyUntilOpen';

const PromptDialog = lazyOnDemand(() => import('./PromptDialog'));

const feedbackTexts = { success: 'prompts.deleted', saveFailed: 'prompts.saveFailed', deleteFailed: 'prompts.deleteFailed' } as const;

const columns: Column<PromptView>[] = [
  { key: 'name', header: 'prompts.column.name', render: (row) => <Text data-testid={`prompt-name-${row.id}`}>{row.name}</Text> },
  { key: 'queue', header: 'prompts.column.queue', render: (row) => <Text>{row.queue?.name ?? ''}</Text> },
  { key: 'maxTokens', header: 'prompts.column.maxTokens', render: (row) => <Text>{row.maxTokens}</Text> },
];

/** /prompts (spec 3 §2): name, queue, max tokens, edit and delete; skeleton rows while loading. */
export default function PromptsPage() {
  const { data, isLoading, isError, isFetching, refetch } = usePromptsQuery();
  const [editing, setEditing] = useState<{ prompt: PromptView | null } | null>(null);
  const [remove] = useDeletePromptMutation();
  const feedback = useFeedback(feedbackTexts);
  usePromptFrames();
  const rows = data?.prompts ?? [];
  const deletion = useConfirmedDelete<PromptView>(remove, feedback, { failure: 'stay' });

  return (
    <ListFrame
      testId="prompts-page"
      title="prompts.title"
      maxW="5xl"
      fill
      add={{ label: 'prompts.add', onClick: () => setEditing({ prompt: null }), testId: 'prompt-add' }}
      query={{ isLoading: false, isError: isError && rows.length === 0, refetch }}
      loadFailed="prompts.loadFailed"
      dialogs={
        <>
          {editing && <PromptDialog prompt={editing.prompt} onClose={() => setEditing(null)} />}
          <DeleteConfirm of={deletion} texts="prompts" testId="prompt" named="name" size="md" />
        </>
      }
    >
      <DataTable
        rows={rows}
        columns={columns}
        testId="prompts-table"
        rowTestId={(row) => `prompt-row-${row.id}`}
        empty={{ text: 'prompts.empty', testId: 'prompts-empty' }}
        loading={isLoading || (isFetching && rows.length === 0)}
        actionsHeader="prompts.column.actions"
        actions={editAndDelete({ texts: 'prompts', testId: 'prompt', edit: (row) => setEditing({ prompt: row }), delete: deletion.ask })}
      />
    </ListFrame>
  );
}
