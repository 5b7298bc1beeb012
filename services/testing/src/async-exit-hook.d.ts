declare module 'async-exit-hook' {
  /** Registers a hook run when the process exits; `done` ends an asynchronous one. */
  interface ExitHook {
    (hook: (done: () => void) => void): void;
    /** Stops listening to an event (e.g. 'beforeExit') that would run the hooks and end the process. */
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
