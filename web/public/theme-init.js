// Applies the stored theme before the first paint so the page never flashes the wrong theme.
// A classic external script on purpose: the server's Content-Security-Policy forbids inline scripts.
// Keep the key and values in step with web/app/providers/theme-provider.tsx.
(function () {
  var theme = 'light';
  try {
    var stored = window.localStorage.getItem('cofound-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {
    // Storage can be blocked (privacy settings); the default theme applies.
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
