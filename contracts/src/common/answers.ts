/** What a DELETE answers when it says more than 204: the sentence the spec gives ("Queue deleted"). */
export interface DeletedAnswer {
  message: string;
}

/** How many tickets a bulk close closed (POST /tickets/closeAll, the imported tickets' close). */
export interface ClosedCount {
  closed: number;
}

/** How many connection sessions POST /whatsapp-restart restarted. */
export interface RestartedCount {
  restarted: number;
}
