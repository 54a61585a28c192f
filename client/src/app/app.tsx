import { settingRowQueryOptions } from '../features/settings/api/get-setting-row';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { AppRouter } from './router';

const queryClient = createQueryClient();
// Every page's header needs the settings: ask for them before React renders, in parallel with page chunks.
void queryClient.prefetchQuery(settingRowQueryOptions());

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  );
}
