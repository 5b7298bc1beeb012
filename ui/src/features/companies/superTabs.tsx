import { HStack, Spinner, Tabs } from '@chakra-ui/react';
import { Suspense } from 'react';
import { lazy } from '../../i18n/lazy';
import type { MessageKey } from '../../i18n';

const CompaniesManager = lazy(() => import('./CompaniesManager').then((module) => ({ default: module.CompaniesManager })));
const PlansManager = lazy(() => import('../plans/PlansManager').then((module) => ({ default: module.PlansManager })));
const HelpsManager = lazy(() => import('../helps/HelpsManager').then((module) => ({ default: module.HelpsManager })));

/** The settings tabs only super users see, after options and opening hours. */
export const superSettingsTabs = [
  { value: 'companies', labelKey: 'settings.tab.companies', Manager: CompaniesManager },
  { value: 'plans', labelKey: 'settings.tab.plans', Manager: PlansManager },
  { value: 'helps', labelKey: 'settings.tab.helps', Manager: HelpsManager },
] as const satisfies readonly { value: string; labelKey: MessageKey; Manager: unknown }[];

export type SuperSettingsTab = (typeof superSettingsTabs)[number]['value'];

/**
 * The super tabs' panels. A manager mounts only while its tab is open, so a settings visit does not
 * load every company, plan and help entry of the platform.
 */
export function SuperSettingsPanels({ active }: { active: string }) {
  return superSettingsTabs.map(({ value, Manager }) => (
    <Tabs.Content key={value} value={value} data-testid={`settings-panel-${value}`}>
      {active === value && (
        <Suspense
          fallback={
            <HStack justify="center" py="10">
              <Spinner />
            </HStack>
          }
        >
          <Manager />
        </Suspense>
      )}
    </Tabs.Content>
  ));
}
