/** Texts of the to-do list in pt-BR; en.ts, es.ts and tr.ts beside it carry exactly its keys. */
export const ptBR = {
  'menu.todolist': 'Tarefas',
  'todolist.title': 'Tarefas',
  'todolist.new': 'Nova tarefa',
  'todolist.add': 'Adicionar',
  'todolist.save': 'Salvar',
  'todolist.edit': 'Editar',
  'todolist.delete': 'Excluir',
  'todolist.empty': 'Nenhuma tarefa ainda.',
  'todolist.updatedAt': 'Atualizada em {time}',
} as const;
