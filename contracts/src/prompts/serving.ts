/**
 * The prompt that serves a ticket's AI help: the ticket's own prompt, else the newest prompt of its queue;
 * none otherwise (the composer hides its AI help, the API answers ERR_NO_PROMPT_FOR_TICKET). Shared by
 * both so the menu is offered exactly where the request can work.
 */
export function servingPromptId(
  ticket: { promptId: number | null; queueId: number | null },
  prompts: ReadonlyArray<{ id: number; queueId: number | null }>,
): number | null {
  if (ticket.promptId !== null && prompts.some((prompt) => prompt.id === ticket.promptId)) return ticket.promptId;
  if (ticket.queueId === null) return null;
  let newest: number | null = null;
  for (const prompt of prompts) if (prompt.queueId === ticket.queueId && (newest === null || prompt.id > newest)) newest = prompt.id;
  return newest;
}
