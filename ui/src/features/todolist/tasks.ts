/** A to-do item as the browser keeps it under the `tasks` storage key (ISO dates). */
export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

export const TASKS_STORAGE_KEY = 'tasks';

const isTask = (value: unknown): value is Task => {
  const task = value as Task;
  return typeof task?.text === 'string' && typeof task.createdAt === 'string' && typeof task.updatedAt === 'string';
};

/** What was stored, or an empty list: a hand-edited or foreign value must not break the page. */
export function parseTasks(stored: string | null): Task[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isTask) : [];
  } catch {
    return [];
  }
}

/** Adds a task at the end; blank text (after trimming) leaves the list as it was. */
export function addTask(tasks: readonly Task[], text: string, now: Date): readonly Task[] {
  const trimmed = text.trim();
  if (trimmed === '') return tasks;
  const at = now.toISOString();
  return [...tasks, { text: trimmed, createdAt: at, updatedAt: at }];
}

/** Replaces the text of the task at `index` and stamps its update time; blank text or a stale index changes nothing. */
export function editTask(tasks: readonly Task[], index: number, text: string, now: Date): readonly Task[] {
  const trimmed = text.trim();
  if (trimmed === '' || index < 0 || index >= tasks.length) return tasks;
  return tasks.map((task, at) => (at === index ? { ...task, text: trimmed, updatedAt: now.toISOString() } : task));
}

export function removeTask(tasks: readonly Task[], index: number): readonly Task[] {
  return tasks.filter((_task, at) => at !== index);
}

/** DD/MM/YYYY HH:mm in the browser's time zone, the product's date-and-time format. */
export function formatTaskTime(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
