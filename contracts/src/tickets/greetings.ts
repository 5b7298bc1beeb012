/**
 * What the attendant says, in the company's conversation, when they accept a ticket (setting
 * sendGreetingAccepted). The product's own wording, sent to the contact as it is: it is content of
 * the conversation, not interface text, so it is not translated per viewer.
 */
export const acceptGreeting = (contactName: string, userName: string): string =>
  `Olá *${contactName}*, meu nome é *${userName}* e agora vou prosseguir com seu atendimento!`;
