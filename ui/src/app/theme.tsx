import { ChakraProvider, createSystem, defaultConfig, defineConfig, IconButton } from '@chakra-ui/react';
import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useT } from '../i18n';
import { storageKeys } from './storage';

/** Blue is the primary colour (spec 3, theme): every component picks it up through the global colour palette. */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'blue' },
    'html, body, #root': { height: '100%' },
    body: { bg: 'bg.subtle' },
  },
  theme: {
    tokens: {
      sizes: { drawer: { value: '276px' }, rail: { value: '64px' } },
    },
  },
});

export const system = createSystem(defaultConfig, config);

/** Light/dark via next-themes as Chakra v3 recommends; the choice persists as `preferredTheme`, default follows the system. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider attribute="class" disableTransitionOnChange storageKey={storageKeys.preferredTheme} defaultTheme="system" enableSystem>
        {children}
      </ThemeProvider>
    </ChakraProvider>
  );
}

export function useColorMode() {
  const { resolvedTheme, setTheme } = useTheme();
  const mode: 'light' | 'dark' = resolvedTheme === 'dark' ? 'dark' : 'light';
  return { mode, toggle: () => setTheme(mode === 'dark' ? 'light' : 'dark') };
}

export function ThemeToggle() {
  const t = useT();
  const { mode, toggle } = useColorMode();
  const label = mode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <IconButton aria-label={label} title={label} variant="ghost" onClick={toggle} data-testid="theme-toggle" data-mode={mode}>
      {mode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
