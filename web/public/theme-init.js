(function () {
  var theme = 'light';
  try {
    var stored = window.localStorage.getItem('cofound-theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
  } catch {
    // Storage can be blocked: the default theme applies.
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
  var pressed = (window.cofoundEarlyPresses = []);
  document.addEventListener(
    'click',
    function (event) {
      var button = event.target instanceof Element && event.target.closest('#prerendered button');
      if (button) pressed.push(button);
    },
    true,
  );
})();
