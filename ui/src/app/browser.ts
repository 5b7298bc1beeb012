/** Page reload behind a module boundary, so tests can observe it (jsdom's location.reload cannot be spied on). */
export const reloadPage = (): void => window.location.reload();
