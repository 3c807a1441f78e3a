// Applies the saved theme before the first paint, so a dark page never flashes white. The rule is
// src/client/theme/theme.ts's resolveTheme (its test runs this file against it); keep the two in step.
(function () {
  var choice = 'system';
  try {
    choice = localStorage.getItem('parallax-theme') || 'system';
  } catch {
    // Storage blocked: the system's choice applies.
  }
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
