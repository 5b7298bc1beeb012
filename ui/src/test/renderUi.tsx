import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { system } from '../app/theme';
import { I18nProvider } from '../i18n';

function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <I18nProvider language="pt-BR">{children}</I18nProvider>
    </ChakraProvider>
  );
}

/** Renders one component with the theme and the pt-BR texts, without the store, router or socket (rerender keeps them). */
export const renderUi = (element: ReactElement) => render(element, { wrapper: Providers });
