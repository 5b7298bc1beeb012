import { ChakraProvider, createSystem, defaultBaseConfig, defineConfig, IconButton } from '@chakra-ui/react';
import * as theme from '@chakra-ui/react/theme';
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

/**
 * Chakra's default theme with only the recipes of the components the app renders: the full set (70 recipes) is about
 * 10 KiB gzip of the JavaScript every screen loads. A component whose recipe is missing renders unstyled, so a
 * screen that starts using another Chakra component adds its recipe here (the built bundle names each one a
 * component asks for: `grep -o 'key:\`[a-zA-Z]*\`' ui/dist/assets/*.js`).
 */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: theme.cssVarsPrefix,
  cssVarsRoot: theme.cssVarsRoot,
  globalCss: theme.globalCss,
  theme: {
    breakpoints: theme.breakpoints,
    keyframes: theme.keyframes,
    tokens: theme.tokens,
    semanticTokens: theme.semanticTokens,
    textStyles: theme.textStyles,
    layerStyles: theme.layerStyles,
    animationStyles: theme.animationStyles,
    recipes: {
      badge: theme.badgeRecipe,
      button: theme.buttonRecipe,
      code: theme.codeRecipe,
      heading: theme.headingRecipe,
      input: theme.inputRecipe,
      inputAddon: theme.inputAddonRecipe,
      link: theme.linkRecipe,
      separator: theme.separatorRecipe,
      skeleton: theme.skeletonRecipe,
      spinner: theme.spinnerRecipe,
      textarea: theme.textareaRecipe,
      icon: theme.iconRecipe,
      checkmark: theme.checkmarkRecipe,
      radiomark: theme.radiomarkRecipe,
    },
    slotRecipes: {
      alert: theme.alertSlotRecipe,
      avatar: theme.avatarSlotRecipe,
      card: theme.cardSlotRecipe,
      checkbox: theme.checkboxSlotRecipe,
      dataList: theme.dataListSlotRecipe,
      dialog: theme.dialogSlotRecipe,
      drawer: theme.drawerSlotRecipe,
      emptyState: theme.emptyStateSlotRecipe,
      field: theme.fieldSlotRecipe,
      fileUpload: theme.fileUploadSlotRecipe,
      list: theme.listSlotRecipe,
      menu: theme.menuSlotRecipe,
      nativeSelect: theme.nativeSelectSlotRecipe,
      popover: theme.popoverSlotRecipe,
      progress: theme.progressSlotRecipe,
      radioCard: theme.radioCardSlotRecipe,
      slider: theme.sliderSlotRecipe,
      stat: theme.statSlotRecipe,
      status: theme.statusSlotRecipe,
      switch: theme.switchSlotRecipe,
      table: theme.tableSlotRecipe,
      tabs: theme.tabsSlotRecipe,
      toast: theme.toastSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, config);

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
