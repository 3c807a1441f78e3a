import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { shortcuts } from './keyboard-shortcuts';

/** The list `?` opens: every shortcut of the workspace, from the one list keyboard-shortcuts.ts matches. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>They work anywhere on the page except while you type in a field.</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm">
          {Object.values(shortcuts).map((shortcut) => (
            <div key={shortcut.action} className="flex items-center justify-between gap-4 rounded-md border px-3 py-2">
              <dt>{shortcut.action}</dt>
              <dd className="flex shrink-0 gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground shadow-sm"
                  >
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
