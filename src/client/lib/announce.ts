// Words for screen readers only, said politely (issue 20, item 6: a shortcut that acts says what it
// did). The region is on the page from the first paint (components/ui/toast-host.tsx): one added
// together with its text is often not read out.

export const ANNOUNCER_ID = 'app-announcer';

export function announce(text: string): void {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  // Emptied first, so the same words said twice are read twice.
  region.textContent = '';
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}
