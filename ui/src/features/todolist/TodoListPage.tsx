import { Box, Button, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuPencil, LuTrash2 } from 'react-icons/lu';
import { readStorage, writeStorage } from '../../app/storage';
import { useT } from '../../i18n';
import { addTask, editTask, formatTaskTime, parseTasks, removeTask, TASKS_STORAGE_KEY, type Task } from './tasks';

/** /todolist: the user's tasks in this browser's storage; the add button becomes 'Salvar' while one is edited. */
export default function TodoListPage() {
  const t = useT();
  const [tasks, setTasks] = useState<readonly Task[]>(() => parseTasks(readStorage(TASKS_STORAGE_KEY)));
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<number | null>(null);

  const store = (next: readonly Task[]) => {
    setTasks(next);
    writeStorage(TASKS_STORAGE_KEY, JSON.stringify(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    store(editing === null ? addTask(tasks, text, new Date()) : editTask(tasks, editing, text, new Date()));
    setText('');
    setEditing(null);
  };

  const remove = (index: number) => {
    store(removeTask(tasks, index));
    if (editing === index) {
      setEditing(null);
      setText('');
    } else if (editing !== null && editing > index) setEditing(editing - 1);
  };

  return (
    <Box maxW="3xl" mx="auto" data-testid="todolist-page">
      <Heading size="xl" mb="4">
        {t('todolist.title')}
      </Heading>
      <form onSubmit={submit}>
        <HStack mb="4">
          <Input
            value={text}
            placeholder={t('todolist.new')}
            aria-label={t('todolist.new')}
            onChange={(event) => setText(event.target.value)}
            data-testid="todo-input"
          />
          <Button type="submit" data-testid="todo-submit">
            {t(editing === null ? 'todolist.add' : 'todolist.save')}
          </Button>
        </HStack>
      </form>
      {tasks.length === 0 ? (
        <Text color="fg.muted" data-testid="todo-empty">
          {t('todolist.empty')}
        </Text>
      ) : (
        <Stack gap="2" data-testid="todo-list">
          {tasks.map((task, index) => (
            <HStack
              key={`${task.createdAt}-${index}`}
              borderWidth="1px"
              borderRadius="md"
              px="3"
              py="2"
              justify="space-between"
              data-testid={`todo-item-${index}`}
            >
              <Box minW="0">
                <Text wordBreak="break-word" data-testid={`todo-text-${index}`}>
                  {task.text}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {t('todolist.updatedAt', { time: formatTaskTime(task.updatedAt) })}
                </Text>
              </Box>
              <HStack gap="1">
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t('todolist.edit')}
                  onClick={() => {
                    setEditing(index);
                    setText(task.text);
                  }}
                  data-testid={`todo-edit-${index}`}
                >
                  <LuPencil />
                </IconButton>
                <IconButton
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('todolist.delete')}
                  onClick={() => remove(index)}
                  data-testid={`todo-delete-${index}`}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
