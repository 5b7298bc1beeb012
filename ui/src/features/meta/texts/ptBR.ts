/** Texts of the Meta channels (Facebook login, Cloud API numbers, message templates) in pt-BR; en.ts, es.ts and tr.ts beside it carry exactly its keys. */
export const ptBR = {
  'meta.facebook.title.facebook': 'Conectar páginas do Facebook',
  'meta.facebook.title.instagram': 'Conectar contas do Instagram',
  'meta.facebook.explain.facebook':
    'Entre com o Facebook e permita o acesso às páginas que você administra: cada página vira uma conexão, e as mensagens do Messenger chegam como atendimentos.',
  'meta.facebook.explain.instagram':
    'Entre com o Facebook e permita o acesso às páginas e às contas profissionais do Instagram ligadas a elas: cada conta vira uma conexão.',
  'meta.facebook.login': 'Entrar com o Facebook',
  'meta.facebook.linked': '{count} conexão(ões) vinculada(s) com sucesso.',
  'meta.facebook.cancelled': 'Login do Facebook cancelado: nenhuma página foi vinculada.',
  'meta.facebook.sdkFailed': 'Não foi possível carregar o login do Facebook. Verifique sua conexão e tente novamente.',
  'meta.cloud.title': 'WhatsApp Cloud API',
  'meta.cloud.help':
    'No painel da Meta (WhatsApp › Configuração da API), copie o ID do número de telefone, o ID da conta do WhatsApp Business e um token de acesso permanente (usuário do sistema). Eles são conferidos com a Meta ao salvar.',
  'meta.cloud.phoneNumberId': 'ID do número de telefone',
  'meta.cloud.businessAccountId': 'ID da conta do WhatsApp Business',
  'meta.cloud.token': 'Token de acesso',
  'meta.cloud.tokenKept': 'Token salvo ({hint}); deixe em branco para mantê-lo',
  'meta.cloud.tokenHelp': 'O token é guardado com segurança e nunca é exibido de novo.',
  'meta.cloud.idInvalid': 'Informe o ID numérico mostrado pela Meta',
  'meta.cloud.tokenRequired': 'Informe o token de acesso (ao menos 20 caracteres)',
  'meta.templates.closed': 'A janela de 24 horas está fechada: o contato só recebe modelos de mensagem aprovados até responder.',
  'meta.templates.choose': 'Enviar modelo',
  'meta.templates.title': 'Enviar modelo de mensagem',
  'meta.templates.template': 'Modelo',
  'meta.templates.none': 'Nenhum modelo aprovado nesta conta do WhatsApp Business.',
  'meta.templates.parameter': 'Parâmetro {number}',
  'meta.templates.parameterRequired': 'Preencha este parâmetro',
  'meta.templates.preview': 'Prévia',
  'meta.templates.send': 'Enviar',
  'meta.templates.sent': 'Modelo enviado.',
  'meta.templates.loadFailed': 'Não foi possível carregar os modelos da conta.',
} as const;
