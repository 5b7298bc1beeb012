/** Texts of the notes area in pt-BR (the default, the spec wording); en.ts, es.ts and tr.ts beside it carry exactly its keys. */
export const ptBR = {
  'notes.placeholder': 'Nova observação',
  'notes.add': 'Adicionar',
  'notes.added': 'Observação adicionada com sucesso!',
  'notes.deleted': 'Observação excluída com sucesso!',
  'notes.delete': 'Excluir observação',
  'notes.confirmDelete': 'Deseja realmente excluir este registro?',
  'notes.required': 'Obrigatório',
  'notes.tooShort': 'Muito curta!',
} as const;
