// Loaded by index.html in <head>, before the first paint and before the app's modules: it puts
// the theme's class on <html> so that a dark page never flashes light (issue 12, decision 023). A
// file, not an inline script, because the Content-Security-Policy allows scripts from this server
// only (decision 014). src/web/lib/theme.ts keeps the same storage key and rules.
(function () {
  var theme = 'system';
  try {
    var stored = localStorage.getItem('esop.theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch (_error) {
    // Storage may be off (private windows, policies): the system's scheme then.
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' &&
      typeof matchMedia === 'function' &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.setAttribute('data-theme', theme);
})();
