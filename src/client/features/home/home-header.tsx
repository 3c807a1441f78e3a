import { Bot } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Logo } from '../../components/layout/logo';
import { ThemeToggle } from '../../components/layout/theme-toggle';
import { Button } from '../../components/ui/button';
import { SidebarToggle } from './workspace';

/**
 * The question bar, in the same order on screen as in the document at every width. From 1024 px one
 * row: toggle, logo, question, switch and badge. From 768 px the switch and badge go to a short row
 * under the question. On phones the AI Models button joins the first row and the question box starts
 * one line tall, growing as the question does (question-form.tsx), so the header stays compact
 * (issue 16, item 5).
 */
export function HomeHeader({
  sidebarOpen,
  onToggleSidebar,
  toggleRef,
  question,
  badge,
  highlight,
  onOpenModels,
  selectedCount,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
  question: ReactNode;
  /** The free-questions badge: the one place the trial's count is shown (the trial gate leaves it out). */
  badge: ReactNode;
  /** The Highlight Differences switch. */
  highlight: ReactNode;
  /** Narrow screens only: opens the model picker. */
  onOpenModels?: () => void;
  selectedCount: number;
}) {
  return (
    <header className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1.5 sm:gap-x-3 border-b bg-card px-3 py-1.5 sm:px-4 md:py-2">
      <SidebarToggle open={sidebarOpen} onToggle={onToggleSidebar} toggleRef={toggleRef} className="size-9" />
      {/* The sidebar carries the logo; without it the header does. */}
      {!sidebarOpen && <Logo />}
      {/* On phones the row under the question has no room for the theme switch: it ends this row. */}
      <div className="ml-auto flex items-center gap-1 md:hidden">
        {onOpenModels && (
          <Button variant="outline" size="sm" onClick={onOpenModels}>
            <Bot aria-hidden />
            AI Models
            <span className="rounded-full bg-secondary px-1.5 text-xs text-secondary-foreground">{selectedCount}</span>
          </Button>
        )}
        <ThemeToggle className="size-7" />
      </div>
      <div className="min-w-0 basis-full md:flex-1 md:basis-0">{question}</div>
      <div className="flex min-h-6 basis-full items-center justify-between gap-3 lg:basis-auto lg:justify-end">
        {highlight}
        <div className="flex items-center gap-1">
          {badge}
          {/* 28 px to press, 24 px in the row, so the phone header keeps its height (e2e/phone-header.spec.ts). */}
          <ThemeToggle className="-my-0.5 hidden size-7 md:inline-flex" />
        </div>
      </div>
    </header>
  );
}
