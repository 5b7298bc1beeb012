import { createContext, useContext } from 'react';
import type { AppRoute } from './access';

/** After login the user goes to /tickets; a build without that screen lands on the home page. */
export const afterLoginPathOf = (routes: readonly AppRoute[]): string => (routes.some((route) => route.path.startsWith('/tickets')) ? '/tickets' : '/');

/**
 * The landing path, provided by the shell that assembles the route registry: the login screen reads it
 * here instead of importing the registry (which imports the login screen).
 */
export const AfterLoginPath = createContext('/');

export const useAfterLoginPath = () => useContext(AfterLoginPath);
