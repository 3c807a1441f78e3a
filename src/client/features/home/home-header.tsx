import { Bot, PanelLeft } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Logo } from '../../components/layout/logo';
import { Button, buttonVariants } from '../../components/ui/button';
import { SIDEBAR_ID } from './sidebar';

/**
 * The question bar. Wide main areas: one row (toggle, logo, question, badge and switch). Narrower:
 * the question gets a row of its own, and below 768 px the badge and switch another, with the
 * AI Models button on the first row.
 */
export function HomeHeader({
  sidebarOpen,
  onToggleSidebar,
  toggleRef,
  question,
  controls,
  onOpenModels,
  selectedCount,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  question: ReactNode;
  /** The free-questions badge and the highlight switch. */
  controls: ReactNode;
  /** Narrow screens only: opens the model picker. */
  onOpenModels?: () => void;
  selectedCount: number;
}) {
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b bg-card px-3 py-2 sm:px-4">
      <button
        ref={toggleRef}
        type="button"
        className={`${buttonVariants({ variant: 'ghost', size: 'icon' })} order-1`}
        aria-label="Toggle sidebar"
        aria-expanded={sidebarOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onToggleSidebar}
      >
        <PanelLeft aria-hidden />
      </button>
      {/* The sidebar carries the logo; without it the header does. */}
      {!sidebarOpen && (
        <div className="order-2">
          <Logo />
        </div>
      )}
      {onOpenModels && (
        <Button variant="outline" size="sm" className="order-3 ml-auto" onClick={onOpenModels}>
          <Bot aria-hidden />
          AI Models
          <span className="rounded-full bg-secondary px-1.5 text-xs text-secondary-foreground">{selectedCount}</span>
        </Button>
      )}
      <div className="order-5 flex basis-full items-center justify-between gap-3 md:order-3 md:ml-auto md:basis-auto md:justify-end lg:order-5 lg:ml-0">
        {controls}
      </div>
      <div className="order-4 min-w-0 basis-full lg:flex-1 lg:basis-0">{question}</div>
    </header>
  );
}
