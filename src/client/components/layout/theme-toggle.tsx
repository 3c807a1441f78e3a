import { Monitor, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTheme, type ThemeChoice } from '../../theme/theme';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

const labels: Record<ThemeChoice, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const icons = { light: Sun, dark: Moon, system: Monitor } as const;
const next: Record<ThemeChoice, ThemeChoice> = { light: 'dark', dark: 'system', system: 'light' };

/**
 * One button in each header that steps through Light, Dark and System (the default). A button rather than a
 * menu keeps a popover library out of the home page's first load (docs/performance.md, "Home page weight").
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { choice, theme, choose } = useTheme();
  // Said once the user has switched, not on every page load.
  const [announcement, setAnnouncement] = useState('');
  const Icon = icons[choice];
  const describe = (c: ThemeChoice) =>
    c === 'system' ? `System (${theme === 'dark' ? 'dark' : 'light'} now)` : labels[c];

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-9 shrink-0', className)}
        aria-label={`Theme: ${describe(choice)}. Switch to ${labels[next[choice]]}`}
        title={`Theme: ${labels[choice]}`}
        onClick={() => {
          const chosen = next[choice];
          choose(chosen);
          setAnnouncement(`Theme: ${labels[chosen]}`);
        }}
      >
        <Icon aria-hidden />
      </Button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
