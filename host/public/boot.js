// Starts the module named by this script's data-entry attribute through SystemJS. A file, not an inline
// script, so the content security policy needs no 'unsafe-inline' for scripts. The loader is async (it
// need not wait for the stylesheet), so it may run before the body is parsed: the entry starts once it is.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function start() {
    System.import(entry).catch(function (error) {
      var box = document.createElement('pre');
      box.setAttribute('data-testid', 'boot-error');
      box.style.cssText = 'margin:2rem;color:#b91c1c;white-space:pre-wrap';
      box.textContent =
        'Bastion Console failed to start: ' + (error && error.message ? error.message : String(error));
      document.body.appendChild(box);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
