/** Texts of the messages API screen in pt-BR; en.ts, es.ts and tr.ts beside it carry exactly its keys. */
export const ptBR = {
  'menu.messagesApi': 'API de Mensagens',
  'messagesApi.title': 'Documentação para envio de mensagens',
  'messagesApi.methods': 'Métodos de envio',
  'messagesApi.textMethod': '1. Mensagens de texto',
  'messagesApi.mediaMethod': '2. Mensagens de mídia',
  'messagesApi.instructions': 'Instruções',
  'messagesApi.notes': 'Observações importantes',
  'messagesApi.noteToken': 'O token é o da conexão que enviará as mensagens: veja-o em Conexões, no botão editar da conexão, campo Token.',
  'messagesApi.noteNumber': 'O número não tem máscara nem caracteres especiais: código do país, DDD e número (ex.: 5511999999999).',
  'messagesApi.noteUser':
    'userId (opcional) escreve como esse atendente (sendSignature assina com o nome dele); queueId (opcional) coloca um ticket novo nessa fila. Sem userId, a mensagem é do sistema.',
  'messagesApi.noteIdempotency':
    'Envie o cabeçalho Idempotency-Key para repetir uma requisição com segurança: a mesma chave envia uma vez só e responde o mesmo resultado.',
  'messagesApi.noteRate': 'Cada token tem um limite de requisições por minuto; acima dele a resposta é 429 com o cabeçalho Retry-After (segundos).',
  'messagesApi.noteErrors':
    'Respostas: 200 enviada; 400 dados inválidos; 401 token inválido; 402 assinatura vencida; 403 plano sem API, usuário ou fila de outra empresa; 409 Idempotency-Key já usada em outra requisição; 429 limite excedido.',
  'messagesApi.endpoint': 'Endpoint',
  'messagesApi.method': 'Método',
  'messagesApi.headers': 'Cabeçalhos',
  'messagesApi.body': 'Corpo',
  'messagesApi.test': 'Teste de envio',
  'messagesApi.token': 'Token',
  'messagesApi.number': 'Número',
  'messagesApi.message': 'Mensagem',
  'messagesApi.file': 'Arquivo',
  'messagesApi.send': 'Enviar',
  'messagesApi.sent': 'Mensagem enviada com sucesso',
  'messagesApi.failed': 'Não foi possível enviar a mensagem',
  'messagesApi.required': 'Obrigatório',
  'messagesApi.numberFormat': 'Somente números: código do país, DDD e número',
} as const;
