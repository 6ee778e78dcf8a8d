import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PrimeReactProvider } from 'primereact/api';
import { I18n, ServiceLocatorContext, type ServiceLocator } from '@bastion/sdk';

/** The providers every console tree sits under: services, translations, PrimeReact. */
export function HostProviders({ locator, children }: { locator: ServiceLocator; children: ReactNode }) {
  return (
    <ServiceLocatorContext.Provider value={locator}>
      <I18nextProvider i18n={locator.get(I18n).instance} defaultNS="host">
        <PrimeReactProvider>{children}</PrimeReactProvider>
      </I18nextProvider>
    </ServiceLocatorContext.Provider>
  );
}
