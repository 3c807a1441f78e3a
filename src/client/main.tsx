import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ToastHost } from './components/ui/toast-host';
import { createQueryClient } from './lib/query-client';
import { AppRoutes } from './routes';
import { applyTheme } from './theme/theme';
import './styles.css';

// public/theme-init.js has done this before the first paint; again here in case that file did not load.
applyTheme();
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* Tooltips appear only inside answers, whose Markdown brings its own provider (and the
          documented delay), so the tooltip code loads with the answers, not with the page. */}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastHost />
    </QueryClientProvider>
  </StrictMode>,
);
