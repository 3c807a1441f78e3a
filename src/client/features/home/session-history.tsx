import { History } from 'lucide-react';
import { SidebarSection } from './sidebar';

export function SessionHistory() {
  return (
    <SidebarSection title="Session History">
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
        <History className="size-5" aria-hidden />
        <p>No questions yet</p>
      </div>
    </SidebarSection>
  );
}
